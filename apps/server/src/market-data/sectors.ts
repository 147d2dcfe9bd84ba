import type { AppLanguage } from '@coinlens/contract';

import { SECTORS } from './providers/simulator/catalog/catalog-types.js';

/**
 * The concept/sector taxonomy every provider maps coins into (ids like `layer-1`, `defi`, `meme`), with names
 * in the three languages. It lives with the simulator's authored catalogue; providers share it.
 */
const NAMES = new Map<string, { en: string; vi: string; 'zh-Hans': string }>(
  SECTORS.map((sector) => [sector.id, sector.names]),
);

export function sectorName(id: string, language: AppLanguage): string {
  return NAMES.get(id)?.[language] ?? id;
}

export function isKnownSector(id: string): boolean {
  return NAMES.has(id);
}

export const SECTOR_IDS: readonly string[] = SECTORS.map((sector) => sector.id);

/** Every sector with its names in the three languages (search indexes them). */
export const SECTORS_WITH_NAMES: readonly {
  id: string;
  names: { en: string; vi: string; 'zh-Hans': string };
}[] = SECTORS;

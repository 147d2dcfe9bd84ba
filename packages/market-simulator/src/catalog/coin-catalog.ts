/** The simulator's authored coin catalogue: every group file of `catalog/coins/` combined, with an index by id. */
import { z } from 'zod';
import { loadCatalogFile } from './catalog-file.js';
import type { CoinFacts } from './catalog-schema.js';
import { coinFacts } from './catalog-schema.js';

/** In catalogue order. */
const GROUPS = [
  'majors',
  'stable-exchange',
  'layer1',
  'scaling',
  'infrastructure',
  'defi',
  'staked-wrapped',
  'ai-rwa-privacy',
  'meme-gaming',
] as const;

const coinGroup = z.array(coinFacts);

/** Every coin, with its authored market history where one is known. */
export const COIN_CATALOG: readonly CoinFacts[] = GROUPS.flatMap((group) =>
  loadCatalogFile(`coins/${group}.json`, coinGroup),
);

export const COIN_BY_ID: ReadonlyMap<string, CoinFacts> = new Map(
  COIN_CATALOG.map((coin) => [coin.id, coin]),
);

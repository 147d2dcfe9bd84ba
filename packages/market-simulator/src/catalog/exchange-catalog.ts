/**
 * The simulator's authored exchange catalogue (`catalog/exchanges.json`): real centralised exchanges and DEXes
 * with their 2025 facts. Volumes, reserves, traffic and coin counts are rough levels to anchor the simulation,
 * not live figures.
 */
import { z } from 'zod';
import { loadCatalogFile } from './catalog-file.js';
import type { ExchangeFacts } from './catalog-schema.js';
import { exchangeFacts } from './catalog-schema.js';

export const EXCHANGE_CATALOG: readonly ExchangeFacts[] = loadCatalogFile(
  'exchanges.json',
  z.array(exchangeFacts),
);

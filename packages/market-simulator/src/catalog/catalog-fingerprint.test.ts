import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { COIN_CATALOG } from './coin-catalog.js';
import { EXCHANGE_CATALOG } from './exchange-catalog.js';

/**
 * Fingerprints of the catalogue as it was authored in TypeScript, taken just before it became data files (321
 * coins, 10 of them with a market history, and 66 exchanges). A change to the data changes them: update them
 * in the same commit as a deliberate edit of the catalogue, never to make a failing load pass.
 */
const CANONICAL_SHA256 = '5f4beb2ee66b5450ec7deeccd43831eabe28b7db8620a1021bd5bbd70430dd0c';
/** The same, key order included: profiles carry the catalogue's key order (links, names) to clients. */
const AUTHORED_ORDER_SHA256 = 'f42144cf43e0e588dd09448728657d5c461d12f5920a568ef50653b95b7a141b';

/** Objects with their keys sorted, recursively: a serialisation that ignores key order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tables = { coins: COIN_CATALOG, exchanges: EXCHANGE_CATALOG };

describe('the catalogue loaded from its data files', () => {
  it('equals the catalogue authored in TypeScript, value for value', () => {
    expect(sha256(JSON.stringify(sortedKeys(tables)))).toBe(CANONICAL_SHA256);
  });

  it('keeps the authored key order', () => {
    expect(sha256(JSON.stringify(tables))).toBe(AUTHORED_ORDER_SHA256);
  });
});

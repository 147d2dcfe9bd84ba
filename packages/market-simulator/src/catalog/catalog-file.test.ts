import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { CatalogFileError, parseCatalogFile } from './catalog-file.js';
import { exchangeFacts } from './catalog-schema.js';
import { EXCHANGE_CATALOG } from './exchange-catalog.js';

const exchanges = z.array(exchangeFacts);
const valid = EXCHANGE_CATALOG.slice(0, 3);

function failure(text: string): string {
  try {
    parseCatalogFile('exchanges.json', text, exchanges);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('catalogue files', () => {
  it('load when they match their schema, keeping the file’s key order', () => {
    const text = JSON.stringify(valid);
    const loaded = parseCatalogFile('exchanges.json', text, exchanges);
    expect(JSON.stringify(loaded)).toBe(text);
  });

  it('name the file and the path of a bad field', () => {
    const bad = valid.map((venue, index) =>
      index === 2 ? { ...venue, fees: { ...venue.fees, takerPercent: 'high' } } : venue,
    );
    expect(failure(JSON.stringify(bad))).toMatch(
      /^simulator catalogue exchanges\.json: \[2\]\.fees\.takerPercent: /,
    );
  });

  it('reject a field the schema does not know', () => {
    const bad = [{ ...valid[0], kycc: 'none' }];
    expect(failure(JSON.stringify(bad))).toMatch(/^simulator catalogue exchanges\.json: \[0\]: .*kycc/);
  });

  it('name the file when it is not JSON', () => {
    expect(failure('[{"id": "binance",')).toMatch(/^simulator catalogue exchanges\.json: /);
  });
});

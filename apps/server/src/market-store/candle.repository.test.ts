import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/support/test-databases.js';
import type { Database } from '../db/schema.js';
import { CandleRepository } from './candle.repository.js';

const NOW = Date.UTC(2026, 10, 20);

function candlesBefore(end: number, resolution: Resolution, count: number, close: number): Candle[] {
  const step = RESOLUTION_MS[resolution];
  return Array.from({ length: count }, (_, index) => ({
    time: end - (count - index) * step,
    open: close,
    high: close,
    low: close,
    close: close + index,
    volume: 1,
    amount: close,
  }));
}

describe.each(TEST_DIALECTS)('CandleRepository on %s', (dialect) => {
  let database: TestDatabase;
  let candles: CandleRepository;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    candles = new CandleRepository(database.handle.db);
    // Ids that sort between each other by byte and by locale alike; "c-only-daily" has no minute candles.
    await candles.upsert('bitcoin', '1m', candlesBefore(NOW, '1m', 30, 100));
    await candles.upsert('bitcoin', '1d', candlesBefore(NOW, '1d', 10, 100));
    await candles.upsert('c-only-daily', '1d', candlesBefore(NOW - 3 * RESOLUTION_MS['1d'], '1d', 5, 7));
    await candles.upsert('ethereum', '1m', candlesBefore(NOW - 5 * RESOLUTION_MS['1m'], '1m', 12, 50));
  });

  afterAll(() => database.dispose());

  it('lists each stored coin once, in id order', async () => {
    expect(await candles.storedCoinIds()).toEqual(['bitcoin', 'c-only-daily', 'ethereum']);
  });

  it('finds the newest open time of each coin at one resolution, leaving out coins without any', async () => {
    expect(await candles.latestTimes('1m')).toEqual(
      new Map([
        ['bitcoin', NOW - RESOLUTION_MS['1m']],
        ['ethereum', NOW - 6 * RESOLUTION_MS['1m']],
      ]),
    );
    expect(await candles.latestTimes('1d')).toEqual(
      new Map([
        ['bitcoin', NOW - RESOLUTION_MS['1d']],
        ['c-only-daily', NOW - 4 * RESOLUTION_MS['1d']],
      ]),
    );
    expect(await candles.latestTimes('5m')).toEqual(new Map());
  });

  it('deletes only the named coin and resolution before the time', async () => {
    const cut = NOW - 10 * RESOLUTION_MS['1m'];
    const before = candles.version;
    expect(await candles.deleteOlderThan('bitcoin', '1m', cut)).toBe(20);
    expect(candles.version).toBe(before + 1);
    const left = await candles.range('bitcoin', '1m', 0, NOW);
    expect(left.map((candle) => candle.time)).toEqual(
      Array.from({ length: 10 }, (_, index) => cut + index * RESOLUTION_MS['1m']),
    );
    expect(await candles.range('ethereum', '1m', 0, NOW)).toHaveLength(12);
    expect(await candles.range('bitcoin', '1d', 0, NOW)).toHaveLength(10);
  });
});

describe('CandleRepository on SQLite, its query plans', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const candles = new CandleRepository(database.handle.db);
    for (const coinId of ['bitcoin', 'ethereum', 'tether'])
      await candles.upsert(coinId, '1m', candlesBefore(NOW, '1m', 30, 100));
  });

  afterAll(() => database.dispose());

  it('reads and deletes along the primary key, never scanning the candles', async () => {
    const sqlite = new SqliteDatabase(path.join(database.env.DATA_DIR, 'coinlens.sqlite'));
    const queries: CompiledQuery[] = [];
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query') queries.push(event.query);
      },
    });
    try {
      const repository = new CandleRepository(logged);
      await repository.latestTimes('1m');
      await repository.storedCoinIds();
      await repository.deleteOlderThan('ethereum', '1m', 0);
      expect(queries).toHaveLength(3);
      for (const query of queries) {
        const plan = sqlite
          .prepare<unknown[], { detail: string }>(`explain query plan ${query.sql}`)
          .all(...query.parameters);
        const onCandles = plan.map((step) => step.detail).filter((detail) => / candles /.test(`${detail} `));
        expect(onCandles.length).toBeGreaterThan(0);
        // A SEARCH is a lookup in the key (the min() of its first entry has no range to print); a SCAN reads it all.
        expect(
          onCandles.filter(
            (detail) => !/^SEARCH candles USING (COVERING )?INDEX sqlite_autoindex_candles_1\b/.test(detail),
          ),
        ).toEqual([]);
      }
    } finally {
      await logged.destroy();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';
import {
  createTestDatabase,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import { CandleRepository } from '../../market-store/candle.repository.js';
import { CANDLE_RETENTION_MS } from '../../market-store/candle-rollup.js';
import { RetentionJob } from './retention-job.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const RESOLUTIONS = ['1m', '5m', '1h', '1d'] as const;

/** One candle just past the resolution's retention (or a year old without one) and one just inside it. */
function edgeCandles(resolution: Resolution): Candle[] {
  const keep = CANDLE_RETENTION_MS[resolution] ?? 365 * RESOLUTION_MS['1d'];
  return [NOW - keep - RESOLUTION_MS[resolution], NOW - keep + RESOLUTION_MS[resolution]].map((time) => ({
    time,
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    volume: 1,
    amount: 1,
  }));
}

describe.each(TEST_DIALECTS)('RetentionJob on %s', (dialect) => {
  let database: TestDatabase;
  let candles: CandleRepository;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    candles = new CandleRepository(database.handle.db);
    for (const coinId of ['bitcoin', 'ethereum', 'tether'])
      for (const resolution of RESOLUTIONS) await candles.upsert(coinId, resolution, edgeCandles(resolution));
  });

  afterAll(() => database.dispose());

  it('deletes every coin’s candles past their resolution’s retention and nothing else', async () => {
    await new RetentionJob(candles, () => NOW).run();
    for (const coinId of ['bitcoin', 'ethereum', 'tether']) {
      for (const resolution of RESOLUTIONS) {
        const [old, recent] = edgeCandles(resolution);
        const left = (await candles.range(coinId, resolution, 0, NOW)).map((candle) => candle.time);
        expect(left, `${coinId} ${resolution}`).toEqual(
          CANDLE_RETENTION_MS[resolution] === null ? [old!.time, recent!.time] : [recent!.time],
        );
      }
    }
  });

  it('stops between coins once its time is up', async () => {
    const controller = new AbortController();
    controller.abort(new Error('timed out'));
    await expect(new RetentionJob(candles, () => NOW).run(controller.signal)).rejects.toThrow('timed out');
  });
});

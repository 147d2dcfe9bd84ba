import { beforeEach, describe, expect, it } from 'vitest';

import type { Candle, CandleQuery, Resolution } from '@coinlens/market-model';
import { NotFoundError, RateLimitedError, RESOLUTION_MS, UnavailableError } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { HistoryCache } from '../history-cache.js';
import { CandlesJob } from './candles-job.js';
import { coinProfile, marketOf, NOW, running, ScriptedSource } from './jobs.test-support.js';

const MINUTE = RESOLUTION_MS['1m'];
/** Half a minute past NOW: the minute that opened at NOW is not closed yet. */
const CLOCK = NOW + 30_000;
const WINDOW_MS = 60 * MINUTE;

/** A minute candle whose high tells which minute it was (minutes before NOW), one unit traded at 10. */
function minute(time: number): Candle {
  return { time, open: 10, high: 10 + (NOW - time) / MINUTE, low: 9, close: 10, volume: 1, amount: 10 };
}

/** Every closed minute asked for. */
function minutesOf(query: CandleQuery): Candle[] {
  const candles: Candle[] = [];
  for (let time = query.from; time < query.to; time += MINUTE) candles.push(minute(time));
  return candles;
}

/**
 * The candle store's contract, in memory: one candle per coin, resolution and open time, the later write winning;
 * ranges `from ≤ time < to`, oldest first. (A real database costs this file seconds of set-up per dialect.)
 */
class MemoryCandles implements Pick<CandleRepository, 'upsert' | 'range' | 'latestTimes'> {
  private readonly series = new Map<string, Map<number, Candle>>();

  upsert(coinId: string, resolution: Resolution, candles: readonly Candle[]): Promise<void> {
    const key = `${coinId} ${resolution}`;
    const series = this.series.get(key) ?? new Map<number, Candle>();
    for (const candle of candles) series.set(candle.time, { ...candle });
    this.series.set(key, series);
    return Promise.resolve();
  }

  range(coinId: string, resolution: Resolution, from: number, to: number): Promise<Candle[]> {
    const series = [...(this.series.get(`${coinId} ${resolution}`)?.values() ?? [])];
    return Promise.resolve(
      series
        .filter((candle) => candle.time >= from && candle.time < to)
        .sort((a, b) => a.time - b.time)
        .map((candle) => ({ ...candle })),
    );
  }

  latestTimes(resolution: Resolution): Promise<Map<string, number>> {
    const latest = new Map<string, number>();
    for (const [key, series] of this.series) {
      const [coinId, at] = key.split(' ') as [string, Resolution];
      if (at === resolution && series.size > 0) latest.set(coinId, Math.max(...series.keys()));
    }
    return Promise.resolve(latest);
  }
}

describe('the candles job', () => {
  let candles: CandleRepository;

  beforeEach(() => {
    candles = new MemoryCandles() as unknown as CandleRepository;
  });

  /** Minute candles already stored for `coinId`, from `from` up to (not including) `to`. */
  const stored = (coinId: string, from: number, to: number) =>
    candles.upsert(coinId, '1m', minutesOf({ coinId, resolution: '1m', from, to }));

  /** A job over the coins, in order, reading minutes from a source with candles. */
  function candlesJob(coinIds: readonly string[]) {
    const source = new ScriptedSource(['candles']);
    source.script.candles = minutesOf;
    const history = new HistoryCache();
    const snapshot = marketOf(coinIds.map((id) => coinProfile(id)));
    const job = new CandlesJob(source, snapshot, candles, history, WINDOW_MS, () => CLOCK);
    return { source, history, job };
  }

  it('reads the closed minutes since the last stored one and rolls them into the buckets they touch', async () => {
    await stored('bitcoin', NOW - 5 * MINUTE, NOW - 2 * MINUTE);
    // Coarser candles already stored from the back-fill, earlier in the same hour and day.
    await candles.upsert('bitcoin', '5m', [{ ...minute(NOW - 10 * MINUTE), volume: 7, amount: 70 }]);
    await candles.upsert('bitcoin', '1h', [{ ...minute(NOW - 4 * 60 * MINUTE), volume: 100, amount: 1_000 }]);
    const { source, history, job } = candlesJob(['bitcoin']);
    await job.run(running());
    expect(source.asked).toEqual(['candles bitcoin']);
    const minutes = await candles.range('bitcoin', '1m', 0, CLOCK);
    expect(minutes.map((candle) => (NOW - candle.time) / MINUTE)).toEqual([5, 4, 3, 2, 1]);
    // The 11:55 bucket holds the three stored minutes and the two read now.
    const fiveMinutes = await candles.range('bitcoin', '5m', 0, CLOCK);
    expect(fiveMinutes.at(-1)).toEqual({
      time: NOW - 5 * MINUTE,
      open: 10,
      high: 15,
      low: 9,
      close: 10,
      volume: 5,
      amount: 50,
    });
    // Each coarser bucket from the one finer: the hour from its 5-minute candles, the day from its hours.
    const hours = await candles.range('bitcoin', '1h', 0, CLOCK);
    expect(hours.map((hour) => [hour.time, hour.volume])).toEqual([
      [NOW - 4 * 60 * MINUTE, 100],
      [NOW - 60 * MINUTE, 12],
    ]);
    const [day] = await candles.range('bitcoin', '1d', 0, CLOCK);
    expect(day).toMatchObject({ time: Date.UTC(2026, 10, 29), volume: 112 });
    expect(history.get('bitcoin').fiveMinute.toArray()).toEqual([fiveMinutes.at(-1)]);
    expect(history.get('bitcoin').daily.recent.toArray()).toEqual([day]);
  });

  it('leaves a coin with no stored minute to the back-fill, and reads at most the window after a long gap', async () => {
    await stored('bitcoin', NOW - 3 * 60 * MINUTE, NOW - 3 * 60 * MINUTE + MINUTE);
    const { source, job } = candlesJob(['ethereum', 'bitcoin']);
    await job.run(running());
    expect(source.asked).toEqual(['candles bitcoin']);
    expect(await candles.latestTimes('1m')).toEqual(new Map([['bitcoin', NOW - MINUTE]]));
    const minutes = await candles.range('bitcoin', '1m', NOW - WINDOW_MS - MINUTE, CLOCK);
    expect(minutes[0]?.time).toBe(NOW - WINDOW_MS);
  });

  it('asks nothing again within the minute it is up to date', async () => {
    await stored('bitcoin', NOW - 2 * MINUTE, NOW);
    const { source, job } = candlesJob(['bitcoin']);
    await job.run(running());
    expect(source.asked).toEqual([]);
  });

  it('stores no bucket for a coin whose source has no new minutes', async () => {
    await stored('bitcoin', NOW - 2 * MINUTE, NOW - MINUTE);
    const { source, job } = candlesJob(['bitcoin']);
    source.script.candles = () => [];
    await job.run(running());
    expect(await candles.latestTimes('5m')).toEqual(new Map());
  });

  it('asks nothing of a source without candles', async () => {
    await stored('bitcoin', NOW - 2 * MINUTE, NOW - MINUTE);
    const source = new ScriptedSource(['tickers']);
    const snapshot = marketOf([coinProfile('bitcoin')]);
    await new CandlesJob(source, snapshot, candles, new HistoryCache(), WINDOW_MS, () => CLOCK).run(
      running(),
    );
    expect(source.asked).toEqual([]);
    expect(await candles.latestTimes('5m')).toEqual(new Map());
  });

  it('costs a coin the source no longer knows (404) only itself', async () => {
    for (const id of ['delisted', 'bitcoin']) await stored(id, NOW - 3 * MINUTE, NOW - 2 * MINUTE);
    const { source, job } = candlesJob(['delisted', 'bitcoin']);
    source.failNext('candles', new NotFoundError('scripted', 'delisted'));
    await job.run(running());
    expect(await candles.latestTimes('1m')).toEqual(
      new Map([
        ['delisted', NOW - 3 * MINUTE],
        ['bitcoin', NOW - MINUTE],
      ]),
    );
  });

  it.each([
    ['a rate limit (429)', new RateLimitedError('scripted', 60_000)],
    ['an outage or timeout', new UnavailableError('scripted', 'timed out')],
  ])(
    'stops at %s, keeps what it read, and the next run catches up from what is stored',
    async (_, failure) => {
      for (const id of ['bitcoin', 'ethereum', 'solana'])
        await stored(id, NOW - 4 * MINUTE, NOW - 3 * MINUTE);
      const { source, job } = candlesJob(['bitcoin', 'ethereum', 'solana']);
      let failed = false;
      source.script.candles = (query) => {
        if (query.coinId !== 'ethereum' || failed) return minutesOf(query);
        failed = true;
        throw failure;
      };
      await expect(job.run(running())).rejects.toBe(failure);
      const latest = await candles.latestTimes('1m');
      expect([latest.get('bitcoin'), latest.get('ethereum'), latest.get('solana')]).toEqual([
        NOW - MINUTE,
        NOW - 4 * MINUTE,
        NOW - 4 * MINUTE,
      ]);
      source.asked.length = 0;
      await job.run(running());
      expect(source.asked).toEqual(['candles ethereum', 'candles solana']);
      expect(await candles.range('ethereum', '1m', NOW - 3 * MINUTE, CLOCK)).toHaveLength(3);
    },
  );

  it('stops once the run is aborted, asking for no further coin', async () => {
    for (const id of ['bitcoin', 'ethereum']) await stored(id, NOW - 3 * MINUTE, NOW - 2 * MINUTE);
    const { source, job } = candlesJob(['bitcoin', 'ethereum']);
    const stop = new AbortController();
    source.answering = () => stop.abort();
    await expect(job.run(stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(source.asked).toEqual(['candles bitcoin']);
    expect((await candles.latestTimes('1m')).get('ethereum')).toBe(NOW - 3 * MINUTE);
  });
});

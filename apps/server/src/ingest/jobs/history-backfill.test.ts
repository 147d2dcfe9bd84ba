import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import type { Candle, CandleQuery, CoinProfile, MarketDataProvider } from '@coinlens/market-model';
import {
  NotFoundError,
  PartialProvider,
  RateLimitedError,
  RESOLUTION_MS,
  UnavailableError,
} from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { HistoryCache } from '../history-cache.js';
import { HistoryBackfill } from './history-backfill.js';

const DAY = RESOLUTION_MS['1d'];
const NOW = Date.UTC(2026, 10, 29, 12, 0);

/** Daily candles from the later of the coin's first day and the plan's horizon; nothing finer. */
class DailySource extends PartialProvider implements MarketDataProvider {
  readonly name = 'daily';
  readonly capabilities = new Set(['candles'] as const);
  /** Per coin, the failures its next requests answer, in order. */
  readonly failures = new Map<string, Error[]>();

  constructor(
    private readonly firstDay: ReadonlyMap<string, number>,
    private readonly horizonDays: number | null,
  ) {
    super();
  }

  override getCandles(query: CandleQuery): Promise<Candle[]> {
    const failure = this.failures.get(query.coinId)?.shift();
    if (failure) return Promise.reject(failure);
    if (query.resolution !== '1d') return Promise.resolve([]);
    const starts = [query.from, this.firstDay.get(query.coinId) ?? 0];
    if (this.horizonDays !== null) starts.push(NOW - this.horizonDays * DAY);
    const candles: Candle[] = [];
    for (let time = Math.ceil(Math.max(...starts) / DAY) * DAY; time + DAY <= query.to; time += DAY)
      candles.push({ time, open: 1, high: 2, low: 0.5, close: 1, volume: 1, amount: 1 });
    return Promise.resolve(candles);
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(true);
  }

  historyHorizon(): number | null {
    return this.horizonDays === null ? null : NOW - this.horizonDays * DAY;
  }
}

const noStore = {
  latestTimes: () => Promise.resolve(new Map<string, number>()),
  range: () => Promise.resolve([]),
  upsert: () => Promise.resolve(),
} as unknown as CandleRepository;

const coin = (id: string, historySince?: number) =>
  ({ id, ...(historySince === undefined ? {} : { historySince }) }) as CoinProfile;

function backfillOver(source: DailySource, history: HistoryCache): HistoryBackfill {
  return new HistoryBackfill(
    source,
    noStore,
    history,
    pino({ level: 'silent' }),
    { '1m': 0, '5m': 0, '1h': 0, '1d': 5 * 365 * DAY },
    () => NOW,
  );
}

async function listings(source: DailySource, coins: CoinProfile[]): Promise<Map<string, number | null>> {
  const history = new HistoryCache();
  const backfill = backfillOver(source, history);
  expect(coins.every((profile) => !history.hasDeepHistory(profile.id))).toBe(true);
  await backfill.loadDeep(coins, AbortSignal.timeout(5_000));
  expect(coins.every((profile) => history.hasDeepHistory(profile.id))).toBe(true);
  return new Map(coins.map((profile) => [profile.id, history.listedAt(profile.id)]));
}

describe('the daily back-fill and the listing day', () => {
  it("takes no listing where the source's plan cuts the history off, and the first day where the coin began", async () => {
    const listedRecently = Date.UTC(2026, 5, 1);
    const found = await listings(new DailySource(new Map([['young', listedRecently]]), 365), [
      coin('old'),
      coin('young'),
    ]);
    // 365 days is where the public plan stops, not where Ethereum began.
    expect(found.get('old')).toBeNull();
    expect(found.get('young')).toBe(listedRecently);
  });

  it('takes no listing where the back-fill window cuts it off, and the provider-named first day', async () => {
    const since = Date.UTC(2013, 3, 28);
    const found = await listings(new DailySource(new Map([['named', since]]), null), [
      coin('windowed'),
      coin('named', since),
    ]);
    expect(found.get('windowed')).toBeNull();
    expect(found.get('named')).toBe(since);
  });

  it('costs a failing coin only itself: a rate limit waited out, a failure asked again, an unknown coin skipped', async () => {
    const source = new DailySource(new Map(), 365);
    source.failures.set('limited', [new RateLimitedError('daily', 10)]);
    source.failures.set('flaky', [new UnavailableError('daily', 'timed out')]);
    source.failures.set('ghost', [new NotFoundError('daily', 'ghost'), new NotFoundError('daily', 'ghost')]);
    const history = new HistoryCache();
    const ids = ['bitcoin', 'limited', 'flaky', 'ghost', 'ethereum'];
    await backfillOver(source, history).loadDeep(
      ids.map((id) => coin(id)),
      AbortSignal.timeout(5_000),
    );
    expect(ids.filter((id) => history.hasDeepHistory(id))).toEqual([
      'bitcoin',
      'limited',
      'flaky',
      'ethereum',
    ]);
    // A year back: the days before the recent window are folded into the first day and the extremes.
    expect(history.get('flaky').daily.firstDay!.time).toBeLessThan(NOW - 300 * DAY);
  });

  it('gives up when the source is down, not one coin missing', async () => {
    const source = new DailySource(new Map(), 365);
    const ids = Array.from({ length: 8 }, (_, index) => `coin${index}`);
    for (const id of ids) source.failures.set(id, [new UnavailableError('daily', 'down')]);
    await expect(
      backfillOver(source, new HistoryCache()).loadDeep(
        ids.map((id) => coin(id)),
        AbortSignal.timeout(5_000),
      ),
    ).rejects.toBeInstanceOf(UnavailableError);
  });
});

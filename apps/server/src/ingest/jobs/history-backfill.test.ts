import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import type { Candle, CandleQuery, CoinProfile, MarketDataProvider } from '@coinlens/market-model';
import { PartialProvider, RESOLUTION_MS } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { HistoryCache } from '../history-cache.js';
import { HistoryBackfill } from './history-backfill.js';

const DAY = RESOLUTION_MS['1d'];
const NOW = Date.UTC(2026, 10, 29, 12, 0);

/** Daily candles from the later of the coin's first day and the plan's horizon; nothing finer. */
class DailySource extends PartialProvider implements MarketDataProvider {
  readonly name = 'daily';
  readonly capabilities = new Set(['candles'] as const);

  constructor(
    private readonly firstDay: ReadonlyMap<string, number>,
    private readonly horizonDays: number | null,
  ) {
    super();
  }

  override getCandles(query: CandleQuery): Promise<Candle[]> {
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

async function listings(source: DailySource, coins: CoinProfile[]): Promise<Map<string, number | null>> {
  const history = new HistoryCache();
  const backfill = new HistoryBackfill(
    source,
    noStore,
    history,
    pino({ level: 'silent' }),
    { '1m': 0, '5m': 0, '1h': 0, '1d': 5 * 365 * DAY },
    () => NOW,
  );
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
});

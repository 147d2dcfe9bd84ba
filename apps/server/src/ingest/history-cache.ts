import { CandleSeries } from '../analytics/candle-series.js';
import { DailyHistory } from '../analytics/daily-history.js';
import type { CoinHistory } from '../analytics/coin-metrics.js';
import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';

/** How much history each in-memory series keeps: just what the derived fields and sparklines read. */
export const MEMORY_WINDOWS_MS: Readonly<Record<'5m' | '1h', number>> = {
  '5m': 26 * 3_600_000,
  '1h': 8 * 86_400_000,
};

/** What a coin without history reads: never written to. */
const NO_HISTORY: CoinHistory = {
  fiveMinute: new CandleSeries(),
  hourly: new CandleSeries(),
  daily: new DailyHistory(),
};

/**
 * The candle series the metrics of every coin are computed from, kept in memory (by column, see CandleSeries)
 * so list calls never query SQL.
 */
export class HistoryCache {
  private readonly series = new Map<string, CoinHistory>();
  /** Coins whose daily history has been back-filled, and whether it reaches back to their listing. */
  private readonly deepLoaded = new Map<string, { reachesListing: boolean }>();

  get(coinId: string): CoinHistory {
    return this.series.get(coinId) ?? NO_HISTORY;
  }

  add(coinId: string, resolution: Resolution, candles: readonly Candle[], now: number): void {
    if (resolution === '1m') return;
    let entry = this.series.get(coinId);
    if (!entry) {
      entry = { fiveMinute: new CandleSeries(), hourly: new CandleSeries(), daily: new DailyHistory() };
      this.series.set(coinId, entry);
    }
    switch (resolution) {
      case '5m':
        entry.fiveMinute.merge(candles);
        entry.fiveMinute.dropBefore(now - MEMORY_WINDOWS_MS['5m']);
        break;
      case '1h':
        entry.hourly.merge(candles);
        entry.hourly.dropBefore(now - MEMORY_WINDOWS_MS['1h']);
        break;
      case '1d':
        entry.daily.merge(candles, now);
        break;
    }
  }

  /**
   * Marks the coin's daily history as back-filled. `reachesListing`: its first candle is the coin's first day on
   * the market, not where the back-fill window or the source's plan stopped.
   */
  markDeepLoaded(coinId: string, reachesListing: boolean): void {
    this.deepLoaded.set(coinId, { reachesListing });
  }

  /** Whether the coin's daily history has been back-filled (until then its extremes are a few days' at most). */
  hasDeepHistory(coinId: string): boolean {
    return this.deepLoaded.has(coinId);
  }

  /** Open time of the first daily candle when that is the coin's listing day; null when history starts later. */
  listedAt(coinId: string): number | null {
    const first = this.get(coinId).daily.firstDay;
    return this.deepLoaded.get(coinId)?.reachesListing === true && first ? first.time : null;
  }

  static expectedCount(resolution: Resolution, from: number, to: number): number {
    return Math.floor((to - from) / RESOLUTION_MS[resolution]);
  }
}

import type { CoinHistory } from '../analytics/coin-metrics.js';
import type { Candle, Resolution } from '../market-data/market-model.js';
import { RESOLUTION_MS } from '../market-data/market-model.js';

/** How much history each in-memory series keeps: just what the derived fields and sparklines read. */
export const MEMORY_WINDOWS_MS: Readonly<Record<'5m' | '1h', number>> = {
  '5m': 26 * 3_600_000,
  '1h': 8 * 86_400_000,
};

/** Merges `incoming` into `existing` by open time (incoming wins), oldest first. */
export function mergeCandles(existing: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  if (incoming.length === 0) return [...existing];
  const byTime = new Map(existing.map((candle) => [candle.time, candle]));
  for (const candle of incoming) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The candle series the metrics of every coin are computed from, kept in memory so list calls never query SQL. */
export class HistoryCache {
  private readonly series = new Map<string, { fiveMinute: Candle[]; hourly: Candle[]; daily: Candle[] }>();

  get(coinId: string): CoinHistory {
    return this.series.get(coinId) ?? { fiveMinute: [], hourly: [], daily: [] };
  }

  add(coinId: string, resolution: Resolution, candles: readonly Candle[], now: number): void {
    const entry = this.series.get(coinId) ?? { fiveMinute: [], hourly: [], daily: [] };
    switch (resolution) {
      case '5m':
        entry.fiveMinute = mergeCandles(entry.fiveMinute, candles).filter(
          (candle) => candle.time >= now - MEMORY_WINDOWS_MS['5m'],
        );
        break;
      case '1h':
        entry.hourly = mergeCandles(entry.hourly, candles).filter(
          (candle) => candle.time >= now - MEMORY_WINDOWS_MS['1h'],
        );
        break;
      case '1d':
        entry.daily = mergeCandles(entry.daily, candles);
        break;
      case '1m':
        return;
    }
    this.series.set(coinId, entry);
  }

  private readonly closesByHistory = new WeakMap<readonly Candle[], Map<number, number>>();

  /** A coin's daily closes by open time (for correlations), rebuilt only when its daily history changes. */
  dailyCloses(coinId: string): ReadonlyMap<number, number> {
    const daily = this.get(coinId).daily;
    let closes = this.closesByHistory.get(daily);
    if (!closes) {
      closes = new Map(daily.map((candle) => [candle.time, candle.close]));
      this.closesByHistory.set(daily, closes);
    }
    return closes;
  }

  /** Open time of the first daily candle: when the coin's history starts. */
  listedAt(coinId: string): number | null {
    return this.get(coinId).daily[0]?.time ?? null;
  }

  static expectedCount(resolution: Resolution, from: number, to: number): number {
    return Math.floor((to - from) / RESOLUTION_MS[resolution]);
  }
}

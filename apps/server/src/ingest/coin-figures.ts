import type { CoinMetrics } from '../analytics/coin-metrics.js';
import { computeCoinMetrics } from '../analytics/coin-metrics.js';
import type { VenueTicker } from '@coinlens/market-model';
import type { CoinState } from '../market-store/market-snapshot.js';
import type { HistoryCache } from './history-cache.js';

/**
 * A coin's derived figures from its price, its healthy venues and its history. Quote-priced coins have no venues:
 * the 24 h volumes their source reports are kept here, so their metrics can be recomputed between ticks.
 */
export class CoinFigures {
  private readonly reportedVolumes = new Map<string, { base: number; usd: number }>();

  constructor(private readonly history: HistoryCache) {}

  reportVolume(coinId: string, volume: { base: number; usd: number }): void {
    this.reportedVolumes.set(coinId, volume);
  }

  /** Open time of the coin's first daily candle. */
  listedAt(coinId: string): number | null {
    return this.history.listedAt(coinId);
  }

  metricsOf(coin: CoinState, price: number, now: number, healthyVenues: readonly VenueTicker[]): CoinMetrics {
    const id = coin.profile.id;
    return computeCoinMetrics({
      now,
      price,
      profile: coin.profile,
      history: this.history.get(id),
      healthyVenues,
      reportedVolume: this.reportedVolumes.get(id) ?? null,
      btcDaily: id === 'bitcoin' ? null : this.history.get('bitcoin').daily,
    });
  }
}

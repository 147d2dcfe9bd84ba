import type { CoinMetrics, SourceRecord } from '../analytics/coin-metrics.js';
import { computeCoinMetrics } from '../analytics/coin-metrics.js';
import type { AggregateQuote, VenueTicker } from '@coinlens/market-model';
import type { CoinState } from '../market-store/market-snapshot.js';
import type { HistoryCache } from './history-cache.js';

/**
 * A coin's derived figures from its price, its healthy venues and its history. Quote-priced coins keep here what
 * their source reports beside the price — the 24 h volumes and the all-time records — so their metrics can be
 * recomputed between ticks.
 */
export class CoinFigures {
  private readonly reportedVolumes = new Map<string, { base: number; usd: number }>();
  private readonly records = new Map<string, SourceRecord>();

  constructor(private readonly history: HistoryCache) {}

  reportVolume(coinId: string, volume: { base: number; usd: number }): void {
    this.reportedVolumes.set(coinId, volume);
  }

  /** The source's own all-time high and low with their dates, when it publishes them. */
  reportRecord(quote: AggregateQuote): void {
    const ath = dated(quote.athUsd, quote.athAt);
    const atl = dated(quote.atlUsd, quote.atlAt);
    if (ath || atl) this.records.set(quote.coinId, { ath, atl });
  }

  /** Open time of the coin's listing day, when its daily history reaches back to it. */
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
      historyDepth: {
        dailyLoaded: this.history.hasDeepHistory(id),
        reachesListing: this.history.listedAt(id) !== null,
      },
      record: this.records.get(id) ?? null,
      healthyVenues,
      reportedVolume: this.reportedVolumes.get(id) ?? null,
      btcDaily: id === 'bitcoin' ? null : this.history.get('bitcoin').daily,
    });
  }
}

function dated(price: number | null, at: number | null): { price: number; at: number } | null {
  return price !== null && price > 0 && at !== null ? { price, at } : null;
}

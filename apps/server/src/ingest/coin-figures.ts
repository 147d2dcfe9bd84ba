import type { CoinMetrics, SourceDay, SourceRecord } from '../analytics/coin-metrics.js';
import { computeCoinMetrics } from '../analytics/coin-metrics.js';
import type { AggregateQuote, VenueTicker } from '@coinlens/market-model';
import type { CoinState } from '../market-store/market-snapshot.js';
import type { HistoryCache } from './history-cache.js';

/** What an aggregate source reports of a coin beside its price. */
interface Reported {
  volume: { base: number; usd: number };
  record: SourceRecord | null;
  day: SourceDay;
}

/**
 * A coin's derived figures from its price, its healthy venues and its history. Quote-priced coins keep here what
 * their source reports beside the price — the 24 h volumes, change and range, and the all-time records — so their
 * metrics can be recomputed between ticks.
 */
export class CoinFigures {
  private readonly reported = new Map<string, Reported>();

  constructor(private readonly history: HistoryCache) {}

  /** Keeps what the quote reports beside the price. */
  report(quote: AggregateQuote): void {
    const ath = dated(quote.athUsd, quote.athAt);
    const atl = dated(quote.atlUsd, quote.atlAt);
    this.reported.set(quote.coinId, {
      volume: { base: quote.volumeUsd24h / quote.priceUsd, usd: quote.volumeUsd24h },
      record: ath || atl ? { ath, atl } : null,
      day: {
        change24h: finiteOrNull(quote.change24hPercent),
        high24h: finiteOrNull(quote.high24hUsd),
        low24h: finiteOrNull(quote.low24hUsd),
      },
    });
  }

  /** Open time of the coin's listing day, when its daily history reaches back to it. */
  listedAt(coinId: string): number | null {
    return this.history.listedAt(coinId);
  }

  metricsOf(coin: CoinState, price: number, now: number, healthyVenues: readonly VenueTicker[]): CoinMetrics {
    const id = coin.profile.id;
    const reported = this.reported.get(id);
    return computeCoinMetrics({
      now,
      price,
      profile: coin.profile,
      history: this.history.get(id),
      historyDepth: {
        dailyLoaded: this.history.hasDeepHistory(id),
        reachesListing: this.history.listedAt(id) !== null,
      },
      record: reported?.record ?? null,
      reportedDay: reported?.day ?? null,
      healthyVenues,
      reportedVolume: reported?.volume ?? null,
      btcDaily: id === 'bitcoin' ? null : this.history.get('bitcoin').daily.recent,
    });
  }
}

function dated(price: number | null, at: number | null): { price: number; at: number } | null {
  return price !== null && price > 0 && at !== null ? { price, at } : null;
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

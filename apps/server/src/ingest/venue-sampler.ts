import type { MarketDataProvider, OrderBookSnapshot, TradePrint, VenueTicker } from '@coinlens/market-model';
import { depthWithinBandUsd } from './book-depth.js';
import { EventLoopSlices } from '../runtime/event-loop-slices.js';

export interface VenueSample {
  exchangeId: string;
  trades: TradePrint[];
  books: OrderBookSnapshot[];
  /** Reported 24 h USD volume of the sampled pairs. */
  reportedVolumeUsd24h: number;
  /** ±2 % depth of the sampled pairs' books, USD; null without books. */
  depthUsd2pct: number | null;
}

export interface SamplerOptions {
  /** Pairs per venue whose tape and book feed the venue's integrity (its largest). */
  tapePairsPerVenue: number;
  /**
   * More pairs per venue where the venue carries the largest share of the coin's reported volume: where its
   * word matters most to a coin's score, its tape is read, even when the pair is small for the venue.
   */
  influentialPairsPerVenue: number;
  /** Books fetched per run for the depth of every pair, oldest-sampled first, so a slow source is never flooded. */
  maxBooksPerRun: number;
  bookLevels: number;
  now: () => number;
}

export const DEFAULT_SAMPLER_OPTIONS: Omit<SamplerOptions, 'now'> = {
  tapePairsPerVenue: 6,
  influentialPairsPerVenue: 12,
  // The default universe has ~18,000 pairs: every book each run, so liquidity is never judged on a partial
  // sample; a rate-limited source gets through them in rotation.
  maxBooksPerRun: 25_000,
  bookLevels: 50,
};

/** ±2 % depth in USD per venue and coin. */
export class VenueCoinDepth {
  private readonly venues = new Map<string, Map<string, number>>();

  add(exchangeId: string, coinId: string, usd: number): void {
    const coins = this.venues.get(exchangeId) ?? new Map<string, number>();
    this.venues.set(exchangeId, coins);
    coins.set(coinId, (coins.get(coinId) ?? 0) + usd);
  }

  get(exchangeId: string, coinId: string): number | undefined {
    return this.venues.get(exchangeId)?.get(coinId);
  }

  has(exchangeId: string, coinId: string): boolean {
    return this.get(exchangeId, coinId) !== undefined;
  }

  /** Each venue's depth per coin, venues and coins in the order first added. */
  byVenue(): ReadonlyMap<string, ReadonlyMap<string, number>> {
    return this.venues;
  }
}

const pairKey = (ticker: Pick<VenueTicker, 'exchangeId' | 'coinId' | 'quote'>) =>
  `${ticker.exchangeId}|${ticker.coinId}|${ticker.quote}`;

/**
 * Samples what the score reads from the market: each venue's recent tape and books of its largest pairs, and
 * the ±2 % depth of every pair (kept between runs, refreshed in rotation). Failures of one pair are skipped: the
 * pair keeps its last depth, the venue is judged on the rest of its sample.
 */
export class VenueSampler {
  /** Last sampled depth per venue, coin and quote currency. */
  private readonly depth = new Map<string, Map<string, Map<string, { usd: number; at: number }>>>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly options: SamplerOptions,
  ) {}

  async sample(tickers: readonly VenueTicker[], signal: AbortSignal): Promise<VenueSample[]> {
    const hasBooks = this.provider.capabilities.has('orderBooks');
    const hasTrades = this.provider.capabilities.has('trades');
    const byVenue = new Map<string, VenueTicker[]>();
    for (const ticker of tickers) {
      const list = byVenue.get(ticker.exchangeId);
      if (list) list.push(ticker);
      else byVenue.set(ticker.exchangeId, [ticker]);
    }
    const samples: VenueSample[] = [];
    const tapeBooks = new Set<string>();
    const slices = new EventLoopSlices();
    const coinVolume = new Map<string, number>();
    for (const ticker of tickers)
      coinVolume.set(ticker.coinId, (coinVolume.get(ticker.coinId) ?? 0) + ticker.volumeUsd24h);
    const shareOfCoin = (ticker: VenueTicker) => ticker.volumeUsd24h / (coinVolume.get(ticker.coinId) || 1);
    for (const [exchangeId, pairs] of byVenue) {
      const sampled = [...pairs]
        .sort((a, b) => b.volumeUsd24h - a.volumeUsd24h)
        .slice(0, this.options.tapePairsPerVenue);
      const chosen = new Set(sampled);
      const influential = pairs
        .filter((ticker) => !chosen.has(ticker) && ticker.volumeUsd24h > 0)
        .sort((a, b) => shareOfCoin(b) - shareOfCoin(a))
        .slice(0, this.options.influentialPairsPerVenue);
      sampled.push(...influential);
      const sample: VenueSample = {
        exchangeId,
        trades: [],
        books: [],
        reportedVolumeUsd24h: 0,
        depthUsd2pct: null,
      };
      for (const ticker of sampled) {
        await slices.pause();
        signal.throwIfAborted();
        const pair = { exchangeId, coinId: ticker.coinId, quote: ticker.quote };
        try {
          if (hasTrades) sample.trades.push(...(await this.provider.getTrades(pair, null, signal)));
          if (hasBooks) {
            const book = await this.provider.getOrderBook(pair, this.options.bookLevels, signal);
            sample.books.push(book);
            const depth = this.recordDepth(ticker, book);
            if (depth !== null) sample.depthUsd2pct = (sample.depthUsd2pct ?? 0) + depth;
            tapeBooks.add(pairKey(ticker));
          }
          sample.reportedVolumeUsd24h += ticker.volumeUsd24h;
        } catch (error) {
          if (signal.aborted) throw error;
        }
      }
      samples.push(sample);
    }
    if (hasBooks)
      await this.refreshDepth(
        tickers.filter((ticker) => !tapeBooks.has(pairKey(ticker))),
        signal,
      );
    return samples;
  }

  /** ±2 % depth in USD per venue and coin, over all quote currencies of the pairs sampled so far. */
  depthByVenueCoin(tickers: readonly VenueTicker[]): VenueCoinDepth {
    const depth = new VenueCoinDepth();
    for (const ticker of tickers) {
      const known = this.depthOf(ticker);
      if (known) depth.add(ticker.exchangeId, ticker.coinId, known.usd);
    }
    return depth;
  }

  /** The pair's last sampled depth; looked up by its names in turn, not by a key string built per pair. */
  private depthOf(ticker: VenueTicker): { usd: number; at: number } | undefined {
    return this.depth.get(ticker.exchangeId)?.get(ticker.coinId)?.get(ticker.quote);
  }

  private async refreshDepth(tickers: readonly VenueTicker[], signal: AbortSignal): Promise<void> {
    const due = [...tickers]
      .sort((a, b) => (this.depthOf(a)?.at ?? 0) - (this.depthOf(b)?.at ?? 0))
      .slice(0, this.options.maxBooksPerRun);
    const slices = new EventLoopSlices();
    for (const ticker of due) {
      await slices.pause();
      signal.throwIfAborted();
      try {
        const book = await this.provider.getOrderBook(
          { exchangeId: ticker.exchangeId, coinId: ticker.coinId, quote: ticker.quote },
          this.options.bookLevels,
          signal,
        );
        this.recordDepth(ticker, book);
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
  }

  private recordDepth(ticker: VenueTicker, book: OrderBookSnapshot): number | null {
    const usdPerQuote = ticker.last > 0 ? ticker.lastUsd / ticker.last : 0;
    const usd = depthWithinBandUsd(book, usdPerQuote);
    if (usd === null) return null;
    const venue =
      this.depth.get(ticker.exchangeId) ?? new Map<string, Map<string, { usd: number; at: number }>>();
    this.depth.set(ticker.exchangeId, venue);
    const coin = venue.get(ticker.coinId) ?? new Map<string, { usd: number; at: number }>();
    venue.set(ticker.coinId, coin);
    coin.set(ticker.quote, { usd, at: this.options.now() });
    return usd;
  }
}

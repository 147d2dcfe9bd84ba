import type {
  MarketDataProvider,
  OrderBookSnapshot,
  PairQuery,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import { addDepth, bandDepth, pairDepth } from './book-depth.js';
import type { BandDepth, DepthReading } from './book-depth.js';
import { EventLoopSlices } from '../runtime/event-loop-slices.js';
import type { VenueFigures } from '@coinlens/score';

/**
 * Where a run's sample goes as it is read, so each pair's prints can be reduced and let go before the next pair
 * is read (held until every venue was read, the default universe's ~190,000 prints were ~90 MB of heap; held a
 * venue at a time, they still outlived enough young collections to fill the old generation).
 */
const noPause = (): Promise<void> => Promise.resolve();

export interface SampleSink {
  /** One sampled pair's prints (none where the source serves no trades) and its book, where one was read. */
  pair(
    exchangeId: string,
    trades: readonly TradePrint[],
    books: readonly OrderBookSnapshot[],
  ): Promise<void> | void;
  /**
   * The venue's figures once its sampled pairs are read: reported 24 h USD volume of the sampled pairs, and the
   * ±2 % depth of those whose depth is known over the whole band (a book that covers it, or the published figure
   * where the book ends short and does not contradict it; null when no pair's is) with their reported volume. A
   * venue none of whose calls answered gets no call: it was not checked, and nothing is judged on an empty sample.
   */
  venue(figures: VenueFigures): Promise<void> | void;
}

export interface SamplerOptions {
  /** Pairs per venue whose tape and book feed the venue's integrity (its largest). */
  tapePairsPerVenue: number;
  /**
   * More pairs per venue where the venue carries the largest share of the coin's reported volume: where its
   * word matters most to a coin's score, its tape is read, even when the pair is small for the venue.
   */
  influentialPairsPerVenue: number;
  /**
   * Pairs per venue whose tape is read after the run only for what it prints (the tape cap, tape-rate.ts): pairs
   * outside the run's sample, picked at random among those read longest ago (never read first), so over the day
   * every pair's reported volume meets its own tape and a venue cannot know which of its small pairs is next.
   */
  rotatingTapesPerVenue: number;
  /** Time the rotation may take after a run, its calls included; what it does not reach waits for the next. */
  rotationBudgetMs: number;
  /** Books fetched per run for the depth of every pair, oldest-sampled first, so a slow source is never flooded. */
  maxBooksPerRun: number;
  /** Levels per side asked first; a book whose levels end short of ±2 % is asked again ten times deeper. */
  bookLevels: number;
  /** The deepest read (Binance serves 5,000 levels; ccxt-provider.ts asks no venue more than it serves). */
  maxBookLevels: number;
  now: () => number;
  /** Uniform in [0, 1): which of the pairs read longest ago the rotation reads. */
  random?: () => number;
}

export const DEFAULT_SAMPLER_OPTIONS: Omit<SamplerOptions, 'now'> = {
  tapePairsPerVenue: 6,
  influentialPairsPerVenue: 12,
  // The default universe's venues list ~260 pairs: each is read several times a day at a run every 5 minutes.
  rotatingTapesPerVenue: 6,
  // Live sources are throttled per venue (a few hundred ms a call): about 2 calls for each of 25 venues a run.
  rotationBudgetMs: 20_000,
  // The default universe has ~18,000 pairs: every book each run, so liquidity is never judged on a partial
  // sample; a rate-limited source gets through them in rotation.
  maxBooksPerRun: 25_000,
  // Binance's BTC/USDT holds 50 levels within ±0.03 % of mid and 1,000 within ±0.33 % (real 2024 snapshot).
  bookLevels: 100,
  maxBookLevels: 5_000,
};

/** ±2 % depth per venue and coin, summed over the coin's pairs there. */
export class VenueCoinDepth {
  private readonly venues = new Map<string, Map<string, DepthReading>>();

  add(exchangeId: string, coinId: string, reading: DepthReading): void {
    const coins = this.venues.get(exchangeId) ?? new Map<string, DepthReading>();
    this.venues.set(exchangeId, coins);
    const known = coins.get(coinId);
    coins.set(coinId, known ? addDepth(known, reading) : reading);
  }

  get(exchangeId: string, coinId: string): DepthReading | undefined {
    return this.venues.get(exchangeId)?.get(coinId);
  }

  /** Each venue's depth per coin, venues and coins in the order first added. */
  byVenue(): ReadonlyMap<string, ReadonlyMap<string, DepthReading>> {
    return this.venues;
  }
}

/** The ±2 % depth the ticker's source publishes for the pair (both sides), null unless both are known. */
function publishedDepth(ticker: VenueTicker): number | null {
  const { depthUsd2pctUp: up, depthUsd2pctDown: down } = ticker;
  return typeof up === 'number' && typeof down === 'number' ? up + down : null;
}

const pairKey = (ticker: Pick<VenueTicker, 'exchangeId' | 'coinId' | 'quote'>) =>
  `${ticker.exchangeId}|${ticker.coinId}|${ticker.quote}`;

/**
 * Samples what the score reads from the market: each venue's recent tape and books of its largest pairs, and
 * the ±2 % depth of every pair (kept between runs, refreshed in rotation), each book read deep enough to cover
 * ±2 % where the venue serves that many levels. Failures of one pair are skipped: the pair keeps its last depth,
 * the venue is judged on the rest of its sample. A venue none of whose calls answered has no sample: it was not
 * checked, and nothing is judged on an empty sample.
 */
export class VenueSampler {
  /** Last sampled depth per venue, coin and quote currency. */
  private readonly depth = new Map<string, Map<string, Map<string, { depth: BandDepth; at: number }>>>();
  /** When each pair's tape was last read (`pairKey`), by the run's sample or the rotation. */
  private readonly tapeReadAt = new Map<string, number>();
  /** When each venue's rotation last ran, so a rotation cut short by its budget starts with the others next. */
  private readonly rotatedAt = new Map<string, number>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly options: SamplerOptions,
  ) {}

  /** Samples every venue in turn, handing each pair's tape and book and then the venue's figures to `sink`. */
  async sample(tickers: readonly VenueTicker[], signal: AbortSignal, sink: SampleSink): Promise<void> {
    const hasBooks = this.provider.capabilities.has('orderBooks');
    const hasTrades = this.provider.capabilities.has('trades');
    const byVenue = new Map<string, VenueTicker[]>();
    for (const ticker of tickers) {
      const list = byVenue.get(ticker.exchangeId);
      if (list) list.push(ticker);
      else byVenue.set(ticker.exchangeId, [ticker]);
    }
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
      const figures = {
        exchangeId,
        reportedVolumeUsd24h: 0,
        depthUsd2pct: null as number | null,
        depthReportedVolumeUsd24h: 0,
      };
      let answered = false;
      for (const ticker of sampled) {
        await slices.pause();
        signal.throwIfAborted();
        const pair = { exchangeId, coinId: ticker.coinId, quote: ticker.quote };
        let trades: readonly TradePrint[] = [];
        let book: OrderBookSnapshot | null = null;
        try {
          if (hasTrades) {
            trades = await this.provider.getTrades(pair, null, signal);
            answered = true;
            this.tapeReadAt.set(pairKey(ticker), this.options.now());
          }
          if (hasBooks) {
            const read = await this.readBook(ticker, signal);
            answered = true;
            book = read.book;
            tapeBooks.add(pairKey(ticker));
            const reading = pairDepth(read.depth, publishedDepth(ticker));
            if (reading && !reading.lowerBound) {
              figures.depthUsd2pct = (figures.depthUsd2pct ?? 0) + reading.usd;
              figures.depthReportedVolumeUsd24h += ticker.volumeUsd24h;
            }
          }
          figures.reportedVolumeUsd24h += ticker.volumeUsd24h;
        } catch (error) {
          if (signal.aborted) throw error;
        }
        if (trades.length > 0 || book) await sink.pair(exchangeId, trades, book ? [book] : []);
      }
      if (answered) await sink.venue(figures);
    }
    if (hasBooks)
      await this.refreshDepth(
        tickers.filter((ticker) => !tapeBooks.has(pairKey(ticker))),
        signal,
      );
  }

  /**
   * Reads, for each venue, the tapes of `rotatingTapesPerVenue` pairs the run's sample left out and hands each to
   * `record`: picked at random among the pairs never read, else among twice as many pairs read longest ago; the
   * venues rotated longest ago first, until `rotationBudgetMs` is spent. A failed read is skipped (and tried
   * again first next time); an abort ends the rotation.
   */
  async rotate(
    tickers: readonly VenueTicker[],
    signal: AbortSignal,
    record: (exchangeId: string, trades: readonly TradePrint[]) => void,
  ): Promise<void> {
    if (!this.provider.capabilities.has('trades') || this.options.rotatingTapesPerVenue <= 0) return;
    const random = this.options.random ?? Math.random;
    // Plain copies, taken before the first await: a snapshot's tickers read columns later ticks overwrite.
    const byVenue = new Map<string, { pair: PairQuery; readAt: number }[]>();
    for (const ticker of tickers) {
      if (!(ticker.volumeUsd24h > 0)) continue;
      const entry = {
        pair: { exchangeId: ticker.exchangeId, coinId: ticker.coinId, quote: ticker.quote },
        readAt: this.tapeReadAt.get(pairKey(ticker)) ?? -Infinity,
      };
      const list = byVenue.get(ticker.exchangeId);
      if (list) list.push(entry);
      else byVenue.set(ticker.exchangeId, [entry]);
    }
    const venues = [...byVenue.keys()].sort(
      (a, b) => (this.rotatedAt.get(a) ?? -Infinity) - (this.rotatedAt.get(b) ?? -Infinity),
    );
    const started = performance.now();
    const slices = new EventLoopSlices();
    for (const exchangeId of venues) {
      if (performance.now() - started > this.options.rotationBudgetMs || signal.aborted) return;
      this.rotatedAt.set(exchangeId, this.options.now());
      const oldest = byVenue
        .get(exchangeId)!
        .sort((a, b) => a.readAt - b.readAt)
        .slice(0, 2 * this.options.rotatingTapesPerVenue);
      for (let picked = 0; picked < this.options.rotatingTapesPerVenue && oldest.length > 0; picked++) {
        // Pairs never read come first, and are all at the front of the list.
        const never = oldest.findIndex((entry) => entry.readAt !== -Infinity);
        const pool = never > 0 ? never : oldest.length;
        const { pair } = oldest.splice(Math.floor(random() * pool), 1)[0]!;
        await slices.pause();
        if (signal.aborted) return;
        try {
          const trades = await this.provider.getTrades(pair, null, signal);
          this.tapeReadAt.set(pairKey(pair), this.options.now());
          record(exchangeId, trades);
        } catch {
          // A pair that fails now stays among the oldest and is tried again.
        }
      }
    }
  }

  /**
   * ±2 % depth per venue and coin over all quote currencies: each pair's last sampled book, combined with the
   * depth its source publishes (book-depth.ts `pairDepth`), the published figure alone for a pair never booked.
   * `pause` is awaited every few hundred pairs (a run hands the event loop back there).
   */
  async depthByVenueCoin(
    tickers: readonly VenueTicker[],
    pause: () => Promise<void> = noPause,
  ): Promise<VenueCoinDepth> {
    const depth = new VenueCoinDepth();
    for (let index = 0; index < tickers.length; index++) {
      // ~20,000 pairs in the default universe: tens of milliseconds in one piece.
      if (index % 256 === 255) await pause();
      const ticker = tickers[index]!;
      const reading = pairDepth(this.depthOf(ticker)?.depth ?? null, publishedDepth(ticker));
      if (reading) depth.add(ticker.exchangeId, ticker.coinId, reading);
    }
    return depth;
  }

  /** The pair's last sampled depth; looked up by its names in turn, not by a key string built per pair. */
  private depthOf(ticker: VenueTicker): { depth: BandDepth; at: number } | undefined {
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
        await this.readBook(ticker, signal);
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
  }

  /**
   * The pair's book, read `bookLevels` deep and then ten times deeper (up to `maxBookLevels`) while its levels end
   * short of ±2 %; a deeper read that fails or reaches no further keeps the last. Only the first read may say a
   * short side is the venue's whole side: a deeper answer may have been cut to what the venue serves.
   */
  private async readBook(
    ticker: VenueTicker,
    signal: AbortSignal,
  ): Promise<{ book: OrderBookSnapshot; depth: BandDepth | null }> {
    const pair = { exchangeId: ticker.exchangeId, coinId: ticker.coinId, quote: ticker.quote };
    const usdPerQuote = ticker.last > 0 ? ticker.lastUsd / ticker.last : 0;
    let levels = this.options.bookLevels;
    let book = await this.provider.getOrderBook(pair, levels, signal);
    let depth = bandDepth(book, usdPerQuote, levels);
    while (depth && !depth.complete && levels < this.options.maxBookLevels) {
      levels = Math.min(this.options.maxBookLevels, levels * 10);
      let deeper: OrderBookSnapshot;
      try {
        deeper = await this.provider.getOrderBook(pair, levels, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        break;
      }
      const deeperDepth = bandDepth(deeper, usdPerQuote);
      if (!deeperDepth || deeperDepth.reach <= depth.reach) break;
      book = deeper;
      depth = deeperDepth;
    }
    if (depth) this.recordDepth(ticker, depth);
    return { book, depth };
  }

  private recordDepth(ticker: VenueTicker, depth: BandDepth): void {
    const venue =
      this.depth.get(ticker.exchangeId) ?? new Map<string, Map<string, { depth: BandDepth; at: number }>>();
    this.depth.set(ticker.exchangeId, venue);
    const coin = venue.get(ticker.coinId) ?? new Map<string, { depth: BandDepth; at: number }>();
    venue.set(ticker.coinId, coin);
    coin.set(ticker.quote, { depth, at: this.options.now() });
  }
}

import type { AggregateQuote, MarketDataProvider, VenueTicker } from '@coinlens/market-model';
import type { CoinMetrics } from '../../analytics/coin-metrics.js';
import type { CoinState, MarketSnapshot, VenueQuote } from '../../market-store/market-snapshot.js';
import { EventLoopSlices } from '../../runtime/event-loop-slices.js';
import { certificationOf } from '../certification.js';
import type { CoinFigures } from '../coin-figures.js';
import { FeedLayout } from '../feed-layout.js';
import type { MarketRanking } from '../market-ranking.js';
import { referencePriceOfColumns, VenueExclusions } from '../reference-price.js';

/** Where prices come from: venue tickers aggregated here, or the provider's aggregate quotes. */
export type PriceSource = 'tickers' | 'quotes';

/** Listeners get the ids of the coins whose state changed on a tick. */
export type TickListener = (changedCoinIds: readonly string[]) => void;

/** A coin's figures from one tick's venues, worked out before the tick is published. */
interface StagedCoin {
  coin: CoinState;
  price: number;
  venues: VenueQuote[];
  degraded: boolean;
  listedAt: number | null;
  metrics: CoinMetrics;
}

/** Ingest hands the event loop back this often while working through a tick (~20,000 pairs). */
const TICK_SLICE_MS = 5;

/**
 * The live update: prices (validated, outliers excluded, volume-weighted median) or aggregate quotes, metrics,
 * ranks, exchange aggregates and global figures, published at once; listeners hear which coins changed.
 */
export class TickJob {
  private readonly exclusions = new Map<string, VenueExclusions>();
  private readonly listeners = new Set<TickListener>();
  /** Each tick's tickers by coin, in columns on two alternating sides (feed-layout.ts). */
  private readonly feed = new FeedLayout();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly figures: CoinFigures,
    private readonly ranking: MarketRanking,
    private readonly prices: PriceSource,
    private readonly now: () => number,
  ) {}

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async run(signal: AbortSignal): Promise<void> {
    const now = this.now();
    const ids = [...this.snapshot.coins.keys()];
    const changed: string[] = [];
    if (this.prices === 'tickers' && this.provider.capabilities.has('tickers')) {
      this.feed.fill(await this.provider.getTickers({}, signal));
      // Worked out in slices on the side of the feed not on show, then published in one step: no reader sees
      // half a tick, and no request waits for a whole one.
      const staged: StagedCoin[] = [];
      const slices = new EventLoopSlices(TICK_SLICE_MS);
      for (const coinId of ids) {
        await slices.pause();
        signal.throwIfAborted();
        const update = this.stageVenuePrice(coinId, now);
        if (update) staged.push(update);
      }
      for (const update of staged) {
        this.publishCoin(update, now);
        changed.push(update.coin.profile.id);
      }
      this.aggregateExchanges(now);
      this.feed.markShown();
    } else if (this.provider.capabilities.has('quotes')) {
      const quotes = await this.provider.getQuotes(ids, signal);
      for (const quote of quotes) if (this.applyQuote(quote, now)) changed.push(quote.coinId);
    }
    this.ranking.rank();
    this.snapshot.lastTickAt = now;
    this.snapshot.version++;
    for (const listener of this.listeners) listener(changed);
  }

  /** Recomputes every priced coin's metrics from its current price and venues (new history arrived). */
  republishMetrics(): void {
    const now = this.now();
    const changed: string[] = [];
    for (const coin of this.snapshot.coins.values()) {
      if (coin.price === null) continue;
      coin.listedAt = this.figures.listedAt(coin.profile.id);
      coin.metrics = this.figures.metricsOf(coin, coin.price, now, healthyTickers(coin.venues));
      changed.push(coin.profile.id);
    }
    this.ranking.rank();
    this.snapshot.version++;
    for (const listener of this.listeners) listener(changed);
  }

  /** The coin's new price, venues and metrics from the last fill of the feed, not yet on show. */
  private stageVenuePrice(coinId: string, now: number): StagedCoin | null {
    const coin = this.snapshot.coins.get(coinId);
    const quotes = this.feed.coin(coinId);
    if (!coin || !quotes) return null;
    let exclusions = this.exclusions.get(coinId);
    if (!exclusions) {
      exclusions = new VenueExclusions();
      this.exclusions.set(coinId, exclusions);
    }
    const reference = referencePriceOfColumns(quotes, exclusions);
    if (!reference) return null;
    // Healthy venues first, then the excluded ones, each in feed order.
    const venues: VenueQuote[] = [];
    const healthy: VenueTicker[] = [];
    const { usable, excluded } = quotes;
    for (let position = 0; position < quotes.quotes.length; position++) {
      if (usable[position] !== 1 || excluded[position] === 1) continue;
      venues.push(quotes.quotes[position]!);
      healthy.push(quotes.tickers[position]!);
    }
    for (let position = 0; position < quotes.quotes.length; position++)
      if (excluded[position] === 1) venues.push(quotes.quotes[position]!);
    return this.staged(coin, reference.price, venues, reference.degraded, now, healthy);
  }

  /** A coin's new figures, not yet on show. */
  private staged(
    coin: CoinState,
    price: number,
    venues: VenueQuote[],
    degraded: boolean,
    now: number,
    healthyVenues: readonly VenueTicker[],
  ): StagedCoin {
    return {
      coin,
      price,
      venues,
      degraded,
      listedAt: this.figures.listedAt(coin.profile.id),
      metrics: this.figures.metricsOf(coin, price, now, healthyVenues),
    };
  }

  private publishCoin(update: StagedCoin, now: number): void {
    const { coin } = update;
    coin.price = update.price;
    coin.asOf = now;
    coin.degraded = update.degraded;
    coin.venues = update.venues;
    coin.listedAt = update.listedAt;
    coin.metrics = update.metrics;
    coin.certification = certificationOf(coin.profile, coin.score, update.venues);
  }

  private applyQuote(quote: AggregateQuote, now: number): boolean {
    const coin = this.snapshot.coins.get(quote.coinId);
    if (!coin || !Number.isFinite(quote.priceUsd) || quote.priceUsd <= 0) return false;
    this.figures.report(quote);
    // The venues are the venues job's (read a few coins a minute): a quote moves the price, never the venues.
    this.publishCoin(
      this.staged(coin, quote.priceUsd, coin.venues, false, now, healthyTickers(coin.venues)),
      now,
    );
    return true;
  }

  /** Pair count, coin count and reported and healthy (in-band) turnover per venue, from this tick's feed. */
  private aggregateExchanges(now: number): void {
    this.feed.forEachExchange((exchangeId, totals) => {
      const exchange = this.snapshot.exchanges.get(exchangeId);
      if (!exchange) return;
      exchange.pairCount = totals.pairs;
      exchange.coinCount = totals.coinCount;
      exchange.amount24h = totals.amount;
      exchange.healthyAmount24h = totals.healthyAmount;
      exchange.asOf = now;
    });
  }
}

/** The tickers of the venues inside the outlier band. */
function healthyTickers(venues: readonly VenueQuote[]): VenueTicker[] {
  return venues.filter((venue) => !venue.excluded).map((venue) => venue.ticker);
}

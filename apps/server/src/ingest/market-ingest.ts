import type { FastifyBaseLogger } from 'fastify';

import type { CoinMetrics } from '../analytics/coin-metrics.js';
import { computeCoinMetrics } from '../analytics/coin-metrics.js';
import type {
  MarketDataProvider,
  AggregateQuote,
  CoinProfile,
  Resolution,
  VenueTicker,
} from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';
import type { CandleRepository } from '../market-store/candle.repository.js';
import { bucketStart, CANDLE_RETENTION_MS, rollUp } from './candle-rollup.js';
import { certificationOf } from './certification.js';
import { FeedLayout } from './feed-layout.js';
import { EventLoopSlices } from '../runtime/event-loop-slices.js';
import { HistoryBackfill } from './history-backfill.js';
import { HistoryCache } from './history-cache.js';
import { JobScheduler } from './job-scheduler.js';
import { MarketScorer } from './market-scorer.js';
import type { CoinState, MarketSnapshot, VenueQuote } from '../market-store/market-snapshot.js';
import { referencePriceOfColumns, VenueExclusions } from './reference-price.js';

export interface IngestOptions {
  /** How often live prices are pulled (simulator: every second). */
  tickMs: number;
  /** Where prices come from: venue tickers aggregated here, or the provider's aggregate quotes. */
  prices: 'tickers' | 'quotes';
  candleMs: number;
  ratesMs: number;
  signalsMs: number;
  /** How often the score is recomputed (it samples tapes and books). */
  scoreMs: number;
  /** How far back each resolution is back-filled on first start. */
  backfillMs: Readonly<Record<Resolution, number>>;
  now: () => number;
}

/** Read before the first tick: cheap, and what the lists show (changes, sparklines, 24 h range). */
const RECENT_RESOLUTIONS: readonly Resolution[] = ['1h', '5m', '1m'];
/** Read after the server is up: years of daily candles (ATH/ATL, ROI, listing day, BTC correlation). */
const DEEP_RESOLUTIONS: readonly Resolution[] = ['1d'];

export const DEFAULT_BACKFILL_MS: Readonly<Record<Resolution, number>> = {
  '1m': 2 * 3_600_000,
  '5m': 26 * 3_600_000,
  '1h': 8 * 86_400_000,
  '1d': 5 * 365 * 86_400_000,
};

/** Listeners get the ids of the coins whose state changed on a tick. */
export type TickListener = (changedCoinIds: readonly string[]) => void;

const UNCHANGED_PERCENT = 0.01;

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
 * Pulls from one provider into the snapshot and the candle store: profiles at start, live prices every tick
 * (validated, outliers excluded, volume-weighted median), candles every minute (rolled up 1m → 5m → 1h → 1d),
 * exchange rates and signals on their own intervals, retention hourly.
 */
export class MarketIngest {
  readonly history = new HistoryCache();
  private readonly exclusions = new Map<string, VenueExclusions>();
  private readonly listeners = new Set<TickListener>();
  private readonly scheduler: JobScheduler;
  private readonly backfill: HistoryBackfill;
  /** Aborts the background history load when the server stops. */
  private readonly stopping = new AbortController();
  /** Reported 24 h volumes of quote-priced coins, so metrics can be recomputed between ticks. */
  private readonly reportedVolumes = new Map<string, { base: number; usd: number }>();
  private deepHistory: Promise<void> = Promise.resolve();
  private historyDone = false;
  private scored = false;
  /** Each tick's tickers by coin, in columns on two alternating sides (feed-layout.ts). */
  private readonly feed = new FeedLayout();
  readonly scorer: MarketScorer;

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly candles: CandleRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestOptions,
  ) {
    this.scheduler = new JobScheduler(log, options.now);
    this.scorer = new MarketScorer(provider, snapshot, log, options.now);
    this.backfill = new HistoryBackfill(
      provider,
      candles,
      this.history,
      log,
      options.backfillMs,
      options.now,
    );
  }

  /**
   * Whether every figure a screen shows is there: the daily history is in the metrics and the first score has
   * run. Until then the server answers, with those fields still null (health reports `market: warming`).
   */
  get warmedUp(): boolean {
    return this.historyDone && this.scored;
  }

  /** Settles once the daily history (read after start, in the background) is in memory and in the metrics. */
  get historyLoaded(): Promise<void> {
    return this.deepHistory;
  }

  /** Whether the back-filled history has been stored (start-up's last work). */
  get historyStored(): boolean {
    return this.backfill.storedOnce;
  }

  /** Settles once start-up's work is done: the daily history is in the metrics and every back-filled candle stored. */
  get settled(): Promise<void> {
    return Promise.all([this.deepHistory, this.backfill.stored]).then(() => undefined);
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads profiles and the recent history and computes the first tick, then schedules the jobs; the daily
   * history follows in the background (`historyLoaded`), so the server can listen within seconds.
   */
  async start(signal: AbortSignal): Promise<void> {
    await this.loadProfiles(signal);
    await this.refreshRates(signal).catch((error: unknown) =>
      this.log.warn({ err: error }, 'exchange rates unavailable at start'),
    );
    await this.backfill.load(this.coinProfiles(), RECENT_RESOLUTIONS, signal);
    await this.refreshSignals(signal).catch((error: unknown) =>
      this.log.warn({ err: error }, 'social and on-chain signals unavailable at start'),
    );
    await this.tick(signal);
    this.backfill.startWriting();
    this.deepHistory = this.loadDeepHistory(AbortSignal.any([signal, this.stopping.signal]));
    const { tickMs, candleMs, ratesMs, signalsMs, scoreMs } = this.options;
    this.scheduler.add(
      {
        name: 'tickers',
        intervalMs: tickMs,
        timeoutMs: Math.max(5_000, tickMs * 5),
        run: (s) => this.tick(s),
      },
      tickMs,
    );
    this.scheduler.add(
      { name: 'candles', intervalMs: candleMs, timeoutMs: 120_000, run: (s) => this.refreshCandles(s) },
      candleMs,
    );
    this.scheduler.add(
      { name: 'rates', intervalMs: ratesMs, timeoutMs: 30_000, run: (s) => this.refreshRates(s) },
      ratesMs,
    );
    this.scheduler.add(
      { name: 'signals', intervalMs: signalsMs, timeoutMs: 60_000, run: (s) => this.refreshSignals(s) },
      signalsMs,
    );
    this.scheduler.add(
      { name: 'score', intervalMs: scoreMs, timeoutMs: 120_000, run: (s) => this.score(s) },
      Math.min(scoreMs, 1_000),
    );
    this.scheduler.add(
      { name: 'retention', intervalMs: 3_600_000, timeoutMs: 120_000, run: () => this.applyRetention() },
      60_000,
    );
  }

  /**
   * Stops the jobs and waits for the candle write in progress; candles not yet stored are left (they are
   * back-filled again on the next start: the memory history already has them).
   */
  async stop(): Promise<void> {
    this.scheduler.stop();
    this.stopping.abort();
    await this.deepHistory;
    await this.backfill.stop();
  }

  /** Candles back-filled but not yet stored (0 once the first start's history is on disk). */
  get unwrittenCandles(): number {
    return this.backfill.unwritten;
  }

  async loadProfiles(signal: AbortSignal): Promise<void> {
    const [coins, exchanges] = await Promise.all([
      this.provider.getCoins(signal),
      this.provider.getExchanges(signal),
    ]);
    const now = this.options.now();
    for (const profile of coins) {
      const existing = this.snapshot.coins.get(profile.id);
      this.snapshot.coins.set(profile.id, existing ? { ...existing, profile } : emptyCoinState(profile));
    }
    for (const profile of exchanges) {
      const existing = this.snapshot.exchanges.get(profile.id);
      this.snapshot.exchanges.set(
        profile.id,
        existing
          ? { ...existing, profile }
          : {
              profile,
              exRank: 0,
              pairCount: 0,
              coinCount: 0,
              amount24h: 0,
              healthyAmount24h: 0,
              asOf: now,
              score: null,
            },
      );
    }
    this.snapshot.profilesVersion += 1;
  }

  /** Reads and back-fills every resolution at once (start does it in two steps; benches and tools at once). */
  async loadHistory(signal: AbortSignal): Promise<void> {
    await this.backfill.load(this.coinProfiles(), [...RECENT_RESOLUTIONS, ...DEEP_RESOLUTIONS], signal);
  }

  private async loadDeepHistory(signal: AbortSignal): Promise<void> {
    try {
      await this.backfill.load(this.coinProfiles(), DEEP_RESOLUTIONS, signal);
      this.refreshMetrics();
      this.historyDone = true;
      this.log.info('daily history loaded');
    } catch (error) {
      if (!this.stopping.signal.aborted) this.log.error({ err: error }, 'daily history back-fill failed');
    }
  }

  private coinProfiles(): CoinProfile[] {
    return [...this.snapshot.coins.values()].map((coin) => coin.profile);
  }

  /** One live update: prices, metrics, ranks, exchange aggregates and global figures. */
  async tick(signal: AbortSignal): Promise<void> {
    const now = this.options.now();
    const ids = [...this.snapshot.coins.keys()];
    const changed: string[] = [];
    if (this.options.prices === 'tickers' && this.provider.capabilities.has('tickers')) {
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
    this.rankAndAggregate();
    this.snapshot.lastTickAt = now;
    this.snapshot.version++;
    for (const listener of this.listeners) listener(changed);
  }

  /** Closed 1m candles since the last stored one, rolled up into the 5m, 1h and 1d buckets they touch. */
  async refreshCandles(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('candles')) return;
    const now = this.options.now();
    const to = bucketStart(now, '1m');
    const latest = await this.candles.latestTimes('1m');
    const slices = new EventLoopSlices();
    for (const coinId of this.snapshot.coins.keys()) {
      await slices.pause();
      signal.throwIfAborted();
      const from = Math.max(
        (latest.get(coinId) ?? to - RESOLUTION_MS['1m']) + RESOLUTION_MS['1m'],
        to - this.options.backfillMs['1m'],
      );
      if (from >= to) continue;
      const minutes = await this.provider.getCandles({ coinId, resolution: '1m', from, to }, signal);
      if (minutes.length === 0) continue;
      await this.candles.upsert(coinId, '1m', minutes);
      let finer: Resolution = '1m';
      for (const coarser of ['5m', '1h', '1d'] as const) {
        const start = bucketStart(minutes[0]?.time ?? from, coarser);
        const source = await this.candles.range(coinId, finer, start, now + 1);
        const rolled = rollUp(source, coarser);
        await this.candles.upsert(coinId, coarser, rolled);
        this.history.add(coinId, coarser, rolled, now);
        finer = coarser;
      }
    }
  }

  async refreshRates(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('exchangeRates')) return;
    const { rates, timestamp } = await this.provider.getExchangeRates(signal);
    for (const rate of rates)
      if (Number.isFinite(rate.perUsd) && rate.perUsd > 0)
        this.snapshot.rates.set(rate.code.toLowerCase(), rate);
    this.snapshot.ratesAsOf = timestamp;
  }

  async refreshSignals(signal: AbortSignal): Promise<void> {
    const ids = [...this.snapshot.coins.keys()];
    if (this.provider.capabilities.has('social')) {
      for (const social of await this.provider.getSocial(ids, signal)) {
        const coin = this.snapshot.coins.get(social.coinId);
        if (coin) coin.social = social;
      }
    }
    if (this.provider.capabilities.has('onChain')) {
      for (const onChain of await this.provider.getOnChain(ids, signal)) {
        const coin = this.snapshot.coins.get(onChain.coinId);
        if (coin) coin.onChain = onChain;
      }
    }
  }

  /** Recomputes the score and applies what follows from it (certification, ExRank) at once. */
  async score(signal: AbortSignal): Promise<void> {
    await this.scorer.run(signal);
    this.scored = true;
    for (const coin of this.snapshot.coins.values())
      coin.certification = certificationOf(coin.profile, coin.score, coin.venues);
    this.rankAndAggregate();
    this.snapshot.version++;
  }

  async applyRetention(): Promise<void> {
    const now = this.options.now();
    for (const [resolution, keepMs] of Object.entries(CANDLE_RETENTION_MS) as [Resolution, number | null][]) {
      if (keepMs !== null) await this.candles.deleteOlderThan(resolution, now - keepMs);
    }
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
      listedAt: this.history.listedAt(coin.profile.id),
      metrics: this.metricsOf(coin, price, now, healthyVenues),
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
    const base = quote.volumeUsd24h / quote.priceUsd;
    this.reportedVolumes.set(quote.coinId, { base, usd: quote.volumeUsd24h });
    this.publishCoin(this.staged(coin, quote.priceUsd, [], false, now, []), now);
    return true;
  }

  private updateMetrics(
    coin: CoinState,
    price: number,
    now: number,
    healthyVenues: readonly VenueTicker[],
  ): void {
    coin.listedAt = this.history.listedAt(coin.profile.id);
    coin.metrics = this.metricsOf(coin, price, now, healthyVenues);
  }

  private metricsOf(
    coin: CoinState,
    price: number,
    now: number,
    healthyVenues: readonly VenueTicker[],
  ): CoinMetrics {
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

  /** Recomputes every priced coin's metrics from its current price and venues (new history arrived). */
  private refreshMetrics(): void {
    const now = this.options.now();
    const changed: string[] = [];
    for (const coin of this.snapshot.coins.values()) {
      if (coin.price === null) continue;
      const healthy = coin.venues.filter((venue) => !venue.excluded).map((venue) => venue.ticker);
      this.updateMetrics(coin, coin.price, now, healthy);
      changed.push(coin.profile.id);
    }
    this.rankAndAggregate();
    this.snapshot.version++;
    for (const listener of this.listeners) listener(changed);
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

  private rankAndAggregate(): void {
    const coins = [...this.snapshot.coins.values()];
    const capOf = (coin: CoinState) => coin.metrics?.circulatingMarketCap ?? -1;
    coins.sort((a, b) => capOf(b) - capOf(a));
    const total = coins.reduce((sum, coin) => sum + Math.max(0, capOf(coin)), 0);
    let total24hAgo = 0;
    let rising = 0;
    let falling = 0;
    let unchanged = 0;
    coins.forEach((coin, index) => {
      coin.rank = index + 1;
      coin.marketShare = total > 0 && capOf(coin) >= 0 ? (capOf(coin) / total) * 100 : null;
      const change = coin.metrics?.change24h ?? null;
      if (change === null || Math.abs(change) < UNCHANGED_PERCENT) unchanged++;
      else if (change > 0) rising++;
      else falling++;
      total24hAgo +=
        change !== null ? Math.max(0, capOf(coin)) / (1 + change / 100) : Math.max(0, capOf(coin));
    });
    this.snapshot.ranked = coins;
    const share = (id: string) =>
      total > 0 ? (Math.max(0, capOf(this.snapshot.coins.get(id) ?? coins[0]!)) / total) * 100 : 0;
    this.snapshot.global = {
      totalMarketCap: total,
      totalMarketCap24hAgo: total24hAgo,
      totalVolume24h: coins.reduce((sum, coin) => sum + (coin.metrics?.amount24h ?? 0), 0),
      btcDominance: this.snapshot.coins.has('bitcoin') ? share('bitcoin') : 0,
      ethDominance: this.snapshot.coins.has('ethereum') ? share('ethereum') : 0,
      rising,
      falling,
      unchanged,
    };
    // ExRank follows the exchange score (with its rank hysteresis); venues not yet scored follow by healthy
    // (in-band) turnover, so wash or outlier volume never counts.
    const scoreRank = new Map(this.scorer.exchangeRanking().map((id, index) => [id, index]));
    const exchanges = [...this.snapshot.exchanges.values()].sort(
      (a, b) =>
        (scoreRank.get(a.profile.id) ?? Infinity) - (scoreRank.get(b.profile.id) ?? Infinity) ||
        b.healthyAmount24h - a.healthyAmount24h,
    );
    exchanges.forEach((exchange, index) => (exchange.exRank = index + 1));
    this.snapshot.exchangesRanked = exchanges;
  }
}

function emptyCoinState(profile: CoinProfile): CoinState {
  return {
    profile,
    rank: 0,
    price: null,
    asOf: 0,
    degraded: false,
    venues: [],
    metrics: null,
    marketShare: null,
    certification: 'unauthenticated',
    listedAt: null,
    social: null,
    onChain: null,
    score: null,
  };
}

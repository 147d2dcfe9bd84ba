import type { FastifyBaseLogger } from 'fastify';

import type { MarketDataProvider, CoinProfile, Resolution } from '@coinlens/market-model';
import type { CandleRepository } from '../market-store/candle.repository.js';
import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { ScoreReadingRepository } from '../market-store/score-reading.repository.js';
import { CoinFigures } from './coin-figures.js';
import { HistoryCache } from './history-cache.js';
import { JobScheduler } from './job-scheduler.js';
import { CandlesJob } from './jobs/candles-job.js';
import { HistoryBackfill } from './jobs/history-backfill.js';
import { ProfilesJob } from './jobs/profiles-job.js';
import { RatesJob } from './jobs/rates-job.js';
import { RetentionJob } from './jobs/retention-job.js';
import { ScoreJob } from './jobs/score-job.js';
import { SignalsJob } from './jobs/signals-job.js';
import type { PriceSource, TickListener } from './jobs/tick-job.js';
import { TickJob } from './jobs/tick-job.js';
import { VenuesJob } from './jobs/venues-job.js';
import { MarketRanking } from './market-ranking.js';
import { MarketScorer } from './market-scorer.js';
import { StagedScoreCadence } from './staged-score-cadence.js';

export interface IngestOptions {
  /** How often live prices are pulled (simulator: every second). */
  tickMs: number;
  prices: PriceSource;
  candleMs: number;
  ratesMs: number;
  signalsMs: number;
  /** How often the score is recomputed (it samples tapes and books). */
  scoreMs: number;
  /** How far back each resolution is back-filled on first start. */
  backfillMs: Readonly<Record<Resolution, number>>;
  now: () => number;
  /** Where hourly score readings are kept across restarts; none keeps them in memory only. */
  scoreReadings?: ScoreReadingRepository;
  /** Draws when a staged start's score samples next (staged-score-cadence.ts); default Math.random. */
  random?: () => number;
}

export const DEFAULT_BACKFILL_MS: Readonly<Record<Resolution, number>> = {
  '1m': 2 * 3_600_000,
  '5m': 26 * 3_600_000,
  '1h': 8 * 86_400_000,
  '1d': 5 * 365 * 86_400_000,
};

/** How often a batch of coins' venue tickers is read where prices come from aggregate quotes. */
const VENUES_MS = 60_000;
/**
 * How often profiles are read again where details arrive behind a staged start: each read is one or two list calls
 * (2 of the public tier's 30 a minute), and merges whatever details the signals and the background fill have
 * fetched since.
 */
const PROFILES_MS = 60_000;
/**
 * Until a first score is published every score field is null and the market reads "warming", so a first run that
 * failed (a timeout on a machine busy starting up) is tried again this soon, not after the job's back-off.
 */
const FIRST_SCORE_RETRY_MS = 15_000;
/** While a staged start's venues are still being read for the first time, the score runs this often. */
const WARM_UP_SCORE_MS = 60_000;

/** What every job in jobs/ offers the scheduler. */
interface IngestJob {
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Pulls from one provider into the snapshot and the candle store (jobs/: one job per concern): profiles, rates,
 * recent history, signals and a first tick at start, then every job on its interval; the daily history follows
 * in the background. Owns what the jobs share: the in-memory history, the coins' figures, the ranking.
 */
export class MarketIngest {
  private readonly scheduler: JobScheduler;
  private readonly profiles: ProfilesJob;
  private readonly backfill: HistoryBackfill;
  private readonly ticks: TickJob;
  private readonly candles: CandlesJob;
  private readonly rates: RatesJob;
  private readonly signals: SignalsJob;
  private readonly scoring: ScoreJob;
  private readonly scoreCadence: StagedScoreCadence;
  private readonly retention: RetentionJob;
  /** Venue tickers where prices come from aggregate quotes (null where the tick itself reads venues). */
  private readonly venues: VenuesJob | null;
  private readonly scorer: MarketScorer;
  /** Aborts the background history load when the server stops. */
  private readonly stopping = new AbortController();
  private deepHistory: Promise<void> = Promise.resolve();
  private historyDone = false;

  constructor(
    provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    candles: CandleRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestOptions,
  ) {
    const { now } = options;
    const history = new HistoryCache();
    this.scheduler = new JobScheduler(log, now);
    const scorer = new MarketScorer(provider, snapshot, log, now, options.scoreReadings ?? null);
    this.scorer = scorer;
    const ranking = new MarketRanking(snapshot, scorer);
    this.profiles = new ProfilesJob(provider, snapshot, now);
    this.backfill = new HistoryBackfill(provider, candles, history, log, options.backfillMs, now);
    this.ticks = new TickJob(provider, snapshot, new CoinFigures(history), ranking, options.prices, now);
    this.candles = new CandlesJob(provider, snapshot, candles, history, options.backfillMs['1m'], now);
    this.rates = new RatesJob(provider, snapshot);
    this.signals = new SignalsJob(provider, snapshot);
    this.scoring = new ScoreJob(scorer, snapshot, ranking, now, () => this.backfill.storedOnce);
    this.scoreCadence = new StagedScoreCadence(options.scoreMs, WARM_UP_SCORE_MS, options.random);
    this.retention = new RetentionJob(candles, now);
    this.venues = options.prices === 'quotes' ? new VenuesJob(provider, snapshot, now) : null;
  }

  /**
   * Whether every figure a screen shows is there: the daily history is in the metrics and the first score has
   * run. Until then the server answers, with those fields still null (health reports `market: warming`).
   */
  get warmedUp(): boolean {
    return this.historyDone && this.scoring.scored;
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

  /** Candles back-filled but not yet stored (0 once the first start's history is on disk). */
  get unwrittenCandles(): number {
    return this.backfill.unwritten;
  }

  onTick(listener: TickListener): () => void {
    return this.ticks.onTick(listener);
  }

  /**
   * Loads profiles and the recent history and computes the first tick, then schedules the jobs; the daily
   * history follows in the background (`historyLoaded`), so the server can listen within seconds.
   */
  async start(signal: AbortSignal): Promise<void> {
    await this.loadProfiles(signal);
    await this.scorer.restoreReadings();
    if (this.venues) return this.startStaged(signal);
    await this.rates
      .run(signal)
      .catch((error: unknown) => this.log.warn({ err: error }, 'exchange rates unavailable at start'));
    await this.backfill.loadRecent(this.coinProfiles(), signal);
    await this.signals
      .run(signal)
      .catch((error: unknown) =>
        this.log.warn({ err: error }, 'social and on-chain signals unavailable at start'),
      );
    await this.tick(signal);
    this.backfill.startWriting();
    this.deepHistory = this.loadDeepHistory(AbortSignal.any([signal, this.stopping.signal]));
    this.schedule();
  }

  /**
   * The start of a rate-limited, quote-priced source (CoinGecko's public tier allows ~30 calls a minute, and
   * history, signals and venues need hundreds): the first tick's prices are served at once; the recent and
   * daily history, signals and venue tickers fill in behind, and until then those fields answer null.
   */
  private async startStaged(signal: AbortSignal): Promise<void> {
    await this.tick(signal);
    const background = AbortSignal.any([signal, this.stopping.signal]);
    void this.rates
      .run(background)
      .catch((error: unknown) => this.log.warn({ err: error }, 'exchange rates unavailable at start'));
    this.deepHistory = this.backfill
      .loadRecent(this.coinProfiles(), background)
      .then(() => {
        this.backfill.startWriting();
        return this.loadDeepHistory(background);
      })
      .catch((error: unknown) => {
        if (!this.stopping.signal.aborted) this.log.error({ err: error }, 'recent history back-fill failed');
      });
    this.schedule();
  }

  /** Each job on its interval, the first run one interval after the start (the score's within a second). */
  private schedule(): void {
    const { tickMs, candleMs, ratesMs, signalsMs, scoreMs } = this.options;
    const job = (name: string, intervalMs: number, timeoutMs: number, work: IngestJob) => ({
      name,
      intervalMs,
      timeoutMs,
      run: (signal: AbortSignal) => work.run(signal),
    });
    this.scheduler.add(job('tickers', tickMs, Math.max(5_000, tickMs * 5), this.ticks), tickMs);
    this.scheduler.add(job('candles', candleMs, 120_000, this.candles), candleMs);
    this.scheduler.add(job('rates', ratesMs, 30_000, this.rates), ratesMs);
    // A staged start reads signals and venues soon after it, and refreshes profiles for the details behind them.
    this.scheduler.add(
      job('signals', signalsMs, this.venues ? 600_000 : 60_000, this.signals),
      this.venues ? 1_000 : signalsMs,
    );
    const score = this.venues
      ? job('score', Math.min(scoreMs, WARM_UP_SCORE_MS), 120_000, {
          run: (signal) =>
            this.scoreCadence.due(this.scoring.lastRun, this.venues?.firstRoundAt ?? null, this.options.now())
              ? this.scoring.run(signal)
              : Promise.resolve(),
        })
      : job('score', scoreMs, 120_000, this.scoring);
    this.scheduler.add(
      { ...score, firstSuccessRetryMs: Math.min(score.intervalMs, FIRST_SCORE_RETRY_MS) },
      Math.min(scoreMs, 1_000),
    );
    this.scheduler.add(job('retention', 3_600_000, 120_000, this.retention), 60_000);
    if (this.venues) {
      this.scheduler.add(job('venues', VENUES_MS, VENUES_MS, this.venues), 5_000);
      this.scheduler.add(job('profiles', PROFILES_MS, 120_000, this.profiles), PROFILES_MS);
    }
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

  loadProfiles(signal: AbortSignal): Promise<void> {
    return this.profiles.run(signal);
  }

  /** Reads and back-fills every resolution at once (start does it in two steps; benches and tools at once). */
  loadHistory(signal: AbortSignal): Promise<void> {
    return this.backfill.loadAll(this.coinProfiles(), signal);
  }

  /** One live update: prices, metrics, ranks, exchange aggregates and global figures. */
  tick(signal: AbortSignal): Promise<void> {
    return this.ticks.run(signal);
  }

  /** Reads social, on-chain and developer signals. */
  refreshSignals(signal: AbortSignal): Promise<void> {
    return this.signals.run(signal);
  }

  /** Reads the next batch of coins' venue tickers (quote-priced sources only; otherwise the tick reads them). */
  async refreshVenues(signal: AbortSignal): Promise<void> {
    await this.venues?.run(signal);
  }

  /** Recomputes the score and applies what follows from it (certification, ExRank) at once. */
  score(signal: AbortSignal): Promise<void> {
    return this.scoring.run(signal);
  }

  private async loadDeepHistory(signal: AbortSignal): Promise<void> {
    try {
      await this.backfill.loadDeep(this.coinProfiles(), signal);
      this.ticks.republishMetrics();
      this.historyDone = true;
      this.log.info('daily history loaded');
    } catch (error) {
      if (!this.stopping.signal.aborted) this.log.error({ err: error }, 'daily history back-fill failed');
    }
  }

  private coinProfiles(): CoinProfile[] {
    return [...this.snapshot.coins.values()].map((coin) => coin.profile);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyBaseLogger } from 'fastify';

import { CandleSeries } from '../../analytics/candle-series.js';
import type { MarketDataProvider, CoinProfile, Resolution } from '@coinlens/market-model';
import { NotFoundError, ProviderError, RateLimitedError, RESOLUTION_MS } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { bucketStart } from '../../market-store/candle-rollup.js';
import { EventLoopSlices } from '../../runtime/event-loop-slices.js';
import type { HistoryCache } from '../history-cache.js';

/** Read before the first tick: cheap, and what the lists show (changes, sparklines, 24 h range). */
const RECENT_RESOLUTIONS: readonly Resolution[] = ['1h', '5m', '1m'];
/** Read after the server is up: years of daily candles (ATH/ATL, ROI, listing day, BTC correlation). */
const DEEP_RESOLUTIONS: readonly Resolution[] = ['1d'];

/** How far after the earliest reachable day a history must start to be taken for the coin's listing. */
const LISTING_MARGIN_MS = 7 * RESOLUTION_MS['1d'];

/** Provider failures in a row that end a back-fill: the source is down, not one coin missing. */
const MAX_FAILURES_IN_A_ROW = 5;
/** The longest rate limit a back-fill waits out before asking the next coin. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** Rows per back-fill write: a few milliseconds of blocking SQLite work at a time. */
const WRITE_ROWS = 200;

/** Back-filled candles not yet stored: the candles of `series` opening in [from, to]. */
interface PendingWrite {
  coinId: string;
  resolution: Resolution;
  series: CandleSeries;
  from: number;
  to: number;
}

/**
 * Fills the in-memory history from the store and what is missing there from the provider, and stores the
 * back-filled candles afterwards, one small transaction at a time with the event loop handed back in between.
 * Pending writes point into the history's own series (no second copy of the candles is held).
 */
export class HistoryBackfill {
  private readonly pending: PendingWrite[] = [];
  private writing: Promise<void> | null = null;
  private writesAllowed = false;
  private stopped = false;
  private loads = 0;
  private markStored: () => void = () => undefined;
  /** Settles the first time everything loaded is stored. */
  readonly stored = new Promise<void>((resolve) => (this.markStored = resolve));
  /** Whether everything loaded has been stored once (`stored` has settled). */
  storedOnce = false;

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly candles: CandleRepository,
    private readonly history: HistoryCache,
    private readonly log: FastifyBaseLogger,
    private readonly backfillMs: Readonly<Record<Resolution, number>>,
    private readonly now: () => number,
  ) {}

  /** Candles back-filled but not yet stored (0 once the first start's history is on disk). */
  get unwritten(): number {
    return this.pending.reduce(
      (sum, write) => sum + write.series.firstAfter(write.to) - write.series.firstAtOrAfter(write.from),
      0,
    );
  }

  /** The recent history (1h, 5m, 1m): what start-up reads before the first tick. */
  loadRecent(coins: readonly CoinProfile[], signal: AbortSignal): Promise<void> {
    return this.load(coins, RECENT_RESOLUTIONS, signal);
  }

  /** The daily history: what start-up reads in the background once the server is up. */
  loadDeep(coins: readonly CoinProfile[], signal: AbortSignal): Promise<void> {
    return this.load(coins, DEEP_RESOLUTIONS, signal);
  }

  /** Every resolution at once (benches and tools). */
  loadAll(coins: readonly CoinProfile[], signal: AbortSignal): Promise<void> {
    return this.load(coins, [...RECENT_RESOLUTIONS, ...DEEP_RESOLUTIONS], signal);
  }

  /**
   * Reads each coin's stored candles of `resolutions` into the history and back-fills what is missing from the
   * provider; the new candles are queued for storing.
   */
  private async load(
    coins: readonly CoinProfile[],
    resolutions: readonly Resolution[],
    signal: AbortSignal,
  ): Promise<void> {
    if (!this.provider.capabilities.has('candles')) return;
    this.loads++;
    try {
      await this.loadResolutions(coins, resolutions, signal);
    } finally {
      this.loads--;
      this.reportWhenStored();
    }
  }

  /**
   * Each resolution coin by coin. One coin's failure costs only that coin: a coin the source does not know is
   * skipped, a short rate limit is waited out, a coin that fails is asked again once after the others; `MAX_FAILURES_IN_A_ROW` failures in a row (the source
   * is down) end the load with the last error.
   */
  private async loadResolutions(
    coins: readonly CoinProfile[],
    resolutions: readonly Resolution[],
    signal: AbortSignal,
  ): Promise<void> {
    const now = this.now();
    const slices = new EventLoopSlices();
    for (const resolution of resolutions) {
      const latest = await this.candles.latestTimes(resolution);
      let failuresInARow = 0;
      let queue = coins;
      for (const attempt of [1, 2]) {
        const failed: CoinProfile[] = [];
        for (const coin of queue) {
          await slices.pause();
          signal.throwIfAborted();
          try {
            await this.loadCoin(coin, resolution, latest.get(coin.id), now, signal);
            failuresInARow = 0;
          } catch (error) {
            if (signal.aborted || !(error instanceof ProviderError)) throw error;
            // A coin the source does not know is no outage, and asking again will not find it.
            if (error instanceof NotFoundError) continue;
            if (++failuresInARow >= MAX_FAILURES_IN_A_ROW) throw error;
            if (error instanceof RateLimitedError && error.retryAfterMs <= MAX_RATE_LIMIT_WAIT_MS)
              await sleep(error.retryAfterMs, undefined, { signal });
            failed.push(coin);
          }
        }
        if (failed.length > 0 && attempt === 2)
          this.log.warn({ resolution, coins: failed.length }, 'history back-fill left coins out');
        queue = failed;
      }
    }
  }

  /** Reads one coin's stored candles of `resolution` and back-fills what is missing from the provider. */
  private async loadCoin(
    coin: CoinProfile,
    resolution: Resolution,
    latestStored: number | undefined,
    now: number,
    signal: AbortSignal,
  ): Promise<void> {
    const windowStart = this.backfillStart(coin, resolution, now);
    const from = Math.max(windowStart, (latestStored ?? -Infinity) + RESOLUTION_MS[resolution]);
    const missing =
      from < now
        ? await this.provider.getCandles({ coinId: coin.id, resolution, from, to: now }, signal)
        : [];
    const stored =
      resolution === '1m' ? [] : await this.candles.range(coin.id, resolution, windowStart, now + 1);
    this.history.add(coin.id, resolution, stored.length > 0 ? [...stored, ...missing] : missing, now);
    if (resolution === '1d')
      this.history.markDeepLoaded(coin.id, this.reachesListing(coin, windowStart, now));
    const first = missing[0];
    const last = missing.at(-1);
    if (!first || !last) return;
    const kept = this.keptSeries(coin.id, resolution);
    const series = kept && kept.length > 0 && kept.time(0) <= first.time ? kept : CandleSeries.from(missing);
    this.pending.push({ coinId: coin.id, resolution, series, from: first.time, to: last.time });
    if (this.writesAllowed) this.drain();
  }

  /** Lets the queued writes go ahead: nothing is written before the start has finished reading the store. */
  startWriting(): void {
    this.writesAllowed = true;
    this.drain();
  }

  /** Waits for the write in progress; candles not yet stored are back-filled again on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.writing;
  }

  /**
   * Whether the coin's daily history starts at its listing: at the first day the provider's record names, or,
   * without one, well after both the back-fill window and the source's plan could have reached (a source's first
   * candles may start a day or two after its horizon: those are where it stops, not a listing).
   */
  private reachesListing(profile: CoinProfile, windowStart: number, now: number): boolean {
    const first = this.history.get(profile.id).daily.firstDay?.time;
    if (first === undefined) return false;
    if (profile.historySince !== undefined)
      return first <= bucketStart(profile.historySince, '1d') + RESOLUTION_MS['1d'];
    const horizon = this.provider.historyHorizon?.('1d', now) ?? -Infinity;
    return first >= Math.max(windowStart, horizon) + LISTING_MARGIN_MS;
  }

  private keptSeries(coinId: string, resolution: Resolution): CandleSeries | null {
    const history = this.history.get(coinId);
    if (resolution === '5m') return history.fiveMinute;
    if (resolution === '1h') return history.hourly;
    if (resolution === '1d') return history.daily.recent;
    return null;
  }

  /** Where a coin's back-fill starts: the default window, or further back for daily history the provider has. */
  private backfillStart(profile: CoinProfile, resolution: Resolution, now: number): number {
    const window = bucketStart(now - this.backfillMs[resolution], resolution);
    if (resolution !== '1d' || profile.historySince === undefined) return window;
    return Math.min(window, bucketStart(profile.historySince, resolution));
  }

  private drain(): void {
    this.writing ??= (async () => {
      // A slice per write (each is up to WRITE_ROWS rows), taken in turns with the other sliced jobs.
      const slices = new EventLoopSlices(0);
      while (!this.stopped) {
        await slices.pause();
        const next = this.pending[0];
        if (!next) break;
        const start = next.series.firstAtOrAfter(next.from);
        const end = next.series.firstAfter(next.to);
        const stop = Math.min(end, start + WRITE_ROWS);
        if (stop >= end) this.pending.shift();
        else next.from = next.series.time(stop);
        if (stop <= start) continue;
        await this.candles
          .upsert(next.coinId, next.resolution, next.series.toArray(start, stop))
          .catch((error: unknown) => {
            this.log.error(
              { err: error, coinId: next.coinId, resolution: next.resolution },
              'candle back-fill write failed',
            );
          });
      }
    })().finally(() => {
      this.writing = null;
      if (this.pending.length > 0 && !this.stopped) this.drain();
      else this.reportWhenStored();
    });
  }

  /** Logs once everything loaded so far is stored (the start-up bench waits for this line). */
  private reportWhenStored(): void {
    if (this.loads === 0 && this.pending.length === 0 && this.writing === null && this.writesAllowed) {
      this.log.info('back-filled history stored');
      this.storedOnce = true;
      this.markStored();
    }
  }
}

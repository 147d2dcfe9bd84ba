import { performance } from 'node:perf_hooks';

import type { FastifyBaseLogger } from 'fastify';

import { EventLoopSlices } from '../runtime/event-loop-slices.js';
import type { ScoreFactor } from '@coinlens/contract';
import type { Capability, MarketDataProvider, SocialSnapshot, VenueTicker } from '@coinlens/market-model';
import { tickerCopy } from '@coinlens/market-model';
import {
  CoinReadings,
  coinFactorValues,
  coverageOf,
  explainMovement,
  fitDepthMultiples,
  judgeTapeAlone,
  scoreCoins,
  scoreExchanges,
  ScoreSmoother,
  TapeWindows,
  tapeCapped,
  TapeRates,
  typicalReading,
  VenueJudge,
} from '@coinlens/score';
import type {
  Baseline,
  CoinEvidence,
  CoinFactorValues,
  FactorSource,
  LeaderDepth,
  SocialReading,
  VenueIntegrity,
  VenueMarket,
} from '@coinlens/score';
import type { CoinState, MarketSnapshot } from '../market-store/market-snapshot.js';
import { HourlyScoreReadings, SCORE_HISTORY_HOURS } from '../market-store/hourly-score-readings.js';
import type { CorroborationPoint, HourlyReading } from '../market-store/hourly-reading.js';
import type { ScoreReadingRepository } from '../market-store/score-reading.repository.js';
import { DEFAULT_SAMPLER_OPTIONS, VenueSampler } from './venue-sampler.js';
import type { VenueCoinDepth } from './venue-sampler.js';
import { addDepth } from './book-depth.js';
import type { DepthReading } from './book-depth.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Daily points the week's baseline needs: with fewer, a median is one day's reading. */
const WEEK_BASELINE_POINTS = 3;

/**
 * One market per venue for a coin, over all its quote currencies (so the venue share cap applies to the venue):
 * reported volume summed, excluded as an outlier when most of it is on pairs outside the price band. A venue
 * counts as checked for the coin when its book of the coin or its tapes were read; one nobody read is unchecked,
 * whatever its source publishes.
 */
function venueMarkets(
  coin: CoinState,
  depth: VenueCoinDepth,
  integrityOf: (exchangeId: string, coinId: string) => number | undefined,
  tapeDailyUsd: (ticker: VenueTicker) => number | null,
): VenueMarket[] {
  const byVenue = new Map<
    string,
    { reported: number; excluded: number; tapeCapped: number; taped: boolean }
  >();
  for (const { ticker, excluded } of coin.venues) {
    const entry = byVenue.get(ticker.exchangeId) ?? { reported: 0, excluded: 0, tapeCapped: 0, taped: false };
    entry.reported += ticker.volumeUsd24h;
    if (excluded) entry.excluded += ticker.volumeUsd24h;
    // Each pair against its own tape; a pair whose tape was not read keeps what it reports.
    const tape = tapeDailyUsd(ticker);
    entry.tapeCapped += tapeCapped(ticker.volumeUsd24h, tape);
    entry.taped ||= tape !== null;
    byVenue.set(ticker.exchangeId, entry);
  }
  return [...byVenue].map(([exchangeId, { reported, excluded, tapeCapped: capped, taped }]) => {
    const reading = depth.get(exchangeId, coin.profile.id);
    const integrity = integrityOf(exchangeId, coin.profile.id);
    return {
      exchangeId,
      reportedVolumeUsd24h: reported,
      depthUsd2pct: reading?.usd ?? null,
      depthLowerBound: reading?.lowerBound ?? false,
      // Integrity weighs an unchecked venue's published depth in liquidity; its volume is not counted at all.
      integrity: integrity ?? 1,
      priceExcluded: reported > 0 ? excluded / reported > 0.5 : excluded > 0,
      evidenced: reading?.booked === true || integrity !== undefined,
      tapeCappedUsd: taped ? capped : null,
    };
  });
}

/**
 * Each venue's main quote of each coin (its largest pair by reported volume), keyed `exchange|coin`: a rotated read
 * of another quote is not read by the flow tests, as a run reads only a coin's main pair on a venue.
 */
function mainQuoteByVenueCoin(tickers: readonly VenueTicker[]): Map<string, string> {
  const largest = new Map<string, VenueTicker>();
  for (const ticker of tickers) {
    const key = `${ticker.exchangeId}|${ticker.coinId}`;
    const known = largest.get(key);
    if (!known || ticker.volumeUsd24h > known.volumeUsd24h) largest.set(key, ticker);
  }
  return new Map([...largest].map(([key, ticker]) => [key, ticker.quote]));
}

function corroboration(point: CorroborationPoint): Omit<Baseline, 'window'> {
  return {
    social: point.social,
    activeAddresses24h: point.activeAddresses24h,
    verifiedVolumeUsd: point.verifiedVolumeUsd,
  };
}

function socialReading(social: SocialSnapshot | null): SocialReading | null {
  if (!social) return null;
  const known = [social.followers.x, social.followers.reddit, social.followers.telegram].filter(
    (count) => count !== null,
  );
  return {
    followers: known.length > 0 ? known.reduce((sum, count) => sum + count, 0) : null,
    engagement24h: social.engagement24h,
  };
}

/** Where a run's computing goes (they sum to `computeMs`). */
export interface ComputeParts {
  /** Reducing each sampled pair's prints and books as they arrive (the judge's tallies and coin tapes). */
  tapesMs: number;
  /** Each venue's ±2 % depth per coin from its books and published figures. */
  depthMs: number;
  /** The venues' integrity from their tallies and tapes (copies, leaders, features, scores). */
  judgeMs: number;
  /** Every coin's evidence, factors, score, rank and coverage. */
  coinsMs: number;
  /** The exchanges' scores. */
  exchangesMs: number;
}

/**
 * Runs the score over the live market (docs/score-methodology.md): samples tapes and books, judges each venue's
 * integrity, scores coins and exchanges, smooths them, and writes the results into the snapshot, where the
 * procedures, ExRank and certification read them. Each coin's first reading of every hour is stored, so "why it
 * moved" and the 30-day history survive a restart (`restoreReadings`).
 */
export class MarketScorer {
  private readonly sampler: VenueSampler;
  private readonly coinSmoother = new ScoreSmoother();
  private readonly exchangeSmoother = new ScoreSmoother();
  private readonly hourly = new HourlyScoreReadings();
  private venueIntegrity = new Map<string, VenueIntegrity>();
  /** The flow tests' windows of the last runs, lent to a venue or coin whose window is short (tape-windows.ts). */
  private readonly tapeWindows = new TapeWindows();
  /** Each venue's coins as their own tapes last judged them, in a run or the rotation (coin-readings.ts). */
  private readonly coinReadings = new CoinReadings();
  /**
   * The rotation's windows, apart from the runs': a run's sample pools with the earlier runs' windows, and a
   * rotation's read only with the earlier reads of its coin.
   */
  private readonly rotationWindows = new TapeWindows();
  /** The last run's depth, which tells the rotation's reads whether their pair leads its coin's price. */
  private leaderDepth: LeaderDepth | undefined;
  /** What each sampled pair's tape prints a day, pooled over the last day's runs. */
  private readonly tapeRates = new TapeRates();
  /** A coin's USD price in the snapshot, which values its prints for the tape rates. */
  private readonly usdPerCoin = (coinId: string): number | null =>
    this.snapshot.coins.get(coinId)?.price ?? null;
  /** How long the last run took: sampling the source, and computing from the sample (and its parts). */
  lastRun: { sampleMs: number; computeMs: number; parts: ComputeParts } = {
    sampleMs: 0,
    computeMs: 0,
    parts: { tapesMs: 0, depthMs: 0, judgeMs: 0, coinsMs: 0, exchangesMs: 0 },
  };

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly stored: ScoreReadingRepository | null = null,
  ) {
    this.sampler = new VenueSampler(provider, { ...DEFAULT_SAMPLER_OPTIONS, now });
  }

  /** Reads the stored hourly readings back (at start, before the first run); a failure only costs the history. */
  async restoreReadings(): Promise<void> {
    if (!this.stored) return;
    const now = this.now();
    try {
      this.hourly.restore(await this.stored.since(now - SCORE_HISTORY_HOURS * HOUR_MS), now);
    } catch (error) {
      this.log.warn({ err: error }, 'stored score readings could not be read; the history starts anew');
    }
  }

  /**
   * After a run: reads the tapes of pairs the runs' samples leave out, in rotation (venue-sampler.ts `rotate`),
   * into the day's tape rates, so the next runs hold each pair's reported volume to its own tape.
   */
  async rotateTapes(signal: AbortSignal): Promise<void> {
    const now = this.now();
    const tickers = [...this.snapshot.coins.values()]
      .filter((coin) => coin.price !== null)
      .flatMap((coin) => coin.venues.map((venue) => venue.ticker));
    const mainQuotes = mainQuoteByVenueCoin(tickers);
    await this.sampler.rotate(tickers, signal, (exchangeId, trades) => {
      this.tapeRates.record(exchangeId, trades, this.usdPerCoin, now);
      const first = trades[0];
      const reading = judgeTapeAlone(exchangeId, trades, {
        depth: this.leaderDepth,
        windows: { windows: this.rotationWindows, now },
        mainPair: first !== undefined && mainQuotes.get(`${exchangeId}|${first.coinId}`) === first.quote,
      });
      if (reading) this.coinReadings.record(exchangeId, reading.coinId, reading.integrity, now);
    });
  }

  /** The last computed integrity of a venue, null when it was never sampled. */
  integrityOf(exchangeId: string): VenueIntegrity | null {
    return this.venueIntegrity.get(exchangeId) ?? null;
  }

  async run(signal: AbortSignal): Promise<void> {
    const now = this.now();
    const coins = [...this.snapshot.coins.values()].filter((coin) => coin.price !== null);
    // Copies: the snapshot's tickers read columns that later ticks overwrite, and the run samples for seconds.
    const tickers: VenueTicker[] = coins.flatMap((coin) =>
      coin.venues.map((venue) => tickerCopy(venue.ticker)),
    );
    const sampleStarted = performance.now();
    // Each pair's prints are reduced as they arrive and let go (venue-sampler.ts `SampleSink`).
    const judge = new VenueJudge();
    const slices = new EventLoopSlices();
    const pause = async () => {
      await slices.pause();
      signal.throwIfAborted();
    };
    // No turn is handed back between reading a pair and reducing it (the sampler hands turns back between pairs):
    // prints alive across a turn outlive the young collections the other jobs' allocations bring, and are promoted.
    await this.sampler.sample(tickers, signal, {
      pair: (exchangeId, trades, books) => {
        this.tapeRates.record(exchangeId, trades, this.usdPerCoin, now);
        judge.addTape(exchangeId, trades, books);
      },
      venue: (figures) => judge.closeVenue(figures),
    });
    const announcements = await this.announcementCounts(now, signal);
    // The judge's share of the sampling time is computing, counted in `computeMs`.
    const sampleMs = performance.now() - sampleStarted - judge.busyMs;
    const tapesMs = judge.busyMs;
    // The rest hands the event loop back too (~300 ms of work over the default universe); `computeMs` counts the
    // run's own busy time, not the turns it hands to others.
    let computeMs = 0;
    let busySince = performance.now();
    const computePause = async () => {
      computeMs += performance.now() - busySince;
      await pause();
      busySince = performance.now();
    };
    const depth = await this.sampler.depthByVenueCoin(tickers, computePause);
    computeMs += performance.now() - busySince;
    const depthMs = computeMs;
    // Which pairs follow another venue's price: by the depth of the whole band (a floor decides nothing), against
    // every venue trading the coin, sampled or not.
    const concurrent = new Map<string, number[]>();
    for (const coins of depth.byVenue().values())
      for (const [coinId, reading] of coins)
        if (!reading.lowerBound) {
          const depths = concurrent.get(coinId);
          if (depths) depths.push(reading.usd);
          else concurrent.set(coinId, [reading.usd]);
        }
    this.tapeWindows.forgetBefore(now);
    this.coinReadings.forgetBefore(now);
    this.rotationWindows.forgetBefore(now);
    this.leaderDepth = {
      of: (exchangeId, coinId) => {
        const reading = depth.get(exchangeId, coinId);
        return reading && !reading.lowerBound ? reading.usd : null;
      },
      concurrent: (coinId) => concurrent.get(coinId) ?? [],
    };
    const judged = await judge.judge(pause, this.leaderDepth, { windows: this.tapeWindows, now });
    computeMs += judge.busyMs;
    const judgeMs = judge.busyMs - tapesMs;
    busySince = performance.now();
    this.venueIntegrity = new Map(judged.map((venue) => [venue.exchangeId, venue]));
    for (const venue of judged)
      for (const [coinId, integrity] of Object.entries(venue.coins))
        this.coinReadings.record(venue.exchangeId, coinId, integrity, now);
    const evidence: CoinEvidence[] = [];
    for (const coin of coins) {
      evidence.push(this.evidenceOf(coin, depth, announcements, now));
      await computePause();
    }
    const depthMultipleOf = fitDepthMultiples(evidence);
    await computePause();
    const values = evidence.map((entry) => coinFactorValues(entry, depthMultipleOf(entry.coinId)));
    await computePause();
    const scores = scoreCoins(values);
    const smoothed = this.coinSmoother.update(
      new Map(scores.map((score) => [score.coinId, score.score])),
      now,
    );
    // Stablecoins keep their score but follow every other scored coin in the ranking: their volume and depth are
    // mostly the quote side of other coins' trades (docs/score-methodology.md §3a).
    const stable = (id: string) => this.snapshot.coins.get(id)?.profile.stablecoin === true;
    const smoothedRanking = this.coinSmoother.ranking();
    const ranking = [
      ...smoothedRanking.filter((id) => !stable(id)),
      ...smoothedRanking.filter((id) => stable(id)),
    ];
    const rankOf = new Map(ranking.map((id, index) => [id, index + 1]));
    const scoredIds = new Set<string>();
    const newReadings: { coinId: string; entry: HourlyReading }[] = [];
    for (const score of scores) {
      const coin = this.snapshot.coins.get(score.coinId);
      if (!coin) continue;
      scoredIds.add(score.coinId);
      const entry = this.recordHourly(coin, score, now);
      if (entry) newReadings.push({ coinId: score.coinId, entry });
      const dayAgo = this.hourly.dayAgo(score.coinId, now);
      const value = smoothed.get(score.coinId) ?? score.score;
      coin.score = {
        value,
        rank: rankOf.get(score.coinId) ?? ranking.length,
        detail: score,
        movement:
          dayAgo && dayAgo.time <= now - HOUR_MS
            ? explainMovement(dayAgo.reading, { ...score, score: value })
            : null,
        movementSince: dayAgo && dayAgo.time <= now - HOUR_MS ? dayAgo.time : null,
        history: this.hourly.history(score.coinId),
        asOf: now,
      };
    }
    for (const coin of this.snapshot.coins.values()) if (!scoredIds.has(coin.profile.id)) coin.score = null;
    values.forEach((value, index) => {
      const coin = this.snapshot.coins.get(value.coinId);
      if (coin) coin.coverage = coverageOf(value.raw, this.sources(coin, evidence[index]!, depth, now));
    });
    await computePause();
    const exchangesStarted = performance.now();
    this.scoreExchanges(values, depth, now);
    const exchangesMs = performance.now() - exchangesStarted;
    computeMs += performance.now() - busySince;
    this.lastRun = {
      sampleMs,
      computeMs,
      parts: {
        tapesMs,
        depthMs,
        judgeMs,
        coinsMs: computeMs - tapesMs - depthMs - judgeMs - exchangesMs,
        exchangesMs,
      },
    };
    await this.storeReadings(newReadings, now);
  }

  /** Stores the hour's new readings and, once an hour with them, forgets what the history no longer needs. */
  private async storeReadings(
    entries: readonly { coinId: string; entry: HourlyReading }[],
    now: number,
  ): Promise<void> {
    if (!this.stored || entries.length === 0) return;
    try {
      await this.stored.insert(entries);
      await this.stored.prune(now - SCORE_HISTORY_HOURS * HOUR_MS, now - DAY_MS - 2 * HOUR_MS);
    } catch (error) {
      this.log.warn({ err: error }, 'score readings could not be stored');
    }
  }

  private evidenceOf(
    coin: CoinState,
    depth: VenueCoinDepth,
    announcements: ReadonlyMap<string, number> | null,
    now: number,
  ): CoinEvidence {
    const id = coin.profile.id;
    return {
      coinId: id,
      marketCapUsd: coin.metrics?.circulatingMarketCap ?? null,
      venues: venueMarkets(
        coin,
        depth,
        (exchangeId, coinId) => {
          // A coin outside the run's sample: its own last reading (the rotation's), else the venue's sampled coins.
          const venue = this.venueIntegrity.get(exchangeId);
          return venue
            ? (venue.coins[coinId] ??
                this.coinReadings.of(exchangeId, coinId, now) ??
                venue.unsampledCoinIntegrity)
            : undefined;
        },
        (ticker) => this.tapeRates.dailyUsd(ticker.exchangeId, ticker.coinId, ticker.quote, now),
      ),
      social: socialReading(coin.social),
      onChain:
        coin.onChain || coin.developer
          ? {
              activeAddresses24h: coin.onChain?.activeAddresses24h ?? null,
              top10HolderShare: coin.onChain?.top10HolderShare ?? null,
              // Live sources measure commits over four weeks; the simulator reports 30 days on-chain.
              developerCommits30d: coin.developer?.commits4w ?? coin.onChain?.developerCommits30d ?? null,
              fees24hUsd: coin.onChain?.fees24hUsd ?? null,
            }
          : null,
      announcements30d: announcements ? (announcements.get(id) ?? 0) : null,
      baselines: this.baselines(id, now),
    };
  }

  /** The coin's readings a day before, typical of the last week, and a month before: those old enough to say
   * something about growth. */
  private baselines(coinId: string, now: number): Baseline[] {
    const baselines: Baseline[] = [];
    const day = this.hourly.dayAgo(coinId, now);
    if (day && day.time <= now - 12 * HOUR_MS) baselines.push({ window: 'day', ...corroboration(day) });
    const week = this.hourly.dailyPoints(coinId, now - WEEK_MS - HOUR_MS, now - 12 * HOUR_MS);
    if (week.length >= WEEK_BASELINE_POINTS) baselines.push({ window: 'week', ...typicalReading(week) });
    const month = this.hourly.monthAgo(coinId, now);
    if (month) baselines.push({ window: 'month', ...corroboration(month) });
    return baselines;
  }

  /** The source that serves `capability` (a composite names the one it routes to). */
  private sourceName(capability: Capability): string {
    return this.provider.sourceOf?.(capability) ?? this.provider.name;
  }

  /**
   * Where each factor's data came from for this coin (kept only for the factors that had a value): each names
   * only the sources that gave its figure — the tickers' source for reported volume and published depth, the
   * books' and trades' source only where a book or a tape was read.
   */
  private sources(
    coin: CoinState,
    evidence: CoinEvidence,
    depth: VenueCoinDepth,
    now: number,
  ): Record<ScoreFactor, FactorSource | null> {
    const of = (capability: Capability, asOf: number): FactorSource => ({
      source: this.sourceName(capability),
      asOf,
    });
    const venuesAsOf = Math.max(0, ...coin.venues.map((venue) => venue.ticker.timestamp));
    const counted = evidence.venues.filter((venue) => !venue.priceExcluded);
    const readings = counted.flatMap((venue) => depth.get(venue.exchangeId, coin.profile.id) ?? []);
    const checked = counted.filter((venue) => venue.evidenced);
    const depthSources = [
      ...(readings.some((reading) => reading.figure.book) ? [this.sourceName('orderBooks')] : []),
      ...(readings.some((reading) => reading.figure.published) ? [this.sourceName('tickers')] : []),
    ];
    const volumeSources = [
      this.sourceName('tickers'),
      ...(checked.some((venue) => this.venueIntegrity.has(venue.exchangeId))
        ? [this.sourceName('trades')]
        : []),
      ...(checked.some((venue) => depth.get(venue.exchangeId, coin.profile.id)?.booked)
        ? [this.sourceName('orderBooks')]
        : []),
    ];
    const join = (names: string[]) => [...new Set(names)].join(' + ');
    return {
      market_cap: of('coins', coin.asOf),
      verified_volume: checked.length > 0 ? { source: join(volumeSources), asOf: venuesAsOf || now } : null,
      liquidity: depthSources.length > 0 ? { source: join(depthSources), asOf: venuesAsOf || now } : null,
      social: coin.social ? of('social', coin.social.timestamp) : null,
      on_chain: coin.onChain ? of('onChain', coin.onChain.timestamp) : null,
      developer: coin.developer
        ? { source: coin.developer.source, asOf: coin.developer.timestamp }
        : coin.onChain
          ? of('onChain', coin.onChain.timestamp)
          : null,
      official: evidence.announcements30d === null ? null : of('announcements', now),
    };
  }

  /** The coin's reading for this hour, unless the hour has one (the first run of an hour speaks for it). */
  private recordHourly(
    coin: CoinState,
    score: ReturnType<typeof scoreCoins>[number],
    now: number,
  ): HourlyReading | null {
    const id = coin.profile.id;
    return this.hourly.record(id, now, () => ({
      reading: {
        score: this.coinSmoother.smoothedValue(id) ?? score.score,
        components: score.components,
        flags: score.flags,
      },
      social: socialReading(coin.social),
      activeAddresses24h: coin.onChain?.activeAddresses24h ?? null,
      verifiedVolumeUsd: score.values.volume.verified,
    }));
  }

  private async announcementCounts(now: number, signal: AbortSignal): Promise<Map<string, number> | null> {
    if (!this.provider.capabilities.has('announcements')) return null;
    try {
      const counts = new Map<string, number>();
      for (const announcement of await this.provider.getAnnouncements(now - 30 * DAY_MS, signal))
        counts.set(announcement.coinId, (counts.get(announcement.coinId) ?? 0) + 1);
      return counts;
    } catch (error) {
      if (signal.aborted) throw error;
      this.log.warn({ err: error }, 'announcements unavailable for the score');
      return null;
    }
  }

  private scoreExchanges(values: readonly CoinFactorValues[], depth: VenueCoinDepth, now: number): void {
    const verified = new Map<string, number>();
    const reported = new Map<string, number>();
    for (const coin of values)
      for (const venue of coin.volume.venues) {
        // The venue's own plausible volume: the per-coin share cap protects a coin's figure from one venue, it
        // must not shrink a large honest venue's standing among exchanges.
        verified.set(venue.exchangeId, (verified.get(venue.exchangeId) ?? 0) + venue.plausible);
        reported.set(venue.exchangeId, (reported.get(venue.exchangeId) ?? 0) + venue.reported);
      }
    // Every pair's depth: its sampled book where one was read, combined with what its source publishes.
    const readings = new Map<string, DepthReading>();
    for (const [exchangeId, coins] of depth.byVenue())
      for (const reading of coins.values()) {
        const known = readings.get(exchangeId);
        readings.set(exchangeId, known ? addDepth(known, reading) : reading);
      }
    const exchanges = [...this.snapshot.exchanges.values()].filter((exchange) =>
      reported.has(exchange.profile.id),
    );
    const scores = scoreExchanges(
      exchanges.map((exchange) => ({
        exchangeId: exchange.profile.id,
        integrity: this.venueIntegrity.get(exchange.profile.id)?.integrity ?? 1,
        reportedVolumeUsd24h: reported.get(exchange.profile.id) ?? 0,
        verifiedVolumeUsd24h: verified.get(exchange.profile.id) ?? 0,
        depthUsd2pct: readings.get(exchange.profile.id)?.usd ?? null,
        pairCount: exchange.pairCount,
      })),
    );
    const smoothed = this.exchangeSmoother.update(
      new Map(scores.map((score) => [score.exchangeId, score.score])),
      now,
    );
    const source = (capabilities: readonly Capability[]): FactorSource | null =>
      capabilities.length > 0
        ? { source: [...new Set(capabilities.map((name) => this.sourceName(name)))].join(' + '), asOf: now }
        : null;
    for (const score of scores) {
      const exchange = this.snapshot.exchanges.get(score.exchangeId);
      if (!exchange) continue;
      const sampled = this.venueIntegrity.has(score.exchangeId);
      const reading = readings.get(score.exchangeId);
      const figures: Capability[] = [
        ...(reading?.figure.book ? (['orderBooks'] as const) : []),
        ...(reading?.figure.published ? (['tickers'] as const) : []),
      ];
      exchange.score = {
        value: smoothed.get(score.exchangeId) ?? score.score,
        integrity: score.integrity,
        integrityFlags: [...(this.venueIntegrity.get(score.exchangeId)?.flags ?? [])],
        coverage: {
          integrity: sampled ? source(['trades']) : null,
          // Reported by the tickers' source, checked by the tapes and books read.
          verified_volume:
            (verified.get(score.exchangeId) ?? 0) > 0
              ? source([
                  'tickers',
                  ...(sampled ? (['trades'] as const) : []),
                  ...(reading?.booked ? (['orderBooks'] as const) : []),
                ])
              : null,
          liquidity: source(figures),
          pairs: source(['tickers']),
        },
        verifiedAmount24h: verified.get(score.exchangeId) ?? 0,
        detail: score,
        asOf: now,
      };
    }
  }

  /** ±2 % depth in USD per venue and coin as last sampled (the score bench reads it). */
  sampledDepth(tickers: readonly VenueTicker[]): Promise<VenueCoinDepth> {
    return this.sampler.depthByVenueCoin(tickers);
  }

  /** Exchange ids best first by the smoothed exchange score, with hysteresis. */
  exchangeRanking(): readonly string[] {
    return this.exchangeSmoother.ranking();
  }
}

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

import { median } from '../robust-statistics.js';
import { fitDepthMultiples, plausibleVolume } from '../verified-volume.js';
import type { VenueMarket } from '../verified-volume.js';
import { FEATURE_MINIMUMS, featuresOf, pairTallies } from './integrity-features.js';
import type { IntegrityFeatures, PairTally } from './integrity-features.js';
import { markLeaders } from './price-leaders.js';
import type { LeaderDepth } from './price-leaders.js';
import { summedSigns } from './sign-clustering.js';
import { flowWindowOf, SIGN_WINDOW_PRINTS } from './tape-windows.js';
import type { FlowWindow, TapeWindows } from './tape-windows.js';
import { CoinTapes, TapeCopies } from './tape-copy.js';
import type { CoinMarketEvidence, VenueEvidence } from './venue-evidence.js';
import { absoluteIntegrity, scoreVenues } from './venue-integrity.js';
import type { IntegrityFlag } from './integrity-flag.js';
import type { VenueIntegrity } from './venue-integrity.js';

/** The earlier windows a judgement borrows from, and the time of the read being judged (tape-windows.ts). */
export interface LentWindows {
  windows: TapeWindows;
  now: number;
}

/** Hands the event loop back between venues (the runner passes its slicer; the audit command nothing). */
export type Pause = () => Promise<void>;

/** The figures of a venue's evidence its features read besides the tallies of its prints. */
export type VenueFigures = Pick<
  VenueEvidence,
  'exchangeId' | 'depthUsd2pct' | 'reportedVolumeUsd24h' | 'depthReportedVolumeUsd24h'
>;

/**
 * The one path from venue evidence to venue integrity, shared by the score's runner and `npm run audit`. Evidence
 * arrives a pair at a time (`addTape`, as the sampler reads it) or a venue at a time (`add`): prints and books are
 * reduced at once to each pair's tallies and to the venue's coin tapes for the copy comparison, and are not kept,
 * so a run over the universe holds one pair's prints at a time (the sampled tapes of the default universe are
 * ~190,000 prints, ~90 MB as objects; held a venue at a time they still reached the old generation). `judge` then
 * works out each venue's features against the others of the universe and scores them. `busyMs` counts the
 * computing, not the turns handed back.
 */
export class VenueJudge {
  private readonly copies = new TapeCopies();
  private readonly venues: { figures: VenueFigures; tallies: PairTally[] }[] = [];
  private readonly open = new Map<string, { tallies: PairTally[]; tapes: CoinTapes }>();
  busyMs = 0;

  /** Some of a venue's prints and books (one pair's, or all the venue's), before the venue is closed. */
  addTape(exchangeId: string, trades: readonly TradePrint[], books: readonly OrderBookSnapshot[]): void {
    this.timed(() => {
      let venue = this.open.get(exchangeId);
      if (!venue) this.open.set(exchangeId, (venue = { tallies: [], tapes: this.copies.coinTapes() }));
      venue.tallies.push(...pairTallies({ trades, books }));
      venue.tapes.append(trades);
    });
  }

  /** The venue's figures, once all its tapes are added: the venue is judged with the universe. */
  closeVenue(figures: VenueFigures): void {
    this.timed(() => {
      const { exchangeId, depthUsd2pct, reportedVolumeUsd24h, depthReportedVolumeUsd24h } = figures;
      const venue = this.open.get(exchangeId) ?? { tallies: [], tapes: new CoinTapes() };
      this.open.delete(exchangeId);
      this.copies.addTapes(exchangeId, venue.tapes);
      this.venues.push({
        figures: { exchangeId, depthUsd2pct, reportedVolumeUsd24h, depthReportedVolumeUsd24h },
        tallies: venue.tallies,
      });
    });
  }

  /** A venue's whole evidence at once. */
  add(evidence: VenueEvidence): void {
    this.addTape(evidence.exchangeId, evidence.trades, evidence.books);
    this.closeVenue(evidence);
  }

  /**
   * Every added venue's integrity, in the order added; each venue's share of the work is a slice of its own.
   * `depth` tells which pairs follow another venue's price (price-leaders.ts); without it only a venue's own
   * pairs are compared. `windows`, where the runs keep them, lends the flow tests of a venue or coin whose
   * window is short the earlier windows read of it (tape-windows.ts); the audit's folder is one window.
   */
  async judge(
    pause: Pause = async () => {},
    depth?: LeaderDepth,
    windows?: LentWindows,
  ): Promise<VenueIntegrity[]> {
    const windowOf = (exchangeId: string, tallies: readonly PairTally[], coinId?: string) =>
      pooledWindow(exchangeId, tallies, windows, coinId);
    this.timed(() =>
      markLeaders(
        this.venues.map(({ figures, tallies }) => ({ exchangeId: figures.exchangeId, tallies })),
        depth,
      ),
    );
    const features: IntegrityFeatures[] = [];
    for (const { figures, tallies } of this.venues) {
      await pause();
      features.push(
        this.timed(() =>
          featuresOf(
            figures,
            tallies,
            this.copies.share(figures.exchangeId),
            windowOf(figures.exchangeId, tallies),
          ),
        ),
      );
    }
    await pause();
    const venues = this.timed(() => scoreVenues(features));
    for (const [index, venue] of venues.entries()) {
      await pause();
      const { figures, tallies } = this.venues[index]!;
      this.timed(() =>
        Object.assign(venue, coinIntegrity(figures.exchangeId, tallies, this.copies, windowOf)),
      );
    }
    if (windows)
      for (const { figures, tallies } of this.venues)
        this.timed(() => windows.windows.keep(figures.exchangeId, tallies, windows.now));
    return venues;
  }

  private timed<T>(work: () => T): T {
    const started = performance.now();
    const result = work();
    this.busyMs += performance.now() - started;
    return result;
  }
}

/** Judges a universe whose evidence is all at hand (`VenueJudge` for evidence that arrives a venue at a time). */
export async function judgeVenues(
  universe: readonly VenueEvidence[],
  pause: Pause = async () => {},
): Promise<{ venues: VenueIntegrity[]; busyMs: number }> {
  const judge = new VenueJudge();
  for (const evidence of universe) {
    await pause();
    judge.add(evidence);
  }
  const depth = new Map(
    universe.map((evidence) => [
      evidence.exchangeId,
      new Map(marketsOf(evidence).map((market) => [market.coinId, market.depthUsd2pct])),
    ]),
  );
  const venues = await judge.judge(pause, {
    of: (exchangeId, coinId) => depth.get(exchangeId)?.get(coinId) ?? null,
  });
  return { venues, busyMs: judge.busyMs };
}

/** Each sampled coin's integrity on the venue, from its own prints and books, and the median for the rest. */
function coinIntegrity(
  exchangeId: string,
  tallies: readonly PairTally[],
  copies: TapeCopies,
  windowOf: (exchangeId: string, tallies: readonly PairTally[], coinId: string) => FlowWindow,
): Pick<VenueIntegrity, 'coins' | 'unsampledCoinIntegrity'> {
  const byCoin = new Map<string, PairTally[]>();
  for (const tally of tallies) {
    const list = byCoin.get(tally.coinId);
    if (list) list.push(tally);
    else byCoin.set(tally.coinId, [tally]);
  }
  const coins: Record<string, number> = {};
  for (const [coinId, coinTallies] of byCoin)
    coins[coinId] = ownTapeIntegrity(
      exchangeId,
      coinTallies,
      copies.share(exchangeId, coinId),
      windowOf(exchangeId, coinTallies, coinId),
    );
  return { coins, unsampledCoinIntegrity: median(Object.values(coins)) ?? 1 };
}

/**
 * What the flow tests read of a venue's pairs (or, with `coinId`, a coin's), with the earlier reads `windows` lends:
 * of the same pairs, or of every pair of the coin.
 */
function pooledWindow(
  exchangeId: string,
  tallies: readonly PairTally[],
  windows: LentWindows | undefined,
  coinId?: string,
): FlowWindow {
  return windows ? windows.windows.pooled(exchangeId, tallies, windows.now, coinId) : flowWindowOf(tallies);
}

/** A coin's integrity on a venue from its own tallies, by the absolute tests alone. */
function ownTapeIntegrity(
  exchangeId: string,
  tallies: readonly PairTally[],
  copied: number | null,
  window: FlowWindow,
): number {
  // The depth cap judges each coin's volume against its own book (verified-volume.ts).
  const market = { exchangeId, reportedVolumeUsd24h: 0, depthUsd2pct: null };
  return absoluteIntegrity(featuresOf(market, tallies, copied, window));
}

/** What a pair read on its own is judged with, besides its prints (`judgeTapeAlone`). */
export interface TapeAloneContext {
  /** Which pairs lead their coin's price across venues, from the last run (price-leaders.ts). */
  depth?: LeaderDepth;
  /** The earlier reads' windows of the same venue and coin, lent to the flow tests (tape-windows.ts). */
  windows?: LentWindows;
  /**
   * Whether the pair is its coin's main pair on the venue (its largest by reported volume): a run reads the flow
   * of a coin's main pair only, its other quotes following it by triangular arbitrage (price-leaders.ts), and a
   * read of one pair cannot compare the coin's pairs itself. True unless told.
   */
  mainPair?: boolean;
}

/**
 * A pair's tape read on its own, between runs (the rotation's reads, venue-sampler.ts `rotate`): its coin's
 * integrity on the venue by the same absolute tests as a run's coins, without the copy test (no peer was read at
 * the same time). Null below the tape tests' minimum of prints, where a tape says nothing of its own. The flow
 * tests read only a main pair that leads its coin's price across venues, as in a run, and pool the earlier reads'
 * windows. The reading stands for the coin for up to a day, so its sign test waits for `SIGN_WINDOW_PRINTS`
 * sided prints: every stretch of 1,000 prints of every real tape we hold clusters at 0.47 or more, but stretches
 * of 500 go down to 0.00 (tape-windows.ts), and the rotation reads mostly quiet pairs.
 */
export function judgeTapeAlone(
  exchangeId: string,
  trades: readonly TradePrint[],
  { depth, windows, mainPair = true }: TapeAloneContext = {},
): { coinId: string; integrity: number } | null {
  const tallies = pairTallies({ trades, books: [] });
  const coinId = tallies[0]?.coinId;
  const prints = tallies.reduce((sum, tally) => sum + tally.prints, 0);
  if (coinId === undefined || prints < FEATURE_MINIMUMS.tapeTests) return null;
  if (mainPair) markLeaders([{ exchangeId, tallies }], depth);
  else for (const tally of tallies) tally.leads = false;
  const pooled = pooledWindow(exchangeId, tallies, windows, coinId);
  windows?.windows.keep(exchangeId, tallies, windows.now);
  const signs = pooled.signs.count >= SIGN_WINDOW_PRINTS ? pooled.signs : summedSigns([]);
  return { coinId, integrity: ownTapeIntegrity(exchangeId, tallies, null, { ...pooled, signs }) };
}

/** One venue's verdict as `npm run audit` prints it. */
export interface VenueVerdict {
  id: string;
  integrity: number;
  flags: IntegrityFlag[];
  reportedUsd: number;
  /** What the score counts of the reported volume: after integrity and the depth cap. */
  countedUsd: number;
}

/**
 * Verdicts on a universe of venues: their integrity, and how much of their reported volume the score counts —
 * through the score's own path (verified-volume.ts): each coin's volume on each venue after its tape's
 * integrity, the depth cap with the depth multiples fitted on the universe and the coin's honest venues, and
 * the tape cap; summed over the venue's coins before the coin's share cap (a concentration rule, not a verdict
 * on the venue).
 */
export async function auditVenues(universe: readonly VenueEvidence[]): Promise<VenueVerdict[]> {
  const { venues } = await judgeVenues(universe);
  const coins = new Map<string, VenueMarket[]>();
  venues.forEach((venue, index) => {
    for (const market of marketsOf(universe[index]!)) {
      const list = coins.get(market.coinId) ?? [];
      list.push({
        exchangeId: venue.exchangeId,
        reportedVolumeUsd24h: market.reportedVolumeUsd24h,
        depthUsd2pct: market.depthUsd2pct,
        integrity: venue.coins[market.coinId] ?? venue.unsampledCoinIntegrity,
        priceExcluded: false,
        evidenced: true,
        tapeCappedUsd: market.tapeCappedUsd,
      });
      coins.set(market.coinId, list);
    }
  });
  const multipleOf = fitDepthMultiples([...coins].map(([coinId, markets]) => ({ coinId, venues: markets })));
  const counted = new Map<string, number>();
  for (const [coinId, markets] of coins)
    for (const market of markets) {
      const { plausible } = plausibleVolume(market, multipleOf(coinId));
      counted.set(market.exchangeId, (counted.get(market.exchangeId) ?? 0) + plausible);
    }
  return venues.map((venue, index) => ({
    id: venue.exchangeId,
    integrity: venue.integrity,
    flags: venue.flags,
    reportedUsd: universe[index]!.reportedVolumeUsd24h,
    countedUsd: counted.get(venue.exchangeId) ?? 0,
  }));
}

/** The venue's coin markets, or one of its first coin with the venue's own figures. */
function marketsOf(evidence: VenueEvidence): readonly CoinMarketEvidence[] {
  if (evidence.markets) return evidence.markets;
  return [
    {
      coinId: evidence.trades[0]?.coinId ?? evidence.exchangeId,
      reportedVolumeUsd24h: evidence.reportedVolumeUsd24h,
      depthUsd2pct: evidence.depthUsd2pct,
      tapeCappedUsd: null,
    },
  ];
}

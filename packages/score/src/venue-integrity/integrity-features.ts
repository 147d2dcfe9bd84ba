import { flowPriceOf, flowTally } from './flow-price.js';
import type { FlowPriceCoherence } from './flow-price.js';
import type { MatchedLegs } from './matched-legs.js';
import { legTally, matchedLegsOf } from './matched-legs.js';
import type { LegTally } from './matched-legs.js';
import { byPairInTime, pairKey } from './pair-tapes.js';
import { markLeaders } from './price-leaders.js';
import { impactTally, printImpactOf } from './print-impact.js';
import type { PrintImpact } from './print-impact.js';
import { midTape } from './print-mids.js';
import { signClusteringOf, signTally } from './sign-clustering.js';
import type { SignClustering, SignTally } from './sign-clustering.js';
import { flowWindowOf } from './tape-windows.js';
import type { FlowWindow } from './tape-windows.js';
import { booksByPair, outsideQuoteShareOf, pairedPrintCount, quoteTally } from './tape-features.js';
import type { QuoteTally } from './tape-features.js';
import { benfordChanceMad, benfordMadOf, roundSizeShareOf, sizeTally } from './trade-size-tests.js';
import type { SizeTally } from './trade-size-tests.js';
import type { VenueEvidence } from './venue-evidence.js';

/** Minimum samples below which a feature says nothing (a thin but honest market is not accused). */
export const FEATURE_MINIMUMS = {
  sizeTests: 200,
  tapeTests: 50,
  quoteTests: 20,
  /**
   * Buckets of 30 prints for the flow-and-price test, over a venue's leading pairs: over 14 buckets (one live
   * sample of 500 prints) the simulator's honest leading pairs range from −0.45 to 0.72, and a single such pair
   * accused its venue.
   */
  flowBuckets: 30,
  /** Prints for the print-impact test (below about 200 its margin of error is wider than any floor). */
  impactPrints: 50,
} as const;

/** Prints this close before a book snapshot are compared with its quote, with this much room for the move since. */
const QUOTE_WINDOW_MS = 60_000;
const QUOTE_TOLERANCE = 0.005;

export interface IntegrityFeatures {
  exchangeId: string;
  tradeCount: number;
  /** First-digit MAD from Benford beyond what the sample size explains by chance; high is suspicious. */
  benfordMad: number | null;
  /** Share of sizes with ≤ 2 significant digits; low is suspicious. */
  roundSizeShare: number | null;
  /** Share of prints in self-trade pairs; high is suspicious. */
  pairedPrintShare: number | null;
  /** Share of prints outside the quote; high is suspicious. */
  outsideQuoteShare: number | null;
  /**
   * ±2 % depth ÷ reported 24 h volume over the pairs whose depth covers the band (Alameda: honest ≳ 0.005); low
   * is suspicious.
   */
  depthToVolume: number | null;
  /** Trade-sign clustering: real flow 0.50–0.84, judged against that (honest-share.ts), not against peers. */
  signClustering: SignClustering | null;
  /** Signed flow vs price change: real liquid flow 0.35–0.55 (honest-share.ts). */
  flowPrice: FlowPriceCoherence | null;
  /** A print's side vs the mid's move from just before it to 5 prints after: real flow 0.13–0.46 (honest-share.ts). */
  printImpact: PrintImpact | null;
  /** Share of notional in matched opposite legs within 3 s, and its effective print count (honest-share.ts). */
  matchedLegs: MatchedLegs | null;
  /** Share of notional copied from another venue's tape (tape-copy.ts); null without an overlapping peer. */
  copiedShare: number | null;
}

/** The features judged against the other venues of the universe (robust z-scores, venue-integrity.ts). */
export type FeatureName =
  'benfordMad' | 'roundSizeShare' | 'pairedPrintShare' | 'outsideQuoteShare' | 'depthToVolume';

/** What every tape test counts over one pair's prints: a venue's features, or one coin's, sum its pairs'. */
export interface PairTally {
  coinId: string;
  /** The pair's quote currency. */
  quoteCurrency: string;
  prints: number;
  /** Notional printed, and the first and last print's time: which pair leads its coin (price-leaders.ts). */
  notional: number;
  from: number;
  to: number;
  /** Whether the flow-and-price test reads this pair (price-leaders.ts `markLeaders`); true until marked. */
  leads: boolean;
  sizes: SizeTally;
  pairedPrints: number;
  quote: QuoteTally;
  signs: SignTally;
  flow: Float64Array;
  impact: PrintImpact;
  legs: LegTally;
}

/** Each pair's tallies of the venue's evidence, in the order its pairs first print. */
export function pairTallies(evidence: Pick<VenueEvidence, 'trades' | 'books'>): PairTally[] {
  const booksOf = booksByPair(evidence.books);
  return byPairInTime(evidence.trades).map((prints) => {
    const tape = midTape(prints);
    return {
      coinId: prints[0]!.coinId,
      quoteCurrency: prints[0]!.quote,
      prints: prints.length,
      notional: prints.reduce((sum, print) => sum + print.price * print.amount, 0),
      from: prints[0]!.timestamp,
      to: prints[prints.length - 1]!.timestamp,
      leads: true,
      sizes: sizeTally(prints.map((print) => print.amount)),
      pairedPrints: pairedPrintCount(prints),
      quote: quoteTally(prints, booksOf.get(pairKey(prints[0]!)) ?? [], QUOTE_WINDOW_MS, QUOTE_TOLERANCE),
      signs: signTally(prints),
      flow: flowTally(tape),
      impact: impactTally(tape),
      legs: legTally(prints),
    };
  });
}

/**
 * The integrity features of one venue's evidence; `copied` is its copied share from the comparison of the
 * universe's tapes (tape-copy.ts), null when no peer overlaps.
 */
export function integrityFeatures(evidence: VenueEvidence, copied: number | null = null): IntegrityFeatures {
  const tallies = pairTallies(evidence);
  markLeaders([{ exchangeId: evidence.exchangeId, tallies }]);
  return featuresOf(evidence, tallies, copied);
}

/**
 * The features of `tallies` (all of the venue's pairs, or a coin's), with the depth and reported volume of
 * `market` and the copied share `copied`; the flow tests read `window` (the tallies' own, or those with earlier
 * windows: tape-windows.ts).
 */
export function featuresOf(
  market: Pick<
    VenueEvidence,
    'exchangeId' | 'depthUsd2pct' | 'reportedVolumeUsd24h' | 'depthReportedVolumeUsd24h'
  >,
  tallies: readonly PairTally[],
  copied: number | null,
  window: FlowWindow = flowWindowOf(tallies),
): IntegrityFeatures {
  const tradeCount = tallies.reduce((sum, tally) => sum + tally.prints, 0);
  const enoughSizes = tradeCount >= FEATURE_MINIMUMS.sizeTests;
  const enoughTape = tradeCount >= FEATURE_MINIMUMS.tapeTests;
  const sizes = tallies.map((tally) => tally.sizes);
  const depthVolume = market.depthReportedVolumeUsd24h ?? market.reportedVolumeUsd24h;
  return {
    exchangeId: market.exchangeId,
    tradeCount,
    benfordMad: enoughSizes ? Math.max(0, benfordMadOf(sizes) - benfordChanceMad(tradeCount)) : null,
    roundSizeShare: enoughSizes ? roundSizeShareOf(sizes) : null,
    pairedPrintShare: enoughTape
      ? tallies.reduce((sum, tally) => sum + tally.pairedPrints, 0) / tradeCount
      : null,
    outsideQuoteShare: outsideQuoteShareOf(
      tallies.map((tally) => tally.quote),
      FEATURE_MINIMUMS.quoteTests,
    ),
    depthToVolume: market.depthUsd2pct !== null && depthVolume > 0 ? market.depthUsd2pct / depthVolume : null,
    signClustering: signClusteringOf([window.signs], FEATURE_MINIMUMS.tapeTests),
    flowPrice: flowPriceOf(window.flow, FEATURE_MINIMUMS.flowBuckets),
    printImpact: printImpactOf(window.impact, FEATURE_MINIMUMS.impactPrints),
    matchedLegs: matchedLegsOf(
      tallies.map((tally) => tally.legs),
      FEATURE_MINIMUMS.tapeTests,
    ),
    copiedShare: enoughTape ? copied : null,
  };
}

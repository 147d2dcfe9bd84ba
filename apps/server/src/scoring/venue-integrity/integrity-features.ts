import { flowPriceCoherence } from './flow-price.js';
import type { FlowPriceCoherence } from './flow-price.js';
import { matchedLegShare } from './matched-legs.js';
import { signClustering } from './sign-clustering.js';
import type { SignClustering } from './sign-clustering.js';
import { outsideQuoteShare, pairedPrintShare } from './tape-features.js';
import { benfordChanceMad, benfordMad, roundSizeShare } from './trade-size-tests.js';
import type { VenueEvidence } from './venue-evidence.js';

/** Minimum samples below which a feature says nothing (a thin but honest market is not accused). */
export const FEATURE_MINIMUMS = {
  sizeTests: 200,
  tapeTests: 50,
  quoteTests: 20,
  /** Buckets of 30 prints for the flow-and-price test. */
  flowBuckets: 10,
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
  /** ±2 % depth ÷ reported 24 h volume (Alameda: honest ≳ 0.005); low is suspicious. */
  depthToVolume: number | null;
  /** Trade-sign clustering: real flow 0.50–0.84, judged against that (honest-share.ts), not against peers. */
  signClustering: SignClustering | null;
  /** Signed flow vs price change: real liquid flow 0.35–0.55 (honest-share.ts). */
  flowPrice: FlowPriceCoherence | null;
  /** Share of notional in matched opposite legs within 3 s (honest-share.ts). */
  matchedLegShare: number | null;
  /** Share of notional copied from another venue's tape (tape-copy.ts); null without an overlapping peer. */
  copiedShare: number | null;
}

/** The features judged against the other venues of the universe (robust z-scores, venue-integrity.ts). */
export type FeatureName =
  'benfordMad' | 'roundSizeShare' | 'pairedPrintShare' | 'outsideQuoteShare' | 'depthToVolume';

/**
 * The integrity features of one venue's evidence; `copied` is its copied share from the comparison of the
 * universe's tapes (tape-copy.ts), null when no peer overlaps.
 */
export function integrityFeatures(evidence: VenueEvidence, copied: number | null = null): IntegrityFeatures {
  const sizes = evidence.trades.map((print) => print.amount);
  const enoughSizes = sizes.length >= FEATURE_MINIMUMS.sizeTests;
  const enoughTape = evidence.trades.length >= FEATURE_MINIMUMS.tapeTests;
  return {
    exchangeId: evidence.exchangeId,
    tradeCount: evidence.trades.length,
    benfordMad: enoughSizes ? Math.max(0, benfordMad(sizes) - benfordChanceMad(sizes.length)) : null,
    roundSizeShare: enoughSizes ? roundSizeShare(sizes) : null,
    pairedPrintShare: enoughTape ? pairedPrintShare(evidence.trades) : null,
    outsideQuoteShare: outsideQuoteShare(
      evidence.trades,
      evidence.books,
      QUOTE_WINDOW_MS,
      QUOTE_TOLERANCE,
      FEATURE_MINIMUMS.quoteTests,
    ),
    depthToVolume:
      evidence.depthUsd2pct !== null && evidence.reportedVolumeUsd24h > 0
        ? evidence.depthUsd2pct / evidence.reportedVolumeUsd24h
        : null,
    signClustering: signClustering(evidence.trades, FEATURE_MINIMUMS.tapeTests),
    flowPrice: flowPriceCoherence(evidence.trades, FEATURE_MINIMUMS.flowBuckets),
    matchedLegShare: matchedLegShare(evidence.trades, FEATURE_MINIMUMS.tapeTests),
    copiedShare: enoughTape ? copied : null,
  };
}

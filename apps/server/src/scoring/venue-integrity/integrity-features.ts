import { outsideQuoteShare, pairedPrintShare, sideAlternation } from './tape-features.js';
import { benfordMad, roundSizeShare } from './trade-size-tests.js';
import type { VenueEvidence } from './venue-evidence.js';

/** Minimum samples below which a feature says nothing (a thin but honest market is not accused). */
export const FEATURE_MINIMUMS = {
  sizeTests: 200,
  tapeTests: 50,
  quoteTests: 20,
} as const;

/** Prints this close before a book snapshot are compared with its quote, with this much room for the move since. */
const QUOTE_WINDOW_MS = 60_000;
const QUOTE_TOLERANCE = 0.005;

export interface IntegrityFeatures {
  exchangeId: string;
  tradeCount: number;
  /** First-digit MAD from Benford; high is suspicious. */
  benfordMad: number | null;
  /** Share of sizes with ≤ 2 significant digits; low is suspicious. */
  roundSizeShare: number | null;
  /** Share of prints in self-trade pairs; high is suspicious. */
  pairedPrintShare: number | null;
  /** Minus the lag-1 side autocorrelation; high is suspicious. */
  sideAlternation: number | null;
  /** Share of prints outside the quote; high is suspicious. */
  outsideQuoteShare: number | null;
  /** ±2 % depth ÷ reported 24 h volume (Alameda: honest ≳ 0.005); low is suspicious. */
  depthToVolume: number | null;
}

export type FeatureName = Exclude<keyof IntegrityFeatures, 'exchangeId' | 'tradeCount'>;

/** The integrity features of one venue's evidence. */
export function integrityFeatures(evidence: VenueEvidence): IntegrityFeatures {
  const sizes = evidence.trades.map((print) => print.amount);
  const enoughSizes = sizes.length >= FEATURE_MINIMUMS.sizeTests;
  const enoughTape = evidence.trades.length >= FEATURE_MINIMUMS.tapeTests;
  return {
    exchangeId: evidence.exchangeId,
    tradeCount: evidence.trades.length,
    benfordMad: enoughSizes ? benfordMad(sizes) : null,
    roundSizeShare: enoughSizes ? roundSizeShare(sizes) : null,
    pairedPrintShare: enoughTape ? pairedPrintShare(evidence.trades) : null,
    sideAlternation: sideAlternation(evidence.trades, FEATURE_MINIMUMS.tapeTests),
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
  };
}

import type { IntegrityFeatures } from './integrity-features.js';
import type { IntegrityFlag } from './integrity-flag.js';
import { printImpactEdge } from './print-impact.js';

/**
 * What real honest flow looks like on the tape tests, measured on every real public tape we hold (Binance spot
 * 2024 BTC and ETH, Binance futures 2020, Kraken 2019 and 2025, Mt. Gox 2013; docs/score-methodology.md §1b),
 * with room below the lowest honest value. Every constant is documented there.
 */
export const REAL_FLOW = {
  /** Lag-1 trade-sign autocorrelation: real tapes 0.50–0.84. */
  signClusteringFloor: 0.45,
  /** Above this, flow is more one-sided than any real tape: scripted same-side bursts. */
  signClusteringCeiling: 0.93,
  /** Honest share left when sides cluster like scripted bursts. */
  burstShare: 0.3,
  /**
   * Signed flow of 30 prints vs the mid's move over them and the next 30 (flow-price.ts): liquid real tapes
   * 0.33–0.54; the informed washers of the attack lab at 10× 0.10–0.24 over the same tapes.
   */
  flowPriceFloor: 0.32,
  /**
   * What undiluted honest flow shows on that test: about the median of the liquid real tapes (Binance 2024 BTC
   * 0.39 and ETH 0.33 over 11 min, Kraken 2019 0.52, Binance futures 2020 0.54). An accused venue's honest share
   * is measured against it.
   */
  flowPriceTypical: 0.45,
  /**
   * A print's side vs the mid's move from just before it to 5 prints after (print-impact.ts): the edge of the
   * interval most favourable to the venue is at least 0.18 over every stretch of 200 to 3,000 prints of every
   * real tape with sides; the informed washers of the attack lab at 10× sit at 0.04–0.16.
   */
  printImpactFloor: 0.17,
  /**
   * What undiluted honest flow shows on that test, as for the buckets: the median of the liquid real tapes (their
   * first 3,000 prints: Binance 2024 BTC 0.37 and ETH 0.42, Kraken 2019 0.33, Binance futures 2020 0.39, Mt. Gox
   * 2013 0.40).
   */
  printImpactTypical: 0.39,
  /** Notional in exactly matched opposite legs within 3 s: real tapes 0–0.06. */
  matchedLegBaseline: 0.06,
  /** Notional at one constant size ratio behind another venue's prints beyond chance: copying. */
  copiedShareFloor: 0.1,
  /** A tape test speaks only past this many standard errors, so sampling noise never costs an honest venue. */
  confidenceZ: 2.5,
} as const;

export interface HonestShare {
  /** Estimated share of the venue's printed volume that is real trading, 0–1 (1 when nothing says otherwise). */
  share: number;
  flags: IntegrityFlag[];
}

/**
 * The share of a venue's volume its own tape vouches for, from how fake prints dilute what real flow always
 * shows; the venue keeps the least of them: any one of the signatures suffices to discount it. A test accuses
 * only when the edge of its confidence interval most favourable to the venue is past the honest limit, so
 * sampling noise never costs an honest venue; once it accuses, the share is measured from the estimate itself,
 * not that edge (a washer who dilutes just past the limit must not keep the interval's width as a gift).
 * - Sign clustering: a fake print with an independent side breaks the link between its neighbours, so the
 *   autocorrelation falls about as the square of the honest share; counting it linearly (ρ / floor) discounts
 *   more than that model, since the burden of proof lies with the venue.
 * - Flow and price: fake flow adds variance without impact; the correlation falls as the square root of the
 *   honest share of flow variance, so the share is (c / typical)², typical being what undiluted real flow shows.
 *   Read over buckets of 30 prints and print by print (print-impact.ts).
 * - Matched legs: their notional is fake, beyond the honest baseline.
 * - Copied tape: the copied notional is fake.
 */
export function honestShare(features: IntegrityFeatures): HonestShare {
  const { confidenceZ: z } = REAL_FLOW;
  const flags: IntegrityFlag[] = [];
  let share = 1;
  const signs = features.signClustering;
  if (signs) {
    const error = z / Math.sqrt(signs.count);
    const upper = signs.autocorrelation + error;
    const lower = signs.autocorrelation - error;
    if (upper < REAL_FLOW.signClusteringFloor) {
      share = Math.min(share, Math.max(0, signs.autocorrelation) / REAL_FLOW.signClusteringFloor);
      flags.push(upper < 0 ? 'alternating_sides' : 'unclustered_sides');
    } else if (lower > REAL_FLOW.signClusteringCeiling) {
      share = Math.min(share, REAL_FLOW.burstShare);
      flags.push('scripted_bursts');
    }
  }
  const flow = features.flowPrice;
  if (flow) {
    // Adjacent buckets share half their move (flow-price.ts), so this interval is narrower than the estimate's
    // own; widened to match, it spared the informed washers of the real tapes as often as it spared honest
    // windows (docs/score-methodology.md §8 gives the one honest window of 240 it accuses).
    const upper = flow.correlation + z / Math.sqrt(flow.buckets);
    if (upper < REAL_FLOW.flowPriceFloor) {
      share = Math.min(share, (Math.max(0, flow.correlation) / REAL_FLOW.flowPriceTypical) ** 2);
      flags.push('flow_moves_no_price');
    }
  }
  const impact = features.printImpact;
  if (impact) {
    // The same dilution one print at a time: a print's own move is not shared with the flow that came before it.
    if (printImpactEdge(impact, z) < REAL_FLOW.printImpactFloor) {
      share = Math.min(share, (Math.max(0, impact.correlation) / REAL_FLOW.printImpactTypical) ** 2);
      if (!flags.includes('flow_moves_no_price')) flags.push('flow_moves_no_price');
    }
  }
  const legs = features.matchedLegs;
  if (legs !== null) {
    const { share: matched, effectivePrints } = legs;
    const lower = matched - z * Math.sqrt((matched * (1 - matched)) / Math.max(1, effectivePrints));
    if (lower > REAL_FLOW.matchedLegBaseline) {
      const excess = matched - REAL_FLOW.matchedLegBaseline;
      share = Math.min(share, Math.max(0, 1 - excess / (1 - REAL_FLOW.matchedLegBaseline)));
      flags.push('matched_legs');
    }
  }
  const copied = features.copiedShare;
  if (copied !== null && copied > REAL_FLOW.copiedShareFloor) {
    share = Math.min(share, 1 - copied);
    flags.push('copied_tape');
  }
  return { share, flags };
}

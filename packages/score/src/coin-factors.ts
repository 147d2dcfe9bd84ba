import type { ScoreFactor } from '@coinlens/contract';

import { SCORE_PARAMETERS } from './methodology.js';
import { verifiedVolume } from './verified-volume.js';
import type { VenueMarket, VerifiedVolume } from './verified-volume.js';

export interface SocialReading {
  /** X + Reddit + Telegram followers (of the platforms the source knows); null when it knows none. */
  followers: number | null;
  /** Null when the source does not measure engagement. */
  engagement24h: number | null;
}

/** Null: the source does not give that figure (no data, not zero). */
export interface OnChainReading {
  activeAddresses24h: number | null;
  top10HolderShare: number | null;
  developerCommits30d: number | null;
  /** Fees users paid the protocol or chain in 24 h, USD: the usage measure where active addresses are unknown. */
  fees24hUsd?: number | null;
}

/** Everything the coin factors are computed from, for one coin at one moment (plus its baseline a day ago). */
export interface CoinEvidence {
  coinId: string;
  marketCapUsd: number | null;
  venues: readonly VenueMarket[];
  social: SocialReading | null;
  onChain: OnChainReading | null;
  /** Official announcements in the last 30 days; null when the source has none. */
  announcements30d: number | null;
  /**
   * The same readings about a day earlier, typical of the last week (their median) and about a month earlier, for
   * corroborating growth (those known).
   */
  baselines: readonly Baseline[];
}

export interface Baseline {
  /** How long before: the window's organic allowance depends on it (SCORE_PARAMETERS.socialOrganicGrowth). */
  window: 'day' | 'week' | 'month';
  social: SocialReading | null;
  activeAddresses24h: number | null;
  verifiedVolumeUsd: number | null;
}

export type CoinFlag =
  | { kind: 'suspicious_volume'; exchangeIds: string[] }
  | { kind: 'unconfirmed_social_spike'; followerGrowth: number }
  | { kind: 'price_outlier_excluded'; exchangeIds: string[] }
  | { kind: 'concentrated_holders'; top10Share: number };

/** What the on-chain factor measured: the same figure is only ranked against the same figure. */
export type OnChainMeasure = 'active_addresses' | 'fees';

export interface CoinFactorValues {
  coinId: string;
  /** Raw factor values before ranking; null when the coin lacks the data. */
  raw: Record<ScoreFactor, number | null>;
  /** Which figure `raw.on_chain` is; null with it. */
  onChainMeasure: OnChainMeasure | null;
  volume: VerifiedVolume;
  flags: CoinFlag[];
}

/** Raw values of every factor of one coin (scoring-anchors 4.4), with the flags they raise. */
export function coinFactorValues(evidence: CoinEvidence, depthImpliedMultiple?: number): CoinFactorValues {
  const volume = verifiedVolume(evidence.venues, depthImpliedMultiple);
  const flags: CoinFlag[] = [];
  if (volume.suspiciousVenues.length > 0)
    flags.push({ kind: 'suspicious_volume', exchangeIds: volume.suspiciousVenues });
  const outliers = evidence.venues.filter((venue) => venue.priceExcluded).map((venue) => venue.exchangeId);
  if (outliers.length > 0) flags.push({ kind: 'price_outlier_excluded', exchangeIds: outliers });

  const liquidity = evidence.venues.some((venue) => venue.depthUsd2pct !== null)
    ? evidence.venues.reduce(
        (sum, venue) => sum + (venue.priceExcluded ? 0 : (venue.depthUsd2pct ?? 0) * venue.integrity),
        0,
      )
    : null;

  const social = socialValue(evidence, volume.verified, flags);
  let onChain: number | null = null;
  let onChainMeasure: OnChainMeasure | null = null;
  const activeAddresses24h = evidence.onChain?.activeAddresses24h ?? null;
  if (activeAddresses24h !== null) {
    const top10HolderShare = evidence.onChain?.top10HolderShare ?? null;
    // An unknown concentration neither penalises nor flags: only a known one can.
    const excess =
      top10HolderShare === null
        ? 0
        : Math.max(0, top10HolderShare - SCORE_PARAMETERS.holderConcentrationThreshold);
    if (excess > 0 && top10HolderShare !== null)
      flags.push({ kind: 'concentrated_holders', top10Share: top10HolderShare });
    // Concentrated supply means a few wallets can move the coin: active addresses count for less.
    onChain = activeAddresses24h * (1 - excess / (1 - SCORE_PARAMETERS.holderConcentrationThreshold));
    onChainMeasure = 'active_addresses';
  } else if (typeof evidence.onChain?.fees24hUsd === 'number') {
    // Where no source counts a coin's active addresses (live: all but a few large chains), what users pay to use
    // its chain or protocol is the usage figure, ranked only among coins measured in fees (coin-score.ts).
    onChain = evidence.onChain.fees24hUsd;
    onChainMeasure = 'fees';
  }
  return {
    coinId: evidence.coinId,
    raw: {
      verified_volume: evidence.venues.some((venue) => venue.evidenced) ? volume.verified : null,
      liquidity,
      market_cap: evidence.marketCapUsd,
      social,
      on_chain: onChain,
      developer: evidence.onChain?.developerCommits30d ?? null,
      official: evidence.announcements30d,
    },
    onChainMeasure,
    volume,
    flags,
  };
}

/**
 * Engagement plus a small weight for follower counts, as the source measures them — no bot label is read: no
 * real source supplies one. Growth of that value over a day or a month counts only as far as the organic
 * allowance of the window plus what independent evidence grew by (verified volume, active addresses): followers
 * and engagement are bought in one currency, trading and on-chain use have to be paid for in others
 * (scoring-anchors 4.1.3, F5). A spike is caught by the day window; engagement swings by tens of percent from one
 * day to the next, so one bought after a dip (or a day before the day-old reading) is caught by the week window,
 * whose baseline is the median of the last week's daily readings; a drip is caught by the month window.
 */
function socialValue(evidence: CoinEvidence, verifiedVolumeUsd: number, flags: CoinFlag[]): number | null {
  const value = socialFigure(evidence.social);
  if (value === null) return null;
  let counted = value;
  let unconfirmed = 0;
  for (const baseline of evidence.baselines) {
    const before = socialFigure(baseline.social);
    if (before === null || before <= 0) continue;
    const growth = value / before - 1;
    const corroborated = Math.max(
      0,
      grew(verifiedVolumeUsd, baseline.verifiedVolumeUsd),
      grew(evidence.onChain?.activeAddresses24h, baseline.activeAddresses24h),
    );
    const allowed = SCORE_PARAMETERS.socialOrganicGrowth[baseline.window] + corroborated;
    if (growth > allowed) {
      counted = Math.min(counted, before * (1 + allowed));
      unconfirmed = Math.max(unconfirmed, growth);
    }
  }
  if (unconfirmed > 0) flags.push({ kind: 'unconfirmed_social_spike', followerGrowth: unconfirmed });
  return counted;
}

/** The social figure the factor ranks: 24 h engagement plus 1 % of followers; null when neither is known. */
function socialFigure(social: SocialReading | null): number | null {
  if (!social || (social.followers === null && social.engagement24h === null)) return null;
  return (social.engagement24h ?? 0) + 0.01 * (social.followers ?? 0);
}

/** Relative growth from `then` to `now`; 0 when either is unknown. */
function grew(now: number | null | undefined, then: number | null | undefined): number {
  return typeof now === 'number' && typeof then === 'number' && then > 0 ? now / then - 1 : 0;
}

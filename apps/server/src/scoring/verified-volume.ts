import type { VolumeLimit } from '@coinlens/contract';

import { median } from '../analytics/robust-statistics.js';
import { SCORE_PARAMETERS } from './methodology.js';

/** One venue's market for a coin, as the volume factors see it. */
export interface VenueMarket {
  exchangeId: string;
  reportedVolumeUsd24h: number;
  /** ±2 % book depth, both sides, USD; null when the venue's book is unknown. */
  depthUsd2pct: number | null;
  /**
   * The depth is only a floor (a book read whose levels end short of ±2 %, with no published figure over the
   * band): it never limits the volume nor fits the depth multiple. Absent: false.
   */
  depthLowerBound?: boolean;
  /**
   * The integrity of the coin's own tape on this venue, 0–1 (the venue's median for a coin it was not sampled
   * for): the share of its volume the tape vouches for (venue-integrity/judge-venues.ts).
   */
  integrity: number;
  /** Its price was outside the reference band, so its prints are not part of the market (ingest). */
  priceExcluded: boolean;
  /**
   * Whether anything checked its reported volume: its book was read or its trades were (integrity). A venue
   * nobody read only says what it traded (and what its source publishes of its book), and that is not counted.
   */
  evidenced: boolean;
}

export interface VenueVolume {
  exchangeId: string;
  reported: number;
  /** After integrity and the depth cap, before the share cap: what the venue itself plausibly traded. */
  plausible: number;
  /** After integrity, the depth cap and the venue share cap. */
  verified: number;
  /** What limited it most. */
  limitedBy: VolumeLimit;
}

export interface VerifiedVolume {
  reported: number;
  verified: number;
  venues: VenueVolume[];
  /** Share of reported volume on venues whose integrity for the coin is below the floor. */
  suspiciousShare: number;
  /** Venues below the integrity floor carrying at least 10 % of the coin's reported volume. */
  suspiciousVenues: string[];
}

/**
 * Verified 24 h volume (scoring-anchors 4.4 F1): nothing from a venue nobody checked (`no_evidence`); per checked
 * venue the lesser of reported and depth-implied volume (a depth known only as a floor does not limit),
 * times the integrity of the coin's tape there — the honest share its tape vouches for, so fake volume is
 * dropped where it is found and the real volume beside it still counts (nothing at an outlier price) — then no
 * venue above the share cap of the coin's total (capped iteratively, like index weight caps). Faking volume
 * needs a real book and an honest-looking tape; faking it on one venue moves at most that venue's capped share.
 */
export function verifiedVolume(
  markets: readonly VenueMarket[],
  depthImpliedVolumeMultiple: number = SCORE_PARAMETERS.depthImpliedVolumeMultiple,
): VerifiedVolume {
  const { integrityFloor, venueShareCap } = SCORE_PARAMETERS;
  const venues: VenueVolume[] = markets.map((market) => {
    const reported = Math.max(0, market.reportedVolumeUsd24h);
    if (market.priceExcluded)
      return {
        exchangeId: market.exchangeId,
        reported,
        plausible: 0,
        verified: 0,
        limitedBy: 'price_outlier',
      };
    if (!market.evidenced)
      return { exchangeId: market.exchangeId, reported, plausible: 0, verified: 0, limitedBy: 'no_evidence' };
    const depthImplied =
      market.depthUsd2pct === null || market.depthLowerBound === true
        ? reported
        : Math.max(0, market.depthUsd2pct) * depthImpliedVolumeMultiple;
    const plausible = Math.min(reported, depthImplied);
    const verified = plausible * market.integrity;
    const limitedBy = depthImplied < reported ? 'depth' : market.integrity < 0.95 ? 'integrity' : 'none';
    return { exchangeId: market.exchangeId, reported, plausible: verified, verified, limitedBy };
  });
  capShares(venues, venueShareCap);
  const reported = venues.reduce((sum, venue) => sum + venue.reported, 0);
  const suspicious = markets.filter((market) => market.integrity < integrityFloor);
  const suspiciousReported = suspicious.reduce(
    (sum, market) => sum + Math.max(0, market.reportedVolumeUsd24h),
    0,
  );
  return {
    reported,
    verified: venues.reduce((sum, venue) => sum + venue.verified, 0),
    venues,
    suspiciousShare: reported > 0 ? suspiciousReported / reported : 0,
    suspiciousVenues: suspicious
      .filter((market) => reported > 0 && market.reportedVolumeUsd24h / reported >= 0.1)
      .map((market) => market.exchangeId),
  };
}

/**
 * How many times its ±2 % depth a venue-pair may trade a day and still count: the headroom × the median ratio of
 * the universe's high-integrity pairs, within the methodology's bounds (the maximum when nothing can be fitted).
 */
export function fitDepthMultiple(markets: readonly VenueMarket[]): number {
  const { depthImpliedHeadroom, depthImpliedMultipleMin, depthImpliedVolumeMultiple, fitIntegrity } =
    SCORE_PARAMETERS;
  const ratios = markets
    .filter((market) => market.integrity >= fitIntegrity && !market.priceExcluded)
    .filter(
      (market) =>
        market.depthUsd2pct !== null &&
        market.depthUsd2pct > 0 &&
        market.depthLowerBound !== true &&
        market.reportedVolumeUsd24h > 0,
    )
    .map((market) => market.reportedVolumeUsd24h / (market.depthUsd2pct ?? 1));
  const typical = median(ratios);
  if (typical === null) return depthImpliedVolumeMultiple;
  return Math.min(
    depthImpliedVolumeMultiple,
    Math.max(depthImpliedMultipleMin, depthImpliedHeadroom * typical),
  );
}

/**
 * Lowers venues above `cap` of the total to the cap, repeatedly, since each cut lowers the total too. With fewer
 * than 1 / cap contributing venues the cap cannot hold for all; the largest then keep equal shares.
 */
function capShares(venues: VenueVolume[], cap: number): void {
  const contributing = venues.filter((venue) => venue.verified > 0);
  if (contributing.length * cap < 1) {
    const smallest = Math.min(...contributing.map((venue) => venue.verified));
    for (const venue of contributing)
      if (venue.verified > smallest) {
        venue.verified = smallest;
        venue.limitedBy = 'share_cap';
      }
    return;
  }
  for (let round = 0; round < venues.length; round++) {
    const total = contributing.reduce((sum, venue) => sum + venue.verified, 0);
    const over = contributing.filter((venue) => venue.verified > cap * total * (1 + 1e-9));
    if (over.length === 0) return;
    const rest = total - over.reduce((sum, venue) => sum + venue.verified, 0);
    // Each capped venue ends at `cap` of the new total: capped = cap / (1 − cap·k) × rest.
    const capped = (cap / (1 - cap * over.length)) * rest;
    for (const venue of over) {
      venue.verified = capped;
      venue.limitedBy = 'share_cap';
    }
  }
}

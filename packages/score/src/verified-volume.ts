import type { VolumeLimit } from '@coinlens/contract';

import { median } from './robust-statistics.js';
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
  /**
   * The reported volume as far as the venue's own tapes carry it: each pair's at most `tapeTolerance` × what its
   * tape prints a day at the rate of the windows read (tape-rate.ts; audit: the folder's tape, live: the score
   * runs' reads of the last day), a pair whose tape was not read as reported. Null or absent: no tape said enough.
   */
  tapeCappedUsd?: number | null;
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
 * venue the least of reported, depth-implied (no book: none; a depth known only as a floor does not limit) and
 * `tapeTolerance` × what its own tape prints a day, times the integrity of the coin's tape there — the honest
 * share its tape vouches for, so fake volume is dropped where it is found and the real volume beside it still
 * counts (nothing at an outlier price) — then no venue above the share cap of the coin's total (capped
 * iteratively, like index weight caps). Volume counts only as far as capital at risk (resting depth), the
 * venue's own prints and an honest-looking tape carry it; faking it on one venue moves at most that venue's
 * capped share.
 */
export function verifiedVolume(
  markets: readonly VenueMarket[],
  depthImpliedVolumeMultiple: number = SCORE_PARAMETERS.depthImpliedVolumeMultiple,
): VerifiedVolume {
  const { integrityFloor, venueShareCap } = SCORE_PARAMETERS;
  const venues: VenueVolume[] = markets.map((market) => plausibleVolume(market, depthImpliedVolumeMultiple));
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

/** What one venue itself plausibly traded of the coin, before the coin's share cap, and what limited it most. */
export function plausibleVolume(market: VenueMarket, depthImpliedVolumeMultiple: number): VenueVolume {
  const reported = Math.max(0, market.reportedVolumeUsd24h);
  const venue = (plausible: number, limitedBy: VolumeLimit): VenueVolume => ({
    exchangeId: market.exchangeId,
    reported,
    plausible,
    verified: plausible,
    limitedBy,
  });
  if (market.priceExcluded) return venue(0, 'price_outlier');
  if (!market.evidenced) return venue(0, 'no_evidence');
  const depthImplied =
    market.depthUsd2pct === null
      ? 0
      : market.depthLowerBound === true
        ? reported
        : Math.max(0, market.depthUsd2pct) * depthImpliedVolumeMultiple;
  const tapeImplied = Math.max(0, market.tapeCappedUsd ?? reported);
  const counted = Math.min(reported, depthImplied, tapeImplied) * market.integrity;
  const limitedBy: VolumeLimit =
    depthImplied < Math.min(reported, tapeImplied)
      ? 'depth'
      : tapeImplied < reported
        ? 'tape'
        : market.integrity < 0.95
          ? 'integrity'
          : 'none';
  return venue(counted, limitedBy);
}

/**
 * How many times its ±2 % depth a venue-pair may trade a day and still count: the headroom × the median ratio of
 * the universe's high-integrity pairs, within the methodology's bounds (the maximum when nothing can be fitted).
 */
export function fitDepthMultiple(markets: readonly VenueMarket[]): number {
  const { depthImpliedHeadroom, depthImpliedMultipleMin, depthImpliedVolumeMultiple } = SCORE_PARAMETERS;
  const typical = median(fitRatios(markets));
  if (typical === null) return depthImpliedVolumeMultiple;
  return Math.min(
    depthImpliedVolumeMultiple,
    Math.max(depthImpliedMultipleMin, depthImpliedHeadroom * typical),
  );
}

/**
 * Each coin's depth multiple: fitted on the coin's own high-integrity venues where it has `coinFitVenues` of
 * them (honest turnover differs between a coin traded everywhere and one traded on a few venues), never above
 * the universe's fit; for a coin with fewer, the prior measured on real books (never above the universe's fit
 * either), since a few washers listing a coin would otherwise be the majority that sets it. The score and
 * `npm run audit` both count volume with these multiples.
 */
export function fitDepthMultiples(
  coins: readonly { coinId: string; venues: readonly VenueMarket[] }[],
): (coinId: string) => number {
  const universe = fitDepthMultiple(coins.flatMap((coin) => coin.venues));
  const prior = Math.min(universe, SCORE_PARAMETERS.depthImpliedPriorMultiple);
  const byCoin = new Map<string, number>();
  for (const { coinId, venues } of coins)
    if (fitRatios(venues).length >= SCORE_PARAMETERS.coinFitVenues)
      byCoin.set(coinId, Math.min(universe, fitDepthMultiple(venues)));
  return (coinId) => byCoin.get(coinId) ?? prior;
}

/** Volume/depth of the markets that may fit the multiple: high integrity, a book over the band, volume. */
function fitRatios(markets: readonly VenueMarket[]): number[] {
  return markets
    .filter((market) => market.integrity >= SCORE_PARAMETERS.fitIntegrity && !market.priceExcluded)
    .filter(
      (market) =>
        market.depthUsd2pct !== null &&
        market.depthUsd2pct > 0 &&
        market.depthLowerBound !== true &&
        market.reportedVolumeUsd24h > 0,
    )
    .map((market) => market.reportedVolumeUsd24h / (market.depthUsd2pct ?? 1));
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

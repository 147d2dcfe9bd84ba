import type { CertificationState } from '@coinlens/contract';

import type { CoinProfile } from '@coinlens/market-model';
import type { CoinFlag } from '@coinlens/score';
import type { CoinScoreState, VenueQuote } from '../market-store/market-snapshot.js';

/** Before the first score run: above this share of reported turnover on excluded venues a coin is high risk. */
export const HIGH_RISK_EXCLUDED_SHARE = 0.5;

/** Flags that mean someone is manipulating the coin's numbers (not a venue glitch or a risk of structure). */
const MANIPULATION_FLAGS: ReadonlySet<CoinFlag['kind']> = new Set([
  'suspicious_volume',
  'unconfirmed_social_spike',
]);

/**
 * Certification needs venue data that checks the volume (a book or a tape) and leaves some of it standing, from at
 * least this many venues.
 */
export const MIN_EVIDENCED_VENUES = 2;

/**
 * decision D6 from the score: high risk when most of the coin's volume is on low-integrity venues or its
 * followers spiked without corroboration; certified when the score had integrity evidence from at least
 * `MIN_EVIDENCED_VENUES` venues, its official links can be checked (a website and an X or GitHub account) and no
 * manipulation flag is active; otherwise unauthenticated. Until the first score run, the price-outlier share
 * stands in for integrity, and nothing is certified.
 */
export function certificationOf(
  profile: Pick<CoinProfile, 'links'>,
  score: CoinScoreState | null,
  venues: readonly VenueQuote[],
): CertificationState {
  const flags = score?.detail.flags.map((flag) => flag.kind) ?? [];
  if (score) {
    if (score.detail.highRisk || flags.includes('unconfirmed_social_spike')) return 'high_risk';
  } else if (excludedShare(venues) > HIGH_RISK_EXCLUDED_SHARE) {
    return 'high_risk';
  }
  const { website, x, github } = profile.links;
  const linksVerified = Boolean(website && (x || github));
  // A venue vouches for the volume only where it was checked and some of its volume held: one whose price was out
  // of line, or whose check left nothing, is no evidence that the coin trades for real.
  const evidencedVenues =
    score?.detail.values.volume.venues.filter(
      (venue) => venue.limitedBy !== 'no_evidence' && venue.verified > 0,
    ).length ?? 0;
  return linksVerified &&
    evidencedVenues >= MIN_EVIDENCED_VENUES &&
    !flags.some((flag) => MANIPULATION_FLAGS.has(flag))
    ? 'certified'
    : 'unauthenticated';
}

function excludedShare(venues: readonly VenueQuote[]): number {
  const total = venues.reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  const excluded = venues
    .filter((venue) => venue.excluded)
    .reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  return total > 0 ? excluded / total : 0;
}

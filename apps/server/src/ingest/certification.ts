import type { CertificationState } from '@coinlens/contract';

import type { CoinProfile } from '../market-data/market-model.js';
import type { VenueQuote } from './market-snapshot.js';

/** Above this share of reported turnover on excluded venues a coin is high risk. */
export const HIGH_RISK_EXCLUDED_SHARE = 0.5;

/**
 * SPEC-DECISIONS 6, until the score issue brings integrity scores: high risk when most of the coin's reported
 * turnover is on venues outside the outlier band; certified when its official links can be checked (a website
 * and an X or GitHub account); otherwise unauthenticated.
 */
export function certificationOf(
  profile: Pick<CoinProfile, 'links'>,
  venues: readonly VenueQuote[],
): CertificationState {
  const total = venues.reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  const excluded = venues
    .filter((venue) => venue.excluded)
    .reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
  if (total > 0 && excluded / total > HIGH_RISK_EXCLUDED_SHARE) return 'high_risk';
  const { website, x, github } = profile.links;
  return website && (x || github) ? 'certified' : 'unauthenticated';
}

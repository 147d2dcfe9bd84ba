import { describe, expect, it } from 'vitest';

import { ScoreHistory } from '../market-store/hourly-score-readings.js';
import type { CoinScoreState } from '../market-store/market-snapshot.js';
import { coinFactorValues, scoreCoins } from '@coinlens/score';
import type { CoinEvidence, VenueMarket } from '@coinlens/score';
import { certificationOf } from './certification.js';

const LINKS = {
  links: { website: 'https://bitcoin.org', x: 'https://x.com/bitcoin', github: null },
} as never;

function venue(exchangeId: string, evidenced: boolean): VenueMarket {
  return {
    exchangeId,
    reportedVolumeUsd24h: 1e6,
    depthUsd2pct: evidenced ? 2e4 : null,
    integrity: 1,
    priceExcluded: false,
    evidenced,
  };
}

/** The score state of one coin scored among two others, with the given venues. */
function scoredWith(venues: VenueMarket[]): CoinScoreState {
  const evidence = (coinId: string, scale: number, own: VenueMarket[]): CoinEvidence => ({
    coinId,
    marketCapUsd: 1e8 * scale,
    venues: own,
    social: { followers: 1e4 * scale, engagement24h: 100 * scale },
    onChain: null,
    announcements30d: 2,
    baselines: [],
  });
  const scores = scoreCoins([
    coinFactorValues(evidence('subject', 1, venues)),
    coinFactorValues(evidence('other', 2, [venue('a', true), venue('b', true)])),
  ]);
  const detail = scores.find((score) => score.coinId === 'subject');
  if (!detail) throw new Error('not scored');
  return {
    value: detail.score,
    rank: 1,
    detail,
    movement: null,
    movementSince: null,
    history: ScoreHistory.EMPTY,
    asOf: 0,
  };
}

describe('certificationOf', () => {
  it('certifies checked links with integrity evidence from two venues', () => {
    expect(certificationOf(LINKS, scoredWith([venue('a', true), venue('b', true)]), [])).toBe('certified');
  });

  it('does not certify on one checked venue, or on venues nothing checks', () => {
    expect(certificationOf(LINKS, scoredWith([venue('a', true), venue('b', false)]), [])).toBe(
      'unauthenticated',
    );
    expect(certificationOf(LINKS, scoredWith([venue('a', false), venue('b', false)]), [])).toBe(
      'unauthenticated',
    );
  });

  it('does not count a checked venue whose volume did not hold (its price out of line)', () => {
    const outOfLine = { ...venue('b', true), priceExcluded: true };
    expect(certificationOf(LINKS, scoredWith([venue('a', true), outOfLine]), [])).toBe('unauthenticated');
  });

  it('certifies nothing without a score', () => {
    expect(certificationOf(LINKS, null, [])).toBe('unauthenticated');
  });
});

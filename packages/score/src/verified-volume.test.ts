import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { SCORE_PARAMETERS } from './methodology.js';
import { fitDepthMultiples, verifiedVolume } from './verified-volume.js';
import type { VenueMarket } from './verified-volume.js';

const venue = (exchangeId: string, reported: number, overrides: Partial<VenueMarket> = {}): VenueMarket => ({
  exchangeId,
  reportedVolumeUsd24h: reported,
  depthUsd2pct: reported / 50,
  integrity: 1,
  priceExcluded: false,
  evidenced: true,
  ...overrides,
});

describe('verifiedVolume', () => {
  it('counts honest, deep venues in full', () => {
    const result = verifiedVolume([venue('a', 1e6), venue('b', 2e6), venue('c', 1.5e6)]);
    expect(result.verified).toBeCloseTo(4.5e6);
    expect(result.suspiciousVenues).toEqual([]);
  });

  it('counts a venue at the honest share its tape vouches for, and names it below the integrity floor', () => {
    const result = verifiedVolume([
      venue('honest', 1e6),
      venue('honest-2', 1e6),
      venue('wash', 20e6, { integrity: 0.05 }),
    ]);
    expect(result.verified).toBeCloseTo(3e6);
    expect(result.venues.find((entry) => entry.exchangeId === 'wash')?.limitedBy).toBe('integrity');
    expect(result.suspiciousVenues).toEqual(['wash']);
    expect(result.suspiciousShare).toBeCloseTo(20 / 22);
  });

  it('caps reported volume at what the book can support', () => {
    const result = verifiedVolume([
      venue('thin', 10e6, { depthUsd2pct: 1_000 }),
      venue('a', 1e6),
      venue('b', 1e6),
    ]);
    const thin = result.venues.find((entry) => entry.exchangeId === 'thin')!;
    expect(thin.verified).toBeLessThanOrEqual(1_000 * SCORE_PARAMETERS.depthImpliedVolumeMultiple);
    expect(thin.limitedBy).toBe('depth');
  });

  it('keeps any one venue at or below the share cap', () => {
    const result = verifiedVolume([
      venue('big', 50e6, { depthUsd2pct: 1e9 }),
      venue('a', 1e6),
      venue('b', 1e6),
      venue('c', 1e6),
    ]);
    const big = result.venues.find((entry) => entry.exchangeId === 'big')!;
    expect(big.verified / result.verified).toBeLessThanOrEqual(SCORE_PARAMETERS.venueShareCap + 1e-9);
    expect(big.limitedBy).toBe('share_cap');
    // What the venue itself plausibly traded stays whole: the cap protects the coin's figure, not the venue's.
    expect(big.plausible).toBeCloseTo(50e6);
  });

  it('counts nothing a venue trades without a book: no depth-backed volume', () => {
    const result = verifiedVolume([venue('a', 1e6), venue('bookless', 5e6, { depthUsd2pct: null })]);
    expect(result.venues.find((entry) => entry.exchangeId === 'bookless')).toMatchObject({
      verified: 0,
      limitedBy: 'depth',
    });
    expect(result.verified).toBeCloseTo(1e6);
  });

  it("counts reported volume only as far as the venue's own tape prints it", () => {
    // Reported 10× what its tape prints, with a book in proportion: only the tape says so.
    const inflated = venue('inflated', 10e6, { depthUsd2pct: 10e6 / 50, tapeCappedUsd: 2e6 });
    const result = verifiedVolume([venue('a', 1e6), venue('b', 1e6), venue('c', 1e6), inflated]);
    expect(result.venues.find((entry) => entry.exchangeId === 'inflated')).toMatchObject({
      verified: 2e6,
      limitedBy: 'tape',
    });
  });

  it('ignores a venue at an outlier price', () => {
    const result = verifiedVolume([
      venue('a', 1e6),
      venue('b', 1e6),
      venue('off', 1e6, { priceExcluded: true }),
    ]);
    expect(result.verified).toBeCloseTo(2e6);
  });

  it('never counts more than reported, and more fake volume never raises verified volume past the book', () => {
    const market = fc.record({
      reported: fc.double({ min: 0, max: 1e9, noNaN: true }),
      depth: fc.option(fc.double({ min: 0, max: 1e7, noNaN: true })),
      integrity: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(market, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (markets, inflation) => {
          const venues = markets.map((m, i) =>
            venue(`v${i}`, m.reported, { depthUsd2pct: m.depth, integrity: m.integrity }),
          );
          const base = verifiedVolume(venues);
          expect(base.verified).toBeLessThanOrEqual(base.reported * (1 + 1e-9) + 1e-6);
          // Fake volume on the first venue: reported grows, its book does not.
          const inflated = verifiedVolume([
            { ...venues[0]!, reportedVolumeUsd24h: venues[0]!.reportedVolumeUsd24h * inflation },
            ...venues.slice(1),
          ]);
          // Whatever is faked, venue 0 adds at most what its book supports; the others at most their plausible volume.
          const { depthImpliedVolumeMultiple: multiple } = SCORE_PARAMETERS;
          const plausible = (entry: VenueMarket, reported: number) =>
            Math.min(reported, entry.depthUsd2pct === null ? Infinity : entry.depthUsd2pct * multiple) *
            entry.integrity;
          const first = venues[0]!;
          const bound =
            venues.slice(1).reduce((sum, entry) => sum + plausible(entry, entry.reportedVolumeUsd24h), 0) +
            plausible(first, first.reportedVolumeUsd24h * inflation);
          expect(inflated.verified).toBeLessThanOrEqual(bound * (1 + 1e-9) + 1e-6);
        },
      ),
    );
  });
});

describe('fitDepthMultiples', () => {
  const turnover = (id: string, ratio: number, integrity = 1) =>
    venue(id, 1e6, { depthUsd2pct: 1e6 / ratio, integrity });

  it('fits a coin with enough honest venues on them, never above the universe', () => {
    const ids = Array.from({ length: 10 }, (_, index) => `v${index}`);
    const multipleOf = fitDepthMultiples([
      { coinId: 'deep', venues: ids.map((id) => turnover(id, 10)) },
      { coinId: 'busy', venues: ids.map((id) => turnover(id, 60)) },
    ]);
    const { depthImpliedHeadroom: headroom, depthImpliedMultipleMin: floor } = SCORE_PARAMETERS;
    // Universe: the median of twenty ratios (ten of 10, ten of 60) is 35.
    expect(multipleOf('deep')).toBeCloseTo(Math.max(floor, headroom * 10));
    expect(multipleOf('busy')).toBeCloseTo(headroom * 35);
    expect(multipleOf('unknown')).toBeCloseTo(
      Math.min(headroom * 35, SCORE_PARAMETERS.depthImpliedPriorMultiple),
    );
  });

  it('holds the prior for a coin listed on a few venues, whatever they trade', () => {
    const washers = ['w1', 'w2', 'w3', 'w4'].map((id) => turnover(id, 2_000));
    const others = Array.from({ length: 6 }, (_, index) => ({
      coinId: `c${index}`,
      venues: ['a', 'b', 'c'].map((id) => turnover(id, 20)),
    }));
    // The universe fits 3 × 20 = 60, under the prior: the lesser holds.
    expect(fitDepthMultiples([{ coinId: 'target', venues: washers }, ...others])('target')).toBeCloseTo(60);
    // Where washers are most of the universe too (an audit folder of a few venues), the prior holds.
    const diluted = ['d1', 'd2', 'd3', 'd4', 'd5'].map((id) => turnover(id, 330));
    const honest = ['h1', 'h2'].map((id) => turnover(id, 83));
    expect(fitDepthMultiples([{ coinId: 'btc', venues: [...diluted, ...honest] }])('btc')).toBe(
      SCORE_PARAMETERS.depthImpliedPriorMultiple,
    );
  });
});

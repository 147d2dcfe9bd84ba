import { describe, expect, it } from 'vitest';

import type { VenueTicker } from '@coinlens/market-model';
import { median, medianAbsoluteDeviation, pearsonCorrelation, weightedMedian } from '@coinlens/score';
import { referencePrice, VenueExclusions } from './reference-price.js';

function ticker(exchangeId: string, lastUsd: number, volumeUsd24h = 1_000_000): VenueTicker {
  return {
    exchangeId,
    coinId: 'bitcoin',
    base: 'BTC',
    quote: 'USDT',
    last: lastUsd,
    lastUsd,
    bidUsd: null,
    askUsd: null,
    volumeBase24h: volumeUsd24h / lastUsd,
    volumeUsd24h,
    timestamp: 1,
  };
}

describe('robust statistics', () => {
  it('computes medians, MAD, weighted medians and correlation', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(medianAbsoluteDeviation([1, 2, 3, 4, 100], 3)).toBe(1);
    expect(
      weightedMedian([
        { value: 1, weight: 1 },
        { value: 2, weight: 1 },
        { value: 100, weight: 10 },
      ]),
    ).toBe(100);
    expect(
      weightedMedian([
        { value: 1, weight: 0 },
        { value: 3, weight: 0 },
        { value: 2, weight: 0 },
      ]),
    ).toBe(2);
    expect(pearsonCorrelation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1);
    expect(pearsonCorrelation([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1);
    expect(pearsonCorrelation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearsonCorrelation([0.02, 0.02 + 1e-17, 0.02], [0.02, 0.02, 0.02 + 1e-17])).toBeNull();
  });
});

describe('referencePrice', () => {
  const honest = [
    ticker('a', 100),
    ticker('b', 100.05),
    ticker('c', 99.95),
    ticker('d', 100.02),
    ticker('e', 99.98),
  ];

  it('is the volume-weighted median of the honest venues', () => {
    const result = referencePrice(honest, new VenueExclusions());
    expect(result?.price).toBeCloseTo(100, 1);
    expect(result?.excluded).toEqual([]);
    expect(result?.degraded).toBe(false);
  });

  it('excludes one venue reporting ×1000 and barely moves (Synthetix-style feed error)', () => {
    const result = referencePrice([...honest, ticker('liar', 100_000, 50_000_000)], new VenueExclusions());
    expect(result?.excluded.map((t) => t.exchangeId)).toEqual(['liar']);
    expect(Math.abs((result?.price ?? 0) - 100)).toBeLessThan(0.5);
  });

  it('excludes a near-zero print (Pyth-style) as well', () => {
    const result = referencePrice([...honest, ticker('zero', 0.0001, 10_000_000)], new VenueExclusions());
    expect(result?.excluded.map((t) => t.exchangeId)).toEqual(['zero']);
  });

  it('drops non-finite and non-positive values before anything else', () => {
    const result = referencePrice(
      [...honest, ticker('nan', Number.NaN), ticker('neg', -5), ticker('inf', Number.POSITIVE_INFINITY)],
      new VenueExclusions(),
    );
    expect(result?.healthy).toHaveLength(5);
    expect(result?.excluded).toHaveLength(0);
  });

  it('re-includes an excluded venue only once it is back inside half the band', () => {
    const exclusions = new VenueExclusions();
    // band ≈ 5 × 1.4826 × max(MAD, 0.1) ≈ 0.74 around 100
    referencePrice([...honest, ticker('x', 101)], exclusions);
    expect(exclusions.isExcluded('x:BTC/USDT')).toBe(true);
    referencePrice([...honest, ticker('x', 100.6)], exclusions); // inside the band, outside half of it
    expect(exclusions.isExcluded('x:BTC/USDT')).toBe(true);
    referencePrice([...honest, ticker('x', 100.2)], exclusions); // inside half the band
    expect(exclusions.isExcluded('x:BTC/USDT')).toBe(false);
  });

  it('with two venues it averages nothing away and marks the price degraded', () => {
    const result = referencePrice([ticker('a', 100), ticker('b', 100_000)], new VenueExclusions());
    expect(result?.degraded).toBe(true);
    expect(result?.excluded).toEqual([]);
  });

  it('answers null when nothing usable is left', () => {
    expect(referencePrice([ticker('nan', Number.NaN)], new VenueExclusions())).toBeNull();
  });
});

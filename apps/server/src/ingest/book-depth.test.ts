import { describe, expect, it } from 'vitest';

import type { OrderBookSnapshot } from '@coinlens/market-model';
import { depthWithinBandUsd } from './book-depth.js';

const book = (bids: [number, number][], asks: [number, number][]): OrderBookSnapshot => ({
  exchangeId: 'x',
  coinId: 'c',
  base: 'C',
  quote: 'EUR',
  bids,
  asks,
  timestamp: 0,
});

describe('depthWithinBandUsd', () => {
  it('sums both sides within ±2 % of mid and converts to USD', () => {
    const depth = depthWithinBandUsd(
      book(
        [
          [99, 1],
          [97, 10], // 2.5 % below mid 99.5 → 97.51 floor: outside
        ],
        [
          [100, 2],
          [101.4, 1],
          [102, 50], // outside
        ],
      ),
      1.1,
    );
    expect(depth).toBeCloseTo((99 + 200 + 101.4) * 1.1);
  });

  it('counts a spoofed wall as at most five ordinary levels', () => {
    const levels = (start: number, step: number): [number, number][] =>
      Array.from({ length: 10 }, (_, i) => [start + i * step, 1]);
    const honest = book(levels(99.9, -0.1), levels(100.1, 0.1));
    const walled = book([[99.9, 40], ...levels(99.8, -0.1)], levels(100.1, 0.1));
    const plain = depthWithinBandUsd(honest, 1)!;
    const spoofed = depthWithinBandUsd(walled, 1)!;
    expect(spoofed - plain).toBeLessThanOrEqual(5 * 99.9 + 1e-6);
    expect(spoofed).toBeGreaterThan(plain);
  });

  it('is null for a one-sided or crossed book', () => {
    expect(depthWithinBandUsd(book([], [[1, 1]]), 1)).toBeNull();
    expect(depthWithinBandUsd(book([[2, 1]], [[1, 1]]), 1)).toBeNull();
  });
});

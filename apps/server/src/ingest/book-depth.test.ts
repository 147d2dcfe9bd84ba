import { describe, expect, it } from 'vitest';

import type { OrderBookSnapshot } from '@coinlens/market-model';
import { bandDepth, depthWithinBandUsd, pairDepth } from './book-depth.js';

const book = (bids: [number, number][], asks: [number, number][]): OrderBookSnapshot => ({
  exchangeId: 'x',
  coinId: 'c',
  base: 'C',
  quote: 'EUR',
  bids,
  asks,
  timestamp: 0,
});

describe('bandDepth', () => {
  it('sums both sides within ±2 % of mid and converts to USD', () => {
    const depth = bandDepth(
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
    expect(depth?.usd).toBeCloseTo((99 + 200 + 101.4) * 1.1);
    expect(depth?.complete).toBe(true);
  });

  it('counts a spoofed wall as at most five ordinary levels', () => {
    const levels = (start: number, step: number): [number, number][] =>
      Array.from({ length: 10 }, (_, i) => [start + i * step, 1]);
    const honest = book(levels(99.9, -0.1), levels(100.1, 0.1));
    const walled = book([[99.9, 40], ...levels(99.8, -0.1)], levels(100.1, 0.1));
    const plain = bandDepth(honest, 1)!.usd;
    const spoofed = bandDepth(walled, 1)!.usd;
    expect(spoofed - plain).toBeLessThanOrEqual(5 * 99.9 + 1e-6);
    expect(spoofed).toBeGreaterThan(plain);
  });

  it('is null for a one-sided or crossed book', () => {
    expect(bandDepth(book([], [[1, 1]]), 1)).toBeNull();
    expect(bandDepth(book([[2, 1]], [[1, 1]]), 1)).toBeNull();
  });

  it('keeps the depth of a deep book whose many dust levels make the median level tiny', () => {
    // 400 levels a side to ±4 %: every fourth holds 2 units, the rest dust (as real major books look).
    const side = (sign: 1 | -1): [number, number][] =>
      Array.from({ length: 400 }, (_, i) => [100 * (1 + sign * 0.0001 * (i + 1)), i % 4 === 0 ? 2 : 0.001]);
    const deep = book(side(-1), side(1));
    const uncapped = [...deep.bids, ...deep.asks]
      .filter(([price]) => Math.abs(price / 100 - 1) <= 0.02 + 1e-12)
      .reduce((sum, [price, amount]) => sum + price * amount, 0);
    const depth = bandDepth(deep, 1)!;
    expect(depth.complete).toBe(true);
    expect(depth.usd).toBeCloseTo(uncapped, 6);
  });

  it('says a book whose levels end short of ±2 % gives only a lower bound, and how far it reached', () => {
    const levels = (start: number, step: number): [number, number][] =>
      Array.from({ length: 50 }, (_, i) => [start + i * step, 1]);
    // 50 levels 0.01 apart around 100: they end 0.5 % from mid.
    const short = book(levels(99.99, -0.01), levels(100.01, 0.01));
    const depth = bandDepth(short, 1)!;
    expect(depth.complete).toBe(false);
    expect(depth.reach).toBeCloseTo(0.005, 3);
    // A snapshot known to be the whole book (an audit file) counts as it stands.
    expect(depthWithinBandUsd(short, 1)).toBeCloseTo(depth.usd);
    // Fewer levels than the venue was asked for: that is its whole book, whatever its reach.
    expect(bandDepth(short, 1, 100)!.complete).toBe(true);
    expect(bandDepth(short, 1, 50)!.complete).toBe(false);
  });
});

describe('pairDepth', () => {
  const complete = { usd: 1_000, complete: true, reach: 0.05 };
  const floor = { usd: 1_000, complete: false, reach: 0.001 };

  it('takes a book that covers ±2 % over what the source publishes', () => {
    expect(pairDepth(complete, 50_000)).toEqual({
      usd: 1_000,
      lowerBound: false,
      booked: true,
      figure: { book: true, published: false },
    });
  });

  it('takes the published depth where a book ends short of ±2 % and does not contradict it', () => {
    expect(pairDepth(floor, 50_000)).toEqual({
      usd: 50_000,
      lowerBound: false,
      booked: true,
      figure: { book: false, published: true },
    });
  });

  it('keeps a short book as a lower bound when nothing covers the band, or the published figure is below it', () => {
    expect(pairDepth(floor, null)).toMatchObject({ usd: 1_000, lowerBound: true });
    expect(pairDepth(floor, 400)).toMatchObject({ usd: 1_000, lowerBound: true });
  });

  it('takes the published depth of a pair never booked, and knows nothing without either', () => {
    expect(pairDepth(null, 7)).toEqual({
      usd: 7,
      lowerBound: false,
      booked: false,
      figure: { book: false, published: true },
    });
    expect(pairDepth(null, null)).toBeNull();
  });
});

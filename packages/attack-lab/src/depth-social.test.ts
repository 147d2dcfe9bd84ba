import { describe, expect, it } from 'vitest';

import type { OrderBookSnapshot } from '@coinlens/market-model';
import { addRestingDepth, spoofDepth } from './depth.js';
import { buyEngagement, buyFollowers } from './social.js';

const book: OrderBookSnapshot = {
  exchangeId: 'v',
  coinId: 'coin',
  base: 'C',
  quote: 'USD',
  bids: Array.from({ length: 30 }, (_, index) => [100 * (1 - 0.001 * (index + 1)), 2] as [number, number]),
  asks: Array.from({ length: 30 }, (_, index) => [100 * (1 + 0.001 * (index + 1)), 2] as [number, number]),
  timestamp: 0,
};
const inBand = (snapshot: OrderBookSnapshot) =>
  [...snapshot.bids, ...snapshot.asks]
    .filter(([price]) => Math.abs(price / 100 - 1) <= 0.02)
    .reduce((sum, [price, amount]) => sum + price * amount, 0);

describe('fake depth', () => {
  it('adds the resting notional within ±2 % of mid', () => {
    expect(inBand(addRestingDepth(book, 50_000, 1)) - inBand(book)).toBeCloseTo(50_000, 0);
  });

  it('puts spoof walls 1–4 % from mid', () => {
    const spoofed = spoofDepth(book, 25, 3);
    const wall = spoofed.bids.find(([, amount]) => amount === 50)!;
    expect(Math.abs(wall[0] / 100 - 1)).toBeGreaterThanOrEqual(0.01);
    expect(Math.abs(wall[0] / 100 - 1)).toBeLessThanOrEqual(0.04);
  });
});

describe('bought followers and engagement', () => {
  const DAY = 86_400_000;
  const series = Array.from({ length: 61 }, (_, day) => ({
    timestamp: day * DAY,
    followers: 10_000,
    engagement24h: 300,
  }));

  it('arrive within a day, or drip over the 30 days before the mark', () => {
    const instant = buyFollowers(series, { multiple: 10, mode: 'instant', at: 40 * DAY });
    expect(instant[40]!.followers).toBe(10_000);
    expect(instant[41]!.followers).toBe(110_000);
    const drip = buyFollowers(series, { multiple: 10, mode: 'drip', at: 40 * DAY });
    expect(drip[10]!.followers).toBe(10_000);
    expect(drip[25]!.followers).toBe(60_000);
    expect(drip[40]!.followers).toBe(110_000);
    // No engagement comes with them.
    expect(drip.every((point) => point.engagement24h === 300)).toBe(true);
  });

  it('engagement multiplies from the mark', () => {
    const bought = buyEngagement(series, { multiple: 10, at: 40 * DAY });
    expect(bought[39]!.engagement24h).toBe(300);
    expect(bought[40]!.engagement24h).toBe(3_300);
  });
});

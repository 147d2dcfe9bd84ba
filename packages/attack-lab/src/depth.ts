import type { BookLevel, OrderBookSnapshot } from '@coinlens/market-model';

import { seededRandom } from './random.js';

/**
 * `extraNotional` (quote currency) of resting orders added within ±2 % of mid, half each side, spread over the
 * levels already there (or new ones every 0.1 %): the depth a washer parks so that his volume looks supported.
 */
export function addRestingDepth(
  book: OrderBookSnapshot,
  extraNotional: number,
  seed: number,
): OrderBookSnapshot {
  const mid = midOf(book);
  if (mid === null || !(extraNotional > 0)) return book;
  const random = seededRandom(seed);
  const side = (levels: readonly BookLevel[], sign: 1 | -1): BookLevel[] => {
    const inBand = levels.filter(([price]) => Math.abs(price / mid - 1) <= 0.02);
    const prices =
      inBand.length > 0
        ? inBand.map(([price]) => price)
        : Array.from({ length: 20 }, (_, index) => mid * (1 + sign * 0.001 * (index + 1)));
    const weights = prices.map(() => 0.5 + random());
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const added = new Map(
      prices.map((price, index) => [price, ((extraNotional / 2) * (weights[index]! / total)) / price]),
    );
    const merged = levels.map(([price, amount]): BookLevel => [price, amount + (added.get(price) ?? 0)]);
    for (const [price, amount] of added)
      if (!levels.some(([level]) => level === price)) merged.push([price, amount]);
    return merged.sort((a, b) => sign * (a[0] - b[0]));
  };
  return { ...book, bids: side(book.bids, -1), asks: side(book.asks, 1) };
}

/** Walls of `factor` × the median level, 1–4 % from mid on both sides: depth that is there to be seen. */
export function spoofDepth(book: OrderBookSnapshot, factor: number, seed: number): OrderBookSnapshot {
  const mid = midOf(book);
  if (mid === null) return book;
  const random = seededRandom(seed);
  const median = (levels: readonly BookLevel[]) => {
    const sizes = levels.map(([, amount]) => amount).sort((a, b) => a - b);
    return sizes[Math.floor(sizes.length / 2)] ?? 0;
  };
  const wall = (levels: readonly BookLevel[], sign: 1 | -1): BookLevel[] => {
    const price = mid * (1 + sign * (0.01 + 0.03 * random()));
    return [...levels, [price, factor * median(levels)] as BookLevel].sort((a, b) => sign * (a[0] - b[0]));
  };
  return { ...book, bids: wall(book.bids, -1), asks: wall(book.asks, 1) };
}

function midOf(book: OrderBookSnapshot): number | null {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  return bid !== undefined && ask !== undefined ? (bid + ask) / 2 : null;
}

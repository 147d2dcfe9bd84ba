import type { OrderBookSnapshot } from '@coinlens/market-model';

import { addRestingDepth } from './depth.js';

/** Ticker-only inflation: the venue reports λ × its volume more than it trades, and prints nothing. */
export function inflateReportedVolume(reportedUsd: number, lambda: number): number {
  return reportedUsd * (1 + lambda);
}

/**
 * The inflating venue's book with its resting depth within ±2 % of mid scaled by 1 + λ (orders added over the
 * levels already there), so depth keeps its ratio to the inflated reported volume.
 */
export function bookInProportion(book: OrderBookSnapshot, lambda: number, seed: number): OrderBookSnapshot {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid === undefined || ask === undefined) return book;
  const mid = (bid + ask) / 2;
  const inBand = [...book.bids, ...book.asks]
    .filter(([price]) => Math.abs(price / mid - 1) <= 0.02)
    .reduce((sum, [price, amount]) => sum + price * amount, 0);
  return addRestingDepth(book, lambda * inBand, seed);
}

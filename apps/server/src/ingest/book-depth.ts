import type { OrderBookSnapshot } from '@coinlens/market-model';

import { median } from '../analytics/robust-statistics.js';

/** The band around mid that counts as depth (CoinGecko's ±2 %, "200 basis points"). */
export const DEPTH_BAND = 0.02;
/** No level counts for more than this many times the side's median level (a winsorised book, as BRTI caps orders). */
export const LEVEL_CAP_MULTIPLE = 5;

/**
 * Both sides' resting value within ±2 % of mid, in USD (`usdPerQuote` converts the book's quote currency), each
 * level capped at LEVEL_CAP_MULTIPLE × its side's median level, so a spoofed wall adds little; null for a book
 * without both sides.
 */
export function depthWithinBandUsd(book: OrderBookSnapshot, usdPerQuote: number): number | null {
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  if (bestBid === undefined || bestAsk === undefined || !(bestBid > 0) || !(bestAsk >= bestBid)) return null;
  const mid = (bestBid + bestAsk) / 2;
  const bidCap = LEVEL_CAP_MULTIPLE * (median(book.bids.map(([, amount]) => amount)) ?? 0);
  const askCap = LEVEL_CAP_MULTIPLE * (median(book.asks.map(([, amount]) => amount)) ?? 0);
  let quoteValue = 0;
  for (const [price, amount] of book.bids)
    if (price >= mid * (1 - DEPTH_BAND)) quoteValue += price * Math.min(amount, bidCap);
  for (const [price, amount] of book.asks)
    if (price <= mid * (1 + DEPTH_BAND)) quoteValue += price * Math.min(amount, askCap);
  return quoteValue * usdPerQuote;
}

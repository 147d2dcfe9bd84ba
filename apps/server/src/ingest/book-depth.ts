import type { OrderBookSnapshot } from '../market-data/market-model.js';

/** The band around mid that counts as depth (CoinGecko's ±2 %, "200 basis points"). */
export const DEPTH_BAND = 0.02;

/**
 * Both sides' resting value within ±2 % of mid, in USD (`usdPerQuote` converts the book's quote currency);
 * null for a book without both sides.
 */
export function depthWithinBandUsd(book: OrderBookSnapshot, usdPerQuote: number): number | null {
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  if (bestBid === undefined || bestAsk === undefined || !(bestBid > 0) || !(bestAsk >= bestBid)) return null;
  const mid = (bestBid + bestAsk) / 2;
  let quoteValue = 0;
  for (const [price, amount] of book.bids) if (price >= mid * (1 - DEPTH_BAND)) quoteValue += price * amount;
  for (const [price, amount] of book.asks) if (price <= mid * (1 + DEPTH_BAND)) quoteValue += price * amount;
  return quoteValue * usdPerQuote;
}

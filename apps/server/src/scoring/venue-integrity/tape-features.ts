import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

/**
 * Share of prints that are one half of a buy/sell pair with the same pair, time, price and size: a self-trade,
 * the direct signature of wash trading (Bitwise 2019; Coin Metrics' trade-level checks). Prints without a side
 * never count, so a tape that does not say sides is not accused.
 */
export function pairedPrintShare(trades: readonly TradePrint[]): number {
  if (trades.length === 0) return 0;
  // Sorted by time, a pair's two prints are neighbours within one timestamp: no string keys per print.
  const sorted = [...trades].sort((a, b) => a.timestamp - b.timestamp);
  let paired = 0;
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.timestamp === sorted[start]!.timestamp) end++;
    if (end - start > 1) paired += pairedWithin(sorted, start, end);
    start = end;
  }
  return paired / trades.length;
}

/** Prints in [start, end) (one timestamp) that pair a buy with a sell of the same pair, price and size. */
function pairedWithin(prints: readonly TradePrint[], start: number, end: number): number {
  const used = new Set<number>();
  let paired = 0;
  for (let i = start; i < end; i++) {
    const a = prints[i]!;
    if (a.side === null || used.has(i)) continue;
    for (let j = i + 1; j < end; j++) {
      const b = prints[j]!;
      if (used.has(j) || b.side === null || b.side === a.side) continue;
      if (b.price === a.price && b.amount === a.amount && b.coinId === a.coinId && b.quote === a.quote) {
        used.add(i);
        used.add(j);
        paired += 2;
        break;
      }
    }
  }
  return paired;
}

/**
 * Share of prints outside the best bid/ask of the pair's book (with a small tolerance), over the prints within
 * `windowMs` before each book: Alameda (2019) found most prints of fake-volume venues outside their own quotes.
 * Null when fewer than `minimum` prints fall near a book.
 */
export function outsideQuoteShare(
  trades: readonly TradePrint[],
  books: readonly OrderBookSnapshot[],
  windowMs: number,
  tolerance: number,
  minimum: number,
): number | null {
  let near = 0;
  let outside = 0;
  for (const book of books) {
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    if (bid === undefined || ask === undefined) continue;
    for (const print of trades) {
      if (print.coinId !== book.coinId || print.quote !== book.quote) continue;
      if (print.timestamp > book.timestamp || print.timestamp < book.timestamp - windowMs) continue;
      near++;
      if (print.price < bid * (1 - tolerance) || print.price > ask * (1 + tolerance)) outside++;
    }
  }
  return near >= minimum ? outside / near : null;
}

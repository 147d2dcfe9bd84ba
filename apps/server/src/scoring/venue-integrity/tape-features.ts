import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

const pairOf = (print: Pick<TradePrint, 'coinId' | 'quote'>) => `${print.coinId}|${print.quote}`;

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
 * How regularly consecutive prints of a pair switch side: minus the lag-1 autocorrelation of the side signs,
 * floored at 0. Real order flow clusters (buyers follow buyers); a wash bot printing buy-sell pairs alternates.
 * Null below `minimum` sided prints.
 */
export function sideAlternation(trades: readonly TradePrint[], minimum: number): number | null {
  const byPair = new Map<string, TradePrint[]>();
  for (const print of trades) {
    if (print.side === null) continue;
    const list = byPair.get(pairOf(print));
    if (list) list.push(print);
    else byPair.set(pairOf(print), [print]);
  }
  let products = 0;
  let count = 0;
  let sum = 0;
  let n = 0;
  for (const prints of byPair.values()) {
    const signs = [...prints]
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((p) => (p.side === 'buy' ? 1 : -1));
    for (let i = 0; i < signs.length; i++) {
      sum += signs[i]!;
      n++;
      if (i > 0) {
        products += signs[i]! * signs[i - 1]!;
        count++;
      }
    }
  }
  if (n < minimum || count === 0) return null;
  const mean = sum / n;
  const variance = 1 - mean * mean;
  if (variance <= 1e-9) return 0;
  const autocorrelation = (products / count - mean * mean) / variance;
  return Math.max(0, -autocorrelation);
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

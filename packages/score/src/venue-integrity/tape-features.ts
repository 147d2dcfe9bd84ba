import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

import { firstIndex } from '../sorted-search.js';
import { byPairInTime, pairKey } from './pair-tapes.js';

/**
 * Share of prints that are one half of a buy/sell pair with the same pair, time, price and size: a self-trade,
 * the direct signature of wash trading (Bitwise 2019; Coin Metrics' trade-level checks). Prints without a side
 * never count, so a tape that does not say sides is not accused.
 */
export function pairedPrintShare(trades: readonly TradePrint[]): number {
  if (trades.length === 0) return 0;
  let paired = 0;
  for (const prints of byPairInTime(trades)) paired += pairedPrintCount(prints);
  return paired / trades.length;
}

/** Prints of one pair (in time order) in self-trade pairs: a pair's two prints are neighbours within one timestamp. */
export function pairedPrintCount(prints: readonly TradePrint[]): number {
  let paired = 0;
  for (let start = 0; start < prints.length;) {
    let end = start + 1;
    while (end < prints.length && prints[end]!.timestamp === prints[start]!.timestamp) end++;
    if (end - start > 1) paired += pairedWithin(prints, start, end);
    start = end;
  }
  return paired;
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

/** Prints near a book snapshot (within the window before it), and those of them outside its quote. */
export interface QuoteTally {
  near: number;
  outside: number;
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
  const booksOf = booksByPair(books);
  return outsideQuoteShareOf(
    byPairInTime(trades).map((prints) =>
      quoteTally(prints, booksOf.get(pairKey(prints[0]!)) ?? [], windowMs, tolerance),
    ),
    minimum,
  );
}

/** Books by `coinId|quote`, in their order. */
export function booksByPair(books: readonly OrderBookSnapshot[]): Map<string, OrderBookSnapshot[]> {
  const byPair = new Map<string, OrderBookSnapshot[]>();
  for (const book of books) {
    const list = byPair.get(pairKey(book));
    if (list) list.push(book);
    else byPair.set(pairKey(book), [book]);
  }
  return byPair;
}

/** The quote test over one pair: its prints in time order against its own books. */
export function quoteTally(
  prints: readonly TradePrint[],
  books: readonly OrderBookSnapshot[],
  windowMs: number,
  tolerance: number,
): QuoteTally {
  const tally: QuoteTally = { near: 0, outside: 0 };
  for (const book of books) {
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    if (bid === undefined || ask === undefined) continue;
    const from = book.timestamp - windowMs;
    for (
      let index = firstIndex(prints.length, (position) => prints[position]!.timestamp >= from);
      index < prints.length && prints[index]!.timestamp <= book.timestamp;
      index++
    ) {
      const print = prints[index]!;
      tally.near++;
      if (print.price < bid * (1 - tolerance) || print.price > ask * (1 + tolerance)) tally.outside++;
    }
  }
  return tally;
}

export function outsideQuoteShareOf(tallies: readonly QuoteTally[], minimum: number): number | null {
  let near = 0;
  let outside = 0;
  for (const tally of tallies) {
    near += tally.near;
    outside += tally.outside;
  }
  return near >= minimum ? outside / near : null;
}

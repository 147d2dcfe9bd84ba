import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

import { touchOf } from './touch.js';
import type { Touch } from './touch.js';

/** A venue's best bid and ask from `timestamp` (ms) on. */
export interface Quote {
  timestamp: number;
  bid: number;
  ask: number;
}

/** The touch from a venue's quotes, oldest first: the quote in force at the time (before the first, the first). */
export function quoteTouch(quotes: readonly Quote[]): Touch {
  return (time) => {
    let low = 0;
    let high = quotes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (quotes[middle]!.timestamp <= time) low = middle + 1;
      else high = middle;
    }
    const quote = quotes[Math.max(0, low - 1)]!;
    return { bid: quote.bid, ask: quote.ask };
  };
}

/** The venue's own quotes when given, else the touch inferred from the tape (and the book's spread). */
export function touchFor(
  tape: readonly TradePrint[],
  book: OrderBookSnapshot | null | undefined,
  quotes: readonly Quote[] | undefined,
): Touch {
  return quotes && quotes.length > 0 ? quoteTouch(quotes) : touchOf(tape, book);
}

/** The mid of the touch at a moment. */
export function midAt(touch: Touch, time: number): number {
  const { bid, ask } = touch(time);
  return (bid + ask) / 2;
}

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

/** Best bid and ask at a moment, as a washer sees them when he crosses his own orders at the touch. */
export type Touch = (time: number) => { bid: number; ask: number };

/**
 * The touch over a tape: from the book when given (its best levels, moved with the tape's price since), else
 * from the tape itself — the last buy printed at the ask, the last sell at the bid, the spread the median gap
 * between them.
 */
export function touchOf(tape: readonly TradePrint[], book: OrderBookSnapshot | null | undefined): Touch {
  const times = tape.map((print) => print.timestamp);
  const spread =
    book?.bids[0] && book.asks[0] ? (book.asks[0][0] - book.bids[0][0]) / book.asks[0][0] : tapeSpread(tape);
  return (time) => {
    let low = 0;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (times[middle]! <= time) low = middle + 1;
      else high = middle;
    }
    const last = tape[Math.max(0, low - 1)]!;
    const mid =
      last.side === 'buy'
        ? last.price / (1 + spread / 2)
        : last.side === 'sell'
          ? last.price / (1 - spread / 2)
          : last.price;
    return { bid: mid * (1 - spread / 2), ask: mid * (1 + spread / 2) };
  };
}

/** The median relative gap between a buy and the sell next to it: the quoted spread the tape shows. */
function tapeSpread(tape: readonly TradePrint[]): number {
  const gaps: number[] = [];
  for (let index = 1; index < tape.length; index++) {
    const [a, b] = [tape[index - 1]!, tape[index]!];
    if (a.side && b.side && a.side !== b.side)
      gaps.push(Math.abs(a.price - b.price) / Math.max(a.price, b.price));
  }
  gaps.sort((x, y) => x - y);
  return gaps.length > 0 ? Math.max(1e-5, gaps[Math.floor(gaps.length / 2)]!) : 1e-4;
}

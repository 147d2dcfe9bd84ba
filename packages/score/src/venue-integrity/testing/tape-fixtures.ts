import { seededRandom } from '@coinlens/attack-lab';
import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';
import type { VenueEvidence } from '../venue-evidence.js';

// The attack lab's seeded generator (mulberry32), so fixtures are the same on every run.
export { seededRandom };

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** A size as a person types it: often one or two significant digits, otherwise lot precision. */
export function typedSize(raw: number, random: () => number): number {
  const u = random();
  const digits = u < 0.3 ? 1 : u < 0.45 ? 2 : 6;
  return Number(raw.toPrecision(digits));
}

export const MID = 100;
export const BOOK_TIME = 3_600_000;

export function book(exchangeId: string, levels = 40, levelSize = 50, mid = MID): OrderBookSnapshot {
  return {
    exchangeId,
    coinId: 'coin',
    base: 'C',
    quote: 'USD',
    bids: Array.from({ length: levels }, (_, i) => [mid * (1 - 0.0005 - i * 0.001), levelSize] as const),
    asks: Array.from({ length: levels }, (_, i) => [mid * (1 + 0.0005 + i * 0.001), levelSize] as const),
    timestamp: BOOK_TIME,
  };
}

/**
 * `book()` around where an honest tape's own mid stands at its last print, as a real venue's book follows its
 * price: the fixed book at `MID` leaves the rare tape whose flow has pushed its mid past the spread printing
 * "outside" its own quote (a property test found one in 200 long tapes).
 */
export function bookAtLastPrint(exchangeId: string, trades: readonly TradePrint[]): OrderBookSnapshot {
  const last = trades.reduce<TradePrint | null>(
    (latest, print) => (latest === null || print.timestamp >= latest.timestamp ? print : latest),
    null,
  );
  const mid = last === null ? MID : last.price / (last.side === 'buy' ? 1.0005 : 0.9995);
  return book(exchangeId, 40, 50, mid);
}

/** ±2 % depth of `book()` in USD. */
export function bookDepth(levels = 40, levelSize = 50): number {
  const inBand = Math.min(levels, 20);
  return 2 * inBand * MID * levelSize;
}

/**
 * Honest flow as real tapes show it: log-normal typed sizes, sides that cluster (a side persists with
 * probability 0.85, lag-1 autocorrelation ≈ 0.7), and a price that the flow moves (each print pushes the mid by
 * its signed size, mean-reverting to `MID`), filled at the quote; spread over `spanMs` before the book.
 */
export function honestTape(
  exchangeId: string,
  count: number,
  seed: number,
  spanMs = 3_600_000,
): TradePrint[] {
  const random = seededRandom(seed);
  const times = Array.from({ length: count }, () => Math.floor(BOOK_TIME - spanMs * random())).sort(
    (a, b) => a - b,
  );
  let side: 'buy' | 'sell' = 'buy';
  let logMid = 0;
  return times.map((timestamp, index) => {
    if (random() < 0.15) side = side === 'buy' ? 'sell' : 'buy';
    const amount = typedSize(Math.exp(0.2 + 1.5 * normal(random)), random);
    logMid = 0.97 * logMid + 0.00005 * Math.min(amount, 20) * (side === 'buy' ? 1 : -1);
    const mid = MID * Math.exp(logMid);
    return {
      id: `${exchangeId}-h${index}`,
      exchangeId,
      coinId: 'coin',
      base: 'C',
      quote: 'USD',
      price: Number((side === 'buy' ? mid * 1.0005 : mid * 0.9995).toPrecision(8)),
      amount,
      side,
      timestamp,
    };
  });
}

/** Wash flow: buy/sell pairs at mid with the same time and size; `mimic` sizes them like honest flow. */
export function washTape(exchangeId: string, pairs: number, seed: number, mimic: boolean): TradePrint[] {
  const random = seededRandom(seed);
  const prints: TradePrint[] = [];
  for (let index = 0; index < pairs; index++) {
    const amount = mimic
      ? typedSize(Math.exp(0.2 + 1.5 * normal(random)), random)
      : 2.5 * (1 + (random() - 0.5) * 0.002);
    const timestamp = Math.floor(BOOK_TIME - 3_600_000 * random());
    const first = random() < 0.5 ? 'buy' : 'sell';
    for (const side of [first, first === 'buy' ? 'sell' : 'buy'] as const)
      prints.push({
        id: `${exchangeId}-w${index}${side}`,
        exchangeId,
        coinId: 'coin',
        base: 'C',
        quote: 'USD',
        price: MID,
        amount,
        side,
        timestamp,
      });
  }
  return prints;
}

export function evidence(
  exchangeId: string,
  trades: TradePrint[],
  options: { reportedVolumeUsd24h?: number; books?: OrderBookSnapshot[] } = {},
): VenueEvidence {
  const books = options.books ?? [book(exchangeId)];
  return {
    exchangeId,
    trades,
    books,
    reportedVolumeUsd24h: options.reportedVolumeUsd24h ?? bookDepth() * 30,
    depthUsd2pct: books.length > 0 ? bookDepth() : null,
  };
}

import type { OrderBookSnapshot } from '@coinlens/market-model';

import type { RealTape } from './real-tapes.js';

/** Depth honest venues hold per dollar of daily volume in the tests' folders: turnover of about 83 a day. */
export const HONEST_DEPTH_SHARE = 0.012;

/**
 * A book around the tape's last price just after its last print: 40 equal levels a side every 0.05 %, so its
 * ±2 % depth is `depthUsd`. Real venues rest a book beside their tape; an audit without one counts no volume.
 */
export function bookAround(tape: RealTape, depthUsd: number): OrderBookSnapshot {
  const last = tape.prints[tape.prints.length - 1]!;
  const mid = last.price;
  const amount = depthUsd / 80 / mid;
  const levels = (sign: 1 | -1): [number, number][] =>
    Array.from({ length: 40 }, (_, index) => [mid * (1 + sign * 0.0005 * (index + 1)), amount]);
  return {
    exchangeId: tape.venue,
    coinId: tape.base.toLowerCase(),
    base: tape.base,
    quote: tape.quote,
    bids: levels(-1),
    asks: levels(1),
    timestamp: last.timestamp + 1,
  };
}

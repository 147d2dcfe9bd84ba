import type { OrderBookSnapshot } from '@coinlens/market-model';

import type { RealTape } from './real-tapes.js';

/** Depth honest venues hold per dollar of daily volume in the tests' folders: turnover of about 83 a day. */
export const HONEST_DEPTH_SHARE = 0.012;

/**
 * A book just after the tape's last print, `depthUsd` within ±2 % over 40 equal levels a side every 0.05 %: from
 * the best bid and ask in force then (`touch`, where the venue's real quotes are known), else around the last
 * price. Real venues rest a book beside their tape; an audit without one counts no volume.
 */
export function bookAround(
  tape: Pick<RealTape, 'venue' | 'base' | 'quote' | 'prints'>,
  depthUsd: number,
  touch?: { bid: number; ask: number },
): OrderBookSnapshot {
  const last = tape.prints[tape.prints.length - 1]!;
  const mid = touch ? (touch.bid + touch.ask) / 2 : last.price;
  const amount = depthUsd / 80 / mid;
  const levels = (sign: 1 | -1): [number, number][] =>
    Array.from({ length: 40 }, (_, index) => [
      touch
        ? (sign < 0 ? touch.bid : touch.ask) * (1 + sign * 0.0005 * index)
        : mid * (1 + sign * 0.0005 * (index + 1)),
      amount,
    ]);
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

import type { TradePrint } from '@coinlens/market-model';

import { firstIndex } from '../sorted-search.js';
import { byPairInTime } from './pair-tapes.js';

/** How far apart the two legs of one self-match may print. */
const LEG_WINDOW_MS = 3_000;
/** Fills of one taker order print together: same-side prints this close may be parts of one leg. */
const FILL_WINDOW_MS = 50;
/** Fills the second leg may be split into. */
const MAX_FILLS = 3;

interface Leg {
  timestamp: number;
  side: 'buy' | 'sell';
  /** Indices of the prints it is made of, in the pair's tape. */
  prints: number[];
}

/** Sizes within a relative 1e-8 are the same size (fills are exact decimal parts; sums carry float error). */
const sizeKey = (amount: number) => Math.round(Math.log(amount) * 1e8);

/**
 * Share of the venue's notional in matched legs: a print followed within 3 s by one to three opposite-side
 * fills (printed within 50 ms of each other) of exactly the same total size. A washer who crosses his own orders
 * with a delay prints the two legs apart and may fill the second in parts at a tick's distance — the pattern
 * that hides a self-match from same-millisecond pair checks. In honest flow an exact size met by the opposite
 * side within seconds is rare (0–6 % of notional on the real tapes we hold, the most on Binance's many
 * 0.001 BTC prints). Null below `minimum` sided prints.
 */
export function matchedLegShare(trades: readonly TradePrint[], minimum: number): number | null {
  return matchedLegsOf(byPairInTime(trades).map(legTally), minimum)?.share ?? null;
}

/**
 * The matched share and the number of prints it is in effect weighed over: the share is of notional, so a few
 * large prints weigh as much as thousands of small ones, and its sampling error is that of Kish's effective count
 * (Σw)² / Σw², not of the raw count (with the raw count, one in ten 500-print stretches of Binance's real 2024
 * BTC and ETH tapes looked like washing).
 */
export interface MatchedLegs {
  share: number;
  effectivePrints: number;
}

/**
 * One pair's notional as the matched-leg test adds it up, term by term in time order: of every sided print, and
 * of the prints in matched legs. Terms, not sums, so that a venue's share and each coin's add up exactly as one
 * pass over their prints would.
 */
export interface LegTally {
  sided: number[];
  matched: number[];
}

export function legTally(prints: readonly TradePrint[]): LegTally {
  const tally: LegTally = { sided: [], matched: [] };
  const candidates = secondLegsBySize(prints);
  const used = new Uint8Array(prints.length);
  for (let first = 0; first < prints.length; first++) {
    const leg = prints[first]!;
    if (leg.side === null) continue;
    tally.sided.push(leg.price * leg.amount);
    if (used[first]) continue;
    const second = nextLeg(candidates.get(sizeKey(leg.amount)) ?? [], leg, first, used);
    if (!second) continue;
    used[first] = 1;
    tally.matched.push(leg.price * leg.amount);
    for (const index of second.prints) {
      used[index] = 1;
      tally.matched.push(prints[index]!.price * prints[index]!.amount);
    }
  }
  return tally;
}

/** The matched share over the pairs' tallies, their terms summed in the pairs' order; null below `minimum`. */
export function matchedLegsOf(tallies: readonly LegTally[], minimum: number): MatchedLegs | null {
  let sided = 0;
  let total = 0;
  let squares = 0;
  let matched = 0;
  for (const tally of tallies) {
    sided += tally.sided.length;
    for (const notional of tally.sided) {
      total += notional;
      squares += notional * notional;
    }
    for (const notional of tally.matched) matched += notional;
  }
  if (sided < minimum || total <= 0) return null;
  return { share: Math.min(1, matched / total), effectivePrints: (total * total) / squares };
}

/** The first unused opposite-side candidate after `leg` within the window (the list is in time order). */
function nextLeg(list: readonly Leg[], leg: TradePrint, first: number, used: Uint8Array): Leg | null {
  for (
    let index = firstIndex(list.length, (position) => list[position]!.timestamp > leg.timestamp);
    index < list.length;
    index++
  ) {
    const candidate = list[index]!;
    if (candidate.timestamp - leg.timestamp > LEG_WINDOW_MS) return null;
    if (candidate.side === leg.side) continue;
    if (candidate.prints.every((print) => !used[print] && print !== first)) return candidate;
  }
  return null;
}

/**
 * Every possible second leg — each print alone, and with the next one or two same-side prints within the fill
 * window — keyed by its total size, in time order. Lists per size stay short but for round sizes; the lookup
 * stops at the first candidate past the window.
 */
function secondLegsBySize(prints: readonly TradePrint[]): Map<number, Leg[]> {
  const bySize = new Map<number, Leg[]>();
  const add = (leg: Leg, amount: number) => {
    const key = sizeKey(amount);
    const list = bySize.get(key);
    if (list) list.push(leg);
    else bySize.set(key, [leg]);
  };
  for (let start = 0; start < prints.length; start++) {
    const print = prints[start]!;
    if (print.side === null) continue;
    let amount = print.amount;
    const indices = [start];
    add({ timestamp: print.timestamp, side: print.side, prints: [...indices] }, amount);
    for (let next = start + 1; next < prints.length && indices.length < MAX_FILLS; next++) {
      const fill = prints[next]!;
      if (fill.timestamp - print.timestamp > FILL_WINDOW_MS) break;
      if (fill.side !== print.side) continue;
      indices.push(next);
      amount += fill.amount;
      add({ timestamp: print.timestamp, side: print.side, prints: [...indices] }, amount);
    }
  }
  return bySize;
}

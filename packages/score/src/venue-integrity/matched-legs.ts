import type { TradePrint } from '@coinlens/market-model';

import { byPairInTime } from './pair-tapes.js';

/** How far apart the two legs of one self-match may print. */
const LEG_WINDOW_MS = 3_000;
/** Fills of one taker order print together: same-side prints this close may be parts of one leg. */
const FILL_WINDOW_MS = 50;
/** Fills the second leg may be split into. */
const MAX_FILLS = 3;

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
 * One pair's notional as the matched-leg test adds it up, summed in time order: of every sided print (with its
 * squares, for the effective count), and of the prints in matched legs. A venue's and a coin's tests add their
 * pairs' sums in the pairs' order, so both paths (a pair at a time, or a venue's whole tape split by pair) agree.
 */
export interface LegTally {
  sidedPrints: number;
  sided: number;
  sidedSquares: number;
  matched: number;
}

export function legTally(prints: readonly TradePrint[]): LegTally {
  const tally: LegTally = { sidedPrints: 0, sided: 0, sidedSquares: 0, matched: 0 };
  const legs = SecondLegs.of(prints);
  const used = new Uint8Array(prints.length);
  for (let first = 0; first < prints.length; first++) {
    const leg = prints[first]!;
    if (leg.side === null) continue;
    const notional = leg.price * leg.amount;
    tally.sidedPrints++;
    tally.sided += notional;
    tally.sidedSquares += notional * notional;
    if (used[first]) continue;
    const second = nextLeg(legs, prints, first, used);
    if (second < 0) continue;
    used[first] = 1;
    tally.matched += notional;
    for (const index of legs.printsOf(second)) {
      used[index] = 1;
      tally.matched += prints[index]!.price * prints[index]!.amount;
    }
  }
  return tally;
}

/** The matched share over the pairs' tallies, their sums added in the pairs' order; null below `minimum`. */
export function matchedLegsOf(tallies: readonly LegTally[], minimum: number): MatchedLegs | null {
  let sided = 0;
  let total = 0;
  let squares = 0;
  let matched = 0;
  for (const tally of tallies) {
    sided += tally.sidedPrints;
    total += tally.sided;
    squares += tally.sidedSquares;
    matched += tally.matched;
  }
  if (sided < minimum || total <= 0) return null;
  return { share: Math.min(1, matched / total), effectivePrints: (total * total) / squares };
}

/**
 * The first unused opposite-side candidate after `prints[first]` within the window, among the candidates of its
 * size (its own one-print candidate's group; the group is in time order); -1 when there is none.
 */
function nextLeg(legs: SecondLegs, prints: readonly TradePrint[], first: number, used: Uint8Array): number {
  const leg = prints[first]!;
  const end = legs.groupEnd[legs.position[first]!]!;
  const after = legs.firstAfter(legs.position[first]! + 1, end, leg.timestamp);
  for (let position = after; position < end; position++) {
    const candidate = legs.order[position]!;
    if (legs.timestamp(candidate) - leg.timestamp > LEG_WINDOW_MS) return -1;
    if (prints[legs.start[candidate]!]!.side === leg.side) continue;
    if (legs.free(candidate, used, first)) return candidate;
  }
  return -1;
}

/**
 * Every possible second leg of a pair's tape — each sided print alone, and with the next one or two same-side
 * prints within the fill window — as columns (a candidate is its first print's index and up to two more, -1 where
 * none), with `order` listing the candidates by total size and, within a size, in time order. Lists per size stay
 * short but for round sizes; the lookup stops at the first candidate past the window. The columns are scratch
 * space reused from one pair to the next (a run reads ~400 pairs), valid until the next pair's are built.
 */
class SecondLegs {
  private static scratch = new SecondLegs(0);
  readonly start: Int32Array;
  readonly second: Int32Array;
  readonly third: Int32Array;
  readonly keys: Float64Array;
  /** Per candidate, its size's group; per group (and one more), a position in `order`. */
  readonly groupOf: Int32Array;
  readonly cursor: Int32Array;
  /** The size table: a slot's key and group (-1 free); grown to twice the candidates. */
  private slotKeys = new Float64Array(0);
  private slotGroups = new Int32Array(0);
  /** The candidates by size key, then time. */
  readonly order: Int32Array;
  /** For each position in `order`, the end of its size's run of positions. */
  readonly groupEnd: Int32Array;
  /** For each sided print, the position in `order` of its one-print candidate. */
  readonly position: Int32Array;
  prints: readonly TradePrint[] = [];

  private constructor(readonly printCapacity: number) {
    const capacity = MAX_FILLS * printCapacity;
    this.keys = new Float64Array(capacity);
    this.groupOf = new Int32Array(capacity);
    this.start = new Int32Array(capacity);
    this.second = new Int32Array(capacity);
    this.third = new Int32Array(capacity);
    this.cursor = new Int32Array(capacity + 1);
    this.order = new Int32Array(capacity);
    this.groupEnd = new Int32Array(capacity);
    this.position = new Int32Array(printCapacity);
  }

  /** The candidates of `prints` (in time order), in the scratch columns. */
  static of(prints: readonly TradePrint[]): SecondLegs {
    if (SecondLegs.scratch.printCapacity < prints.length)
      SecondLegs.scratch = new SecondLegs(Math.max(prints.length, 2 * SecondLegs.scratch.printCapacity));
    const legs = SecondLegs.scratch;
    legs.prints = prints;
    legs.build();
    return legs;
  }

  private build(): void {
    const { prints, keys, start: starts, second, third } = this;
    let count = 0;
    for (let start = 0; start < prints.length; start++) {
      const print = prints[start]!;
      if (print.side === null) continue;
      let amount = print.amount;
      keys[count] = sizeKey(amount);
      starts[count] = start;
      second[count] = -1;
      third[count++] = -1;
      let fills = 1;
      for (let next = start + 1; next < prints.length && fills < MAX_FILLS; next++) {
        const fill = prints[next]!;
        if (fill.timestamp - print.timestamp > FILL_WINDOW_MS) break;
        if (fill.side !== print.side) continue;
        amount += fill.amount;
        keys[count] = sizeKey(amount);
        starts[count] = start;
        second[count] = fills === 1 ? next : second[count - 1]!;
        third[count++] = fills === 1 ? -1 : next;
        fills++;
      }
    }
    this.group(count);
  }

  /**
   * `order` as a counting sort over the sizes: each size gets a group the first time it is seen (an open-addressing
   * table of the size keys; NaN, a size that is not a positive number, is one group of its own), and each candidate
   * goes after the candidates of its size made before it, so a size's candidates stay in time order.
   */
  private group(count: number): void {
    const { order, groupEnd, position, start, second } = this;
    const groups = this.groupsOf(count);
    const { groupOf, cursor } = this;
    // cursor[g]: where group g's next candidate goes (the groups laid out in the order first seen).
    cursor.fill(0, 0, groups + 1);
    for (let candidate = 0; candidate < count; candidate++) cursor[groupOf[candidate]! + 1]!++;
    for (let group = 1; group <= groups; group++) cursor[group]! += cursor[group - 1]!;
    for (let group = 0; group < groups; group++) {
      const end = cursor[group + 1]!;
      for (let at = cursor[group]!; at < end; at++) groupEnd[at] = end;
    }
    for (let candidate = 0; candidate < count; candidate++) {
      const at = cursor[groupOf[candidate]!]!++;
      order[at] = candidate;
      // A print's one-print candidate is the one without a second fill.
      if (second[candidate] === -1) position[start[candidate]!] = at;
    }
  }

  /** Each candidate's group (`groupOf`), numbered as its size is first seen; answers how many groups. */
  private groupsOf(count: number): number {
    const { keys, groupOf } = this;
    let slots = 16;
    while (slots < 2 * count) slots *= 2;
    if (this.slotKeys.length < slots) {
      this.slotKeys = new Float64Array(slots);
      this.slotGroups = new Int32Array(slots);
    }
    const { slotKeys, slotGroups } = this;
    slotGroups.fill(-1, 0, slots);
    const mask = slots - 1;
    let groups = 0;
    let nanGroup = -1;
    for (let candidate = 0; candidate < count; candidate++) {
      const key = keys[candidate]!;
      if (Number.isNaN(key)) {
        if (nanGroup < 0) nanGroup = groups++;
        groupOf[candidate] = nanGroup;
        continue;
      }
      // Keys are whole numbers (or ±Infinity); -0 and 0 are one size, as they are one key of a Map.
      const high = Number.isFinite(key) ? Math.floor(key / 4_294_967_296) : key > 0 ? 1 : -1;
      let slot = Math.imul((key | 0) ^ Math.imul(high | 0, 0x27d4eb2d), 0x9e3779b1) & mask;
      while (slotGroups[slot]! >= 0 && slotKeys[slot] !== key) slot = (slot + 1) & mask;
      if (slotGroups[slot]! < 0) {
        slotKeys[slot] = key;
        slotGroups[slot] = groups++;
      }
      groupOf[candidate] = slotGroups[slot]!;
    }
    return groups;
  }

  timestamp(candidate: number): number {
    return this.prints[this.start[candidate]!]!.timestamp;
  }

  /**
   * The first position in [from, end) of `order` (one size's run, in time order) whose candidate printed after
   * `time`; `end` when none did. Written out rather than through sorted-search's `firstIndex`: its predicate, a
   * closure made per print, was ~18 MB of garbage a run.
   */
  firstAfter(from: number, end: number, time: number): number {
    let low = from;
    let high = end;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.timestamp(this.order[middle]!) > time) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Whether none of the candidate's prints is used or is `first`. */
  free(candidate: number, used: Uint8Array, first: number): boolean {
    const start = this.start[candidate]!;
    const second = this.second[candidate]!;
    const third = this.third[candidate]!;
    if (used[start] || start === first) return false;
    if (second >= 0 && (used[second] || second === first)) return false;
    return !(third >= 0 && (used[third] || third === first));
  }

  printsOf(candidate: number): number[] {
    const indices = [this.start[candidate]!];
    if (this.second[candidate]! >= 0) indices.push(this.second[candidate]!);
    if (this.third[candidate]! >= 0) indices.push(this.third[candidate]!);
    return indices;
  }
}

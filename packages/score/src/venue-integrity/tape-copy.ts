import type { TradePrint } from '@coinlens/market-model';

import { firstReaching } from '../sorted-search.js';
import { isRound } from './trade-size-tests.js';

/** A copier prints after the venue it copies, within this window. */
const LAG_MIN_MS = 100;
const LAG_MAX_MS = 5_000;
/** Width of a size-ratio bin, in natural log (0.2 %): copies scaled and rounded to a lot stay in one bin. */
const RATIO_BIN = 0.002;
const MINIMUM_MATCHES = 20;
/**
 * The most common size among the matched prints, as a share of them, above which the matches are one size's habit.
 * Not a count of distinct sizes: a copy keeps its source's sizes, and Binance's real BTC/USDT tape of 2024 has 915
 * distinct sizes in 3,000 prints (0.30; 20 % of them 0.00009 BTC), so a copy of it looked like a habit.
 */
const COPY_MODAL_SIZE_SHARE = 0.5;

/** Print indices of a tape ordered by size, with their log sizes in that order. */
interface SizeIndex {
  order: Uint32Array;
  logSizes: Float64Array;
}

/** One venue's sided prints of one coin, in time order, as columns. */
interface CoinTape {
  times: Float64Array;
  logSizes: Float64Array;
  buys: Uint8Array;
  round: Uint8Array;
  notional: Float64Array;
  total: number;
  /**
   * Built when the tape is first compared: every print by size, and the prints whose size is not round by size
   * (a round print is only ever matched with those, so it never walks the peer's many prints of its round size).
   */
  bySize: { all: SizeIndex; notRound: SizeIndex } | undefined;
}

/**
 * Which venues copy another venue's tape: the same side printed 0.1–5 s after a print of another venue on the
 * same coin, at one constant size ratio (a copier scales the sizes to the volume he wants and keeps the rest —
 * sides, rhythm, relative sizes). Honest venues trading the same coin react to the same news but not with sizes
 * in a fixed ratio, so their matches spread evenly over ratios; two round sizes (0.5 and 0.5) match by habit and
 * are left out. The copied notional is the modal ratio's excess over its neighbouring ratios, against the one peer
 * it is highest for. Each venue's prints are reduced to columns when added (`add`), and not kept, so a run holds
 * one venue's prints at a time; each venue's copies are worked out when first asked, once every venue is added.
 */
export class TapeCopies {
  private readonly tapes = new Map<string, Map<string, CoinTape>>();
  private readonly copied = new Map<string, { venue: number | null; coins: Map<string, number> }>();
  /** Each coin's tapes by venue, in the order the venues were added; built when first needed after an add. */
  private byCoin: Map<string, { exchangeId: string; tape: CoinTape }[]> | null = null;
  private readonly spare: SpareColumns = [];

  constructor(universe: readonly { exchangeId: string; trades: readonly TradePrint[] }[] = []) {
    for (const { exchangeId, trades } of universe) this.add(exchangeId, trades);
  }

  /** Indexes the venue's prints by coin (a venue added again replaces its tapes). */
  add(exchangeId: string, trades: readonly TradePrint[]): void {
    const tapes = this.coinTapes();
    tapes.append(trades);
    this.addTapes(exchangeId, tapes);
  }

  /** A venue's tapes to gather a batch of prints at a time, in columns handed on from the venues built before. */
  coinTapes(): CoinTapes {
    return new CoinTapes(this.spare);
  }

  /** Adds the venue's tapes gathered a batch of prints at a time. */
  addTapes(exchangeId: string, tapes: CoinTapes): void {
    this.tapes.set(exchangeId, tapes.build());
    this.copied.clear();
    this.byCoin = null;
  }

  /** Share of the venue's notional (or of its notional in `coinId`) that is copied; null without a peer. */
  share(exchangeId: string, coinId?: string): number | null {
    const result = this.copied.get(exchangeId) ?? this.compute(exchangeId);
    if (coinId === undefined) return result.venue;
    return result.venue === null ? null : (result.coins.get(coinId) ?? null);
  }

  private compute(exchangeId: string): { venue: number | null; coins: Map<string, number> } {
    const own = this.tapes.get(exchangeId) ?? new Map<string, CoinTape>();
    const total = [...own.values()].reduce((sum, tape) => sum + tape.total, 0);
    const coins = new Map<string, number>();
    // Each peer's copied notional, summed over the coins in the venue's order; only peers sharing a coin.
    const excessByPeer = new Map<string, number>();
    const byCoin = (this.byCoin ??= this.indexByCoin());
    for (const [coinId, tape] of own) {
      for (const { exchangeId: peerId, tape: source } of byCoin.get(coinId)!) {
        if (peerId === exchangeId) continue;
        const coinExcess = copiedNotional(tape, source);
        if (coinExcess === null) continue;
        excessByPeer.set(peerId, (excessByPeer.get(peerId) ?? 0) + coinExcess);
        coins.set(coinId, Math.max(coins.get(coinId) ?? 0, Math.min(1, coinExcess / (tape.total || 1))));
      }
    }
    let venue: number | null = null;
    for (const excess of excessByPeer.values())
      venue = Math.max(venue ?? 0, Math.min(1, excess / (total || 1)));
    const result = { venue, coins };
    this.copied.set(exchangeId, result);
    return result;
  }

  private indexByCoin(): Map<string, { exchangeId: string; tape: CoinTape }[]> {
    const byCoin = new Map<string, { exchangeId: string; tape: CoinTape }[]>();
    for (const [exchangeId, coins] of this.tapes)
      for (const [coinId, tape] of coins) {
        const venues = byCoin.get(coinId);
        if (venues) venues.push({ exchangeId, tape });
        else byCoin.set(coinId, [{ exchangeId, tape }]);
      }
    return byCoin;
  }
}

const FIRST_CAPACITY = 1024;

/** `column` copied into one twice as long, made by `make`. */
function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(
  column: T,
  make: (length: number) => T,
): T {
  const next = make(2 * column.length);
  next.set(column);
  return next;
}

/** The columns a venue's prints are gathered in before `build` lays them out by coin; grown by doubling. */
class GatherColumns {
  times = new Float64Array(FIRST_CAPACITY);
  amounts = new Float64Array(FIRST_CAPACITY);
  prices = new Float64Array(FIRST_CAPACITY);
  buys = new Uint8Array(FIRST_CAPACITY);
  coinSlots = new Uint32Array(FIRST_CAPACITY);

  grow(): void {
    this.times = grown(this.times, (length) => new Float64Array(length));
    this.amounts = grown(this.amounts, (length) => new Float64Array(length));
    this.prices = grown(this.prices, (length) => new Float64Array(length));
    this.buys = grown(this.buys, (length) => new Uint8Array(length));
    this.coinSlots = grown(this.coinSlots, (length) => new Uint32Array(length));
  }
}

/**
 * Gathering columns handed back by built venues, for the next venue to gather in. A run reads its venues one after
 * another and gives them all one list, so it grows one set to its largest venue instead of allocating and growing
 * a set per venue (large typed arrays are zeroed, and their memory counts toward the collector's external-memory
 * pressure); the set goes with the run.
 */
export type SpareColumns = GatherColumns[];

/**
 * One venue's sided prints, gathered a batch at a time (a pair's tape as it is read) into one set of typed columns
 * for all its coins, each print tagged with its coin (a venue's prints stay gathered until its last pair is read:
 * as plain arrays they were copied by every young collection meanwhile). `build` lays each coin out in time order
 * (prints of one time in the order they came) as a `CoinTape`, the coins' tapes being views of one set of columns,
 * and hands the gathering columns on.
 */
export class CoinTapes {
  private readonly slots = new Map<string, number>();
  private readonly coinIds: string[] = [];
  private columns: GatherColumns | null = null;
  private length = 0;

  constructor(private readonly spare: SpareColumns = []) {}

  append(trades: readonly TradePrint[]): void {
    // A pair's prints are all of one coin: the slot is looked up again only when the coin changes.
    let coinId: string | null = null;
    let slot = 0;
    const columns = (this.columns ??= this.spare.pop() ?? new GatherColumns());
    for (const print of trades) {
      if (print.side === null || !(print.amount > 0)) continue;
      if (print.coinId !== coinId) {
        coinId = print.coinId;
        slot = this.slotOf(coinId);
      }
      if (this.length === columns.times.length) columns.grow();
      const index = this.length++;
      columns.times[index] = print.timestamp;
      columns.amounts[index] = print.amount;
      columns.prices[index] = print.price;
      columns.buys[index] = print.side === 'buy' ? 1 : 0;
      columns.coinSlots[index] = slot;
    }
  }

  /** Each coin's tape; the gathered prints are handed on, so a second build finds none. */
  build(): Map<string, CoinTape> {
    const tapes = new Map<string, CoinTape>();
    const gathered = this.columns;
    if (gathered === null) return tapes;
    const { times, amounts, prices, buys, coinSlots } = gathered;
    const count = this.length;
    const coins = this.coinIds.length;
    // Each coin's prints in the order they came: a counting sort by coin.
    const starts = new Uint32Array(coins + 1);
    for (let index = 0; index < count; index++) starts[coinSlots[index]! + 1]!++;
    for (let slot = 0; slot < coins; slot++) starts[slot + 1]! += starts[slot]!;
    const order = new Uint32Array(count);
    const next = starts.slice(0, coins);
    for (let index = 0; index < count; index++) order[next[coinSlots[index]!]!++] = index;
    const laidOut = {
      times: new Float64Array(count),
      logSizes: new Float64Array(count),
      buys: new Uint8Array(count),
      round: new Uint8Array(count),
      notional: new Float64Array(count),
    };
    for (let slot = 0; slot < coins; slot++) {
      const from = starts[slot]!;
      const to = starts[slot + 1]!;
      // One pair's prints arrive in time order; only a coin printed in several pairs needs the sort.
      const coinOrder = order.subarray(from, to);
      if (!inOrder(times, coinOrder)) coinOrder.sort((a, b) => times[a]! - times[b]! || a - b);
      const tape: CoinTape = {
        times: laidOut.times.subarray(from, to),
        logSizes: laidOut.logSizes.subarray(from, to),
        buys: laidOut.buys.subarray(from, to),
        round: laidOut.round.subarray(from, to),
        notional: laidOut.notional.subarray(from, to),
        total: 0,
        // Present from the start, so every tape has one shape and the comparisons' loops stay monomorphic.
        bySize: undefined,
      };
      for (let index = 0; index < coinOrder.length; index++) {
        const print = coinOrder[index]!;
        const amount = amounts[print]!;
        tape.times[index] = times[print]!;
        tape.logSizes[index] = Math.log(amount);
        tape.buys[index] = buys[print]!;
        tape.round[index] = isRound(amount) ? 1 : 0;
        tape.notional[index] = prices[print]! * amount;
        tape.total += tape.notional[index]!;
      }
      tapes.set(this.coinIds[slot]!, tape);
    }
    this.columns = null;
    this.length = 0;
    this.slots.clear();
    this.coinIds.length = 0;
    this.spare.push(gathered);
    return tapes;
  }

  private slotOf(coinId: string): number {
    let slot = this.slots.get(coinId);
    if (slot === undefined) {
      slot = this.coinIds.length;
      this.slots.set(coinId, slot);
      this.coinIds.push(coinId);
    }
    return slot;
  }
}

/** Whether the prints `order` lists are in time order. */
function inOrder(times: Float64Array, order: Uint32Array): boolean {
  for (let index = 1; index < order.length; index++)
    if (times[order[index]!]! < times[order[index - 1]!]!) return false;
  return true;
}

/** Own prints whose windows are read to find the candidate ratio; the rest are checked against it. */
const PROBE_PRINTS = 24;
/** Peer prints read per probe window at most (a busy peer prints hundreds in 5 s). */
const PROBE_WINDOW = 200;
/** Probe hits in one ratio bin below which no copy is looked for. */
const PROBE_HITS = 4;
/** Bins this far from the candidate estimate what chance puts in a bin. */
const CHANCE_OFFSETS = [-10, -5, 5, 10];

/**
 * Notional of `own` prints at the copy ratio beyond chance; null when the tapes do not overlap. The candidate
 * ratio comes from the full windows of the first prints; every print is then checked for a peer print of that
 * size ratio in its window, walking own and peer prints in size order together — O((n + m) log m) for the
 * sorting once per tape, then linear per ratio. Chance is what the same check finds at ratios a few bins away.
 */
function copiedNotional(own: CoinTape, peer: CoinTape): number | null {
  const last = own.times.length - 1;
  const peerLast = peer.times.length - 1;
  if (last < 0 || peerLast < 0) return null;
  // Too few prints on either side to find the 20 matches a copy needs.
  if (last + 1 < MINIMUM_MATCHES || peerLast + 1 < MINIMUM_MATCHES) return 0;
  if (peer.times[0]! > own.times[last]! - LAG_MIN_MS || peer.times[peerLast]! < own.times[0]! - LAG_MAX_MS)
    return null;
  const candidate = candidateBin(own, peer);
  if (candidate === null) return 0;
  const matched = matchedAt(own, peer, candidate);
  const at = matchedSummary(own, matched.flags, matched.count);
  // A copy keeps the source's varied sizes; prints of one machine size meeting a peer's habitual size (a bot
  // printing 250 USD against a venue's many 0.001 BTC) share a ratio without copying anything.
  if (at.count < MINIMUM_MATCHES || at.modalSize > COPY_MODAL_SIZE_SHARE * at.count) return 0;
  const chance =
    CHANCE_OFFSETS.reduce((sum, offset) => sum + matchedAt(own, peer, candidate + offset).count, 0) /
    CHANCE_OFFSETS.length;
  return at.notional * (Math.max(0, at.count - chance) / at.count);
}

/**
 * Counts per ratio bin, reused by every comparison (it is zeroed again after each): a typed array around bin 0
 * instead of a map per comparison. Bins beyond it (size ratios past e^±65) go to a map.
 */
const BIN_OFFSET = 1 << 15;
const binCounts = new Uint32Array(2 * BIN_OFFSET);
/** The bins counted by one comparison, in the order first counted; reused like `binCounts` and grown when full. */
let countedBins = new Int32Array(1 << 14);
let countedLength = 0;

function countBin(bin: number): void {
  if (countedLength === countedBins.length)
    countedBins = grown(countedBins, (length) => new Int32Array(length));
  countedBins[countedLength++] = bin;
}

/** The size-ratio bin most probe prints' windows share, or null when none stands out. Probes are spread evenly
 * over the tape: a copier may start late or pause. Of equally shared bins, the first one counted. */
function candidateBin(own: CoinTape, peer: CoinTape): number | null {
  countedLength = 0;
  let beyond: Map<number, number> | null = null;
  const { times, buys, round, logSizes } = peer;
  const stride = Math.max(1, Math.floor(own.times.length / PROBE_PRINTS));
  // Probes come in time order, so each window starts at or after the last one's start.
  let start = 0;
  for (let index = 0; index < own.times.length; index += stride) {
    const time = own.times[index]!;
    const buy = own.buys[index];
    const ownRound = own.round[index];
    const ownLogSize = own.logSizes[index]!;
    start = firstReaching(times, time - LAG_MAX_MS, start);
    const end = Math.min(times.length, start + PROBE_WINDOW);
    const latest = time - LAG_MIN_MS;
    for (let source = start; source < end && times[source]! <= latest; source++) {
      if (buys[source] !== buy || (round[source] && ownRound)) continue;
      const bin = Math.round((ownLogSize - logSizes[source]!) / RATIO_BIN);
      const slot = bin + BIN_OFFSET;
      if (slot >= 0 && slot < binCounts.length) {
        if (binCounts[slot]!++ === 0) countBin(bin);
      } else {
        beyond ??= new Map<number, number>();
        const count = beyond.get(bin) ?? 0;
        if (count === 0) countBin(bin);
        beyond.set(bin, count + 1);
      }
    }
  }
  let best: number | null = null;
  let hits = PROBE_HITS - 1;
  for (let index = 0; index < countedLength; index++) {
    const bin = countedBins[index]!;
    const slot = bin + BIN_OFFSET;
    const inside = slot >= 0 && slot < binCounts.length;
    const count = inside ? binCounts[slot]! : beyond!.get(bin)!;
    if (inside) binCounts[slot] = 0;
    if (count > hits) {
      best = bin;
      hits = count;
    }
  }
  return best;
}

function sizeIndexes(tape: CoinTape): { all: SizeIndex; notRound: SizeIndex } {
  const { logSizes, round } = tape;
  const all = bySize(logSizes);
  let notRoundCount = 0;
  for (const index of all) if (round[index] === 0) notRoundCount++;
  const notRound = new Uint32Array(notRoundCount);
  notRoundCount = 0;
  for (const index of all) if (round[index] === 0) notRound[notRoundCount++] = index;
  const index = (order: Uint32Array): SizeIndex => {
    const sizes = new Float64Array(order.length);
    for (let rank = 0; rank < order.length; rank++) sizes[rank] = logSizes[order[rank]!]!;
    return { order, logSizes: sizes };
  };
  return { all: index(all), notRound: index(notRound) };
}

/**
 * Print indices ordered by log size, prints of one size in index order: a numeric sort of the sizes, then each print
 * placed at its size's first rank after the prints of that size before it (a comparator sort of the indices cost
 * as much as the comparisons that read them).
 */
function bySize(logSizes: Float64Array): Uint32Array {
  const sorted = Float64Array.from(logSizes).sort();
  const next = new Uint32Array(sorted.length);
  const order = new Uint32Array(sorted.length);
  for (let index = 0; index < logSizes.length; index++) {
    const size = logSizes[index]!;
    const first = firstReaching(sorted, size, 0);
    order[first + next[first]!++] = index;
  }
  return order;
}

/**
 * Which own prints have a peer print of ratio bin `bin` in their window (same side, not two round sizes), as
 * flags in time order, and how many. Own prints are taken in size order, so the first peer print of each one's
 * size range only moves forward.
 */
function matchedAt(own: CoinTape, peer: CoinTape, bin: number): { flags: Uint8Array; count: number } {
  const ownOrder = (own.bySize ??= sizeIndexes(own)).all.order;
  const { all, notRound } = (peer.bySize ??= sizeIndexes(peer));
  const shift = bin * RATIO_BIN;
  const flags = new Uint8Array(own.times.length);
  // Where the current size range starts in each of the peer's size orders.
  let fromAll = 0;
  let fromNotRound = 0;
  let count = 0;
  for (let rank = 0; rank < ownOrder.length; rank++) {
    const index = ownOrder[rank]!;
    const target = own.logSizes[index]! - shift;
    const from = target - RATIO_BIN / 2;
    let position: number;
    let sizes: SizeIndex;
    // Two round sizes match by habit: a round print looks only among the peer's other sizes.
    if (own.round[index]) {
      sizes = notRound;
      while (fromNotRound < sizes.logSizes.length && sizes.logSizes[fromNotRound]! < from) fromNotRound++;
      position = fromNotRound;
    } else {
      sizes = all;
      while (fromAll < sizes.logSizes.length && sizes.logSizes[fromAll]! < from) fromAll++;
      position = fromAll;
    }
    if (hasPeerPrint(own, index, peer, sizes, position, target + RATIO_BIN / 2)) {
      flags[index] = 1;
      count++;
    }
  }
  return { flags, count };
}

/** Whether a peer print from `position` of `sizes` up to log size `to` printed the same side in the window. */
function hasPeerPrint(
  own: CoinTape,
  index: number,
  peer: CoinTape,
  sizes: SizeIndex,
  position: number,
  to: number,
): boolean {
  const time = own.times[index]!;
  const buy = own.buys[index];
  for (; position < sizes.logSizes.length; position++) {
    if (sizes.logSizes[position]! > to) return false;
    const source = sizes.order[position]!;
    const lag = time - peer.times[source]!;
    if (lag >= LAG_MIN_MS && lag <= LAG_MAX_MS && peer.buys[source] === buy) return true;
  }
  return false;
}

/** The matched prints' notional (summed in time order) and how many of them have the most common size. */
function matchedSummary(
  own: CoinTape,
  flags: Uint8Array,
  count: number,
): { count: number; notional: number; modalSize: number } {
  let notional = 0;
  let modalSize = 0;
  const sizes = new Map<number, number>();
  for (let index = 0; index < flags.length; index++) {
    if (!flags[index]) continue;
    notional += own.notional[index]!;
    const size = Math.round(own.logSizes[index]! / RATIO_BIN);
    const seen = (sizes.get(size) ?? 0) + 1;
    sizes.set(size, seen);
    modalSize = Math.max(modalSize, seen);
  }
  return { count, notional, modalSize };
}

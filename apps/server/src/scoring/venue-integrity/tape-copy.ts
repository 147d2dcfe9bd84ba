import type { TradePrint } from '@coinlens/market-model';

import { firstIndex } from '../../analytics/sorted-search.js';
import { isRound } from './trade-size-tests.js';

/** A copier prints after the venue it copies, within this window. */
const LAG_MIN_MS = 100;
const LAG_MAX_MS = 5_000;
/** Width of a size-ratio bin, in natural log (0.2 %): copies scaled and rounded to a lot stay in one bin. */
const RATIO_BIN = 0.002;
const MINIMUM_MATCHES = 20;
/** Distinct sizes among the matched prints, as a share of them, below which the matches are one size's habit. */
const COPY_DISTINCT_SIZES = 0.3;

/** One venue's sided prints of one coin, in time order, as columns. */
interface CoinTape {
  times: Float64Array;
  logSizes: Float64Array;
  buys: Uint8Array;
  round: Uint8Array;
  notional: Float64Array;
  total: number;
  /** The prints ordered by size, built when the tape is first compared. */
  bySize?: { order: Uint32Array; logSizes: Float64Array };
}

/**
 * Which venues copy another venue's tape: the same side printed 0.1–5 s after a print of another venue on the
 * same coin, at one constant size ratio (a copier scales the sizes to the volume he wants and keeps the rest —
 * sides, rhythm, relative sizes). Honest venues trading the same coin react to the same news but not with sizes
 * in a fixed ratio, so their matches spread evenly over ratios; two round sizes (0.5 and 0.5) match by habit and
 * are left out. The copied notional is the modal ratio's excess over its neighbouring ratios, against the one peer
 * it is highest for. Built once per universe; each venue is worked out when first asked.
 */
export class TapeCopies {
  private readonly tapes = new Map<string, Map<string, CoinTape>>();
  private readonly copied = new Map<string, { venue: number | null; coins: Map<string, number> }>();

  constructor(universe: readonly { exchangeId: string; trades: readonly TradePrint[] }[]) {
    for (const { exchangeId, trades } of universe) this.tapes.set(exchangeId, coinTapes(trades));
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
    let venue: number | null = null;
    for (const [peerId, peer] of this.tapes) {
      if (peerId === exchangeId) continue;
      let excess: number | null = null;
      for (const [coinId, tape] of own) {
        const source = peer.get(coinId);
        const coinExcess = source ? copiedNotional(tape, source) : null;
        if (coinExcess === null) continue;
        excess = (excess ?? 0) + coinExcess;
        coins.set(coinId, Math.max(coins.get(coinId) ?? 0, Math.min(1, coinExcess / (tape.total || 1))));
      }
      if (excess !== null) venue = Math.max(venue ?? 0, Math.min(1, excess / (total || 1)));
    }
    const result = { venue, coins };
    this.copied.set(exchangeId, result);
    return result;
  }
}

function coinTapes(trades: readonly TradePrint[]): Map<string, CoinTape> {
  const byCoin = new Map<string, TradePrint[]>();
  for (const print of trades) {
    if (print.side === null || !(print.amount > 0)) continue;
    const list = byCoin.get(print.coinId);
    if (list) list.push(print);
    else byCoin.set(print.coinId, [print]);
  }
  const tapes = new Map<string, CoinTape>();
  for (const [coinId, prints] of byCoin) {
    prints.sort((a, b) => a.timestamp - b.timestamp);
    const tape: CoinTape = {
      times: Float64Array.from(prints, (print) => print.timestamp),
      logSizes: Float64Array.from(prints, (print) => Math.log(print.amount)),
      buys: Uint8Array.from(prints, (print) => (print.side === 'buy' ? 1 : 0)),
      round: Uint8Array.from(prints, (print) => (isRound(print.amount) ? 1 : 0)),
      notional: Float64Array.from(prints, (print) => print.price * print.amount),
      total: 0,
    };
    tape.total = tape.notional.reduce((sum, value) => sum + value, 0);
    tapes.set(coinId, tape);
  }
  return tapes;
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
 * size ratio in its window by binary search over the peer's sizes — O(n log m), not every print against every
 * print of its window. Chance is what the same check finds at ratios a few bins away.
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
  const sizes = (peer.bySize ??= sizeIndex(peer));
  const at = matchesAt(own, peer, sizes, candidate);
  // A copy keeps the source's varied sizes; prints of one machine size meeting a peer's habitual size (a bot
  // printing 250 USD against a venue's many 0.001 BTC) share a ratio without copying anything.
  if (at.count < MINIMUM_MATCHES || at.sizes < COPY_DISTINCT_SIZES * at.count) return 0;
  const chance =
    CHANCE_OFFSETS.reduce((sum, offset) => sum + matchesAt(own, peer, sizes, candidate + offset).count, 0) /
    CHANCE_OFFSETS.length;
  return at.notional * (Math.max(0, at.count - chance) / at.count);
}

/** The size-ratio bin most probe prints' windows share, or null when none stands out. Probes are spread evenly
 * over the tape: a copier may start late or pause. */
function candidateBin(own: CoinTape, peer: CoinTape): number | null {
  const counts = new Map<number, number>();
  const stride = Math.max(1, Math.floor(own.times.length / PROBE_PRINTS));
  for (let index = 0; index < own.times.length; index += stride) {
    const time = own.times[index]!;
    const start = firstIndex(peer.times.length, (source) => peer.times[source]! >= time - LAG_MAX_MS);
    const end = Math.min(peer.times.length, start + PROBE_WINDOW);
    for (let source = start; source < end && peer.times[source]! <= time - LAG_MIN_MS; source++) {
      if (peer.buys[source] !== own.buys[index] || (peer.round[source] && own.round[index])) continue;
      const bin = Math.round((own.logSizes[index]! - peer.logSizes[source]!) / RATIO_BIN);
      counts.set(bin, (counts.get(bin) ?? 0) + 1);
    }
  }
  let best: number | null = null;
  let hits = PROBE_HITS - 1;
  for (const [bin, count] of counts)
    if (count > hits) {
      best = bin;
      hits = count;
    }
  return best;
}

/** The peer's print indices ordered by size, with their log sizes in that order. */
function sizeIndex(peer: CoinTape): { order: Uint32Array; logSizes: Float64Array } {
  const order = Uint32Array.from(peer.logSizes.keys()).sort((a, b) => peer.logSizes[a]! - peer.logSizes[b]!);
  return { order, logSizes: Float64Array.from(order, (index) => peer.logSizes[index]!) };
}

/**
 * Own prints with a peer print of ratio bin `bin` in their window: how many, their notional, and how many
 * distinct sizes they have.
 */
function matchesAt(
  own: CoinTape,
  peer: CoinTape,
  sizes: { order: Uint32Array; logSizes: Float64Array },
  bin: number,
): { count: number; notional: number; sizes: number } {
  let count = 0;
  let notional = 0;
  const distinct = new Set<number>();
  for (let index = 0; index < own.times.length; index++) {
    const target = own.logSizes[index]! - bin * RATIO_BIN;
    const time = own.times[index]!;
    const low = firstIndex(
      sizes.logSizes.length,
      (position) => sizes.logSizes[position]! >= target - RATIO_BIN / 2,
    );
    for (let position = low; position < sizes.logSizes.length; position++) {
      if (sizes.logSizes[position]! > target + RATIO_BIN / 2) break;
      const source = sizes.order[position]!;
      const lag = time - peer.times[source]!;
      if (lag < LAG_MIN_MS || lag > LAG_MAX_MS) continue;
      if (peer.buys[source] !== own.buys[index] || (peer.round[source] && own.round[index])) continue;
      count++;
      notional += own.notional[index]!;
      distinct.add(Math.round(own.logSizes[index]! / RATIO_BIN));
      break;
    }
  }
  return { count, notional, sizes: distinct.size };
}

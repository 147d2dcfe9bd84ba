import type { TradePrint } from '@coinlens/market-model';

import { isRound } from './trade-size-tests.js';

/** A copier prints after the venue it copies, within this window. */
const LAG_MIN_MS = 100;
const LAG_MAX_MS = 5_000;
/** Width of a size-ratio bin, in natural log (0.2 %): copies scaled and rounded to a lot stay in one bin. */
const RATIO_BIN = 0.002;
/** The modal bin is compared with this many bins on each side: chance matches spread over all of them. */
const NEIGHBOUR_BINS = 10;
const MINIMUM_MATCHES = 20;

/** A venue's sided prints in time order, and the coins they trade: prepared once per universe. */
export interface TapeSource {
  exchangeId: string;
  prints: readonly TradePrint[];
  coins: ReadonlySet<string>;
}

export function tapeSource(exchangeId: string, trades: readonly TradePrint[]): TapeSource {
  const prints = trades
    .filter((print) => print.side !== null && print.amount > 0)
    .sort((a, b) => a.timestamp - b.timestamp);
  return { exchangeId, prints, coins: new Set(prints.map((print) => print.coinId)) };
}

/**
 * Share of a venue's notional that copies another venue's tape: the same side printed 0.1–5 s after a print of
 * the other venue on the same coin, at one constant size ratio (a copier scales the sizes to the volume he
 * wants and keeps the rest — sides, rhythm, relative sizes). Honest venues trading the same coin react to the
 * same news but not with sizes in a fixed ratio, so their matches spread evenly over ratios. The copied share
 * is the excess of the modal ratio over its neighbouring ratios, against the single peer it is highest for.
 * Null when no peer trades the same coin over an overlapping time.
 */
export function copiedShare(venue: TapeSource, peers: readonly TapeSource[]): number | null {
  const own = venue.prints;
  if (own.length === 0) return null;
  const total = own.reduce((sum, print) => sum + print.price * print.amount, 0);
  if (!(total > 0)) return null;
  let best: number | null = null;
  for (const peer of peers) {
    if (peer.exchangeId === venue.exchangeId || ![...venue.coins].some((coin) => peer.coins.has(coin)))
      continue;
    const excess = copiedNotional(own, peer.prints);
    if (excess === null) continue;
    best = Math.max(best ?? 0, excess / total);
  }
  return best === null ? null : Math.min(1, best);
}

/** Notional of `own` prints in the modal size-ratio bin beyond chance; null without overlapping prints. */
function copiedNotional(own: readonly TradePrint[], peer: readonly TradePrint[]): number | null {
  const bins = new Map<number, { count: number; notional: number }>();
  let overlapping = false;
  let start = 0;
  for (const print of own) {
    while (start < peer.length && peer[start]!.timestamp < print.timestamp - LAG_MAX_MS) start++;
    const seen = new Set<number>();
    for (let index = start; index < peer.length; index++) {
      const source = peer[index]!;
      if (source.timestamp > print.timestamp - LAG_MIN_MS) break;
      overlapping = true;
      if (source.side !== print.side || source.coinId !== print.coinId) continue;
      // Two round sizes (0.5 and 0.5) match by habit, not by copying.
      if (isRound(print.amount) && isRound(source.amount)) continue;
      const bin = Math.round(Math.log(print.amount / source.amount) / RATIO_BIN);
      // One print counts once per ratio, however many sources of that ratio precede it.
      if (seen.has(bin)) continue;
      seen.add(bin);
      const entry = bins.get(bin) ?? { count: 0, notional: 0 };
      entry.count++;
      entry.notional += print.price * print.amount;
      bins.set(bin, entry);
    }
  }
  if (!overlapping) return null;
  let modal: [number, { count: number; notional: number }] | null = null;
  for (const entry of bins) if (!modal || entry[1].count > modal[1].count) modal = entry;
  if (!modal || modal[1].count < MINIMUM_MATCHES) return 0;
  let neighbours = 0;
  for (let offset = 1; offset <= NEIGHBOUR_BINS; offset++)
    neighbours += (bins.get(modal[0] - offset)?.count ?? 0) + (bins.get(modal[0] + offset)?.count ?? 0);
  const chance = neighbours / (2 * NEIGHBOUR_BINS);
  const excessShare = Math.max(0, modal[1].count - chance) / modal[1].count;
  return modal[1].notional * excessShare;
}

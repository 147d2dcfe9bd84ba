import type { PairTally } from './integrity-features.js';

/**
 * A venue's pair is a follower, and its flow is not expected to move its price, when another venue trading the
 * same coin at the same time holds at least this many times its ±2 % depth: its price follows that market by
 * arbitrage and requotes, whatever its own flow does.
 */
export const FOLLOWER_DEPTH_RATIO = 2;

/** What decides which pairs follow: depth over the whole band, USD; null where unknown (or known only as a floor). */
export interface LeaderDepth {
  /** The ±2 % depth of a venue's coin. */
  of: (exchangeId: string, coinId: string) => number | null;
  /**
   * The depth of every venue trading the coin now, sampled or not (the score's run knows every pair's depth; a
   * folder of tapes knows only its venues', which need not be concurrent: absent, only sampled venues whose
   * tapes overlap in time are compared).
   */
  concurrent?: (coinId: string) => readonly number[];
}

/**
 * Marks which pairs' flow the flow-and-price test reads (`leads`): where price discovery happens, flow moves the
 * price (0.33–0.54 on the liquid real tapes), but a follower's price moves with the market it follows — Binance's
 * simulated BTC/USDC, FDUSD, EUR and TRY pairs show −0.41 to −0.06 beside its BTC/USDT's 0.72, and real Kraken
 * XBT/USDT of 2025 0.02 — and pooled with a venue's leading pairs they had honest venues accused.
 * - On a venue, a coin's flow is read on its main pair only (the most notional printed); its other quotes
 *   follow it by triangular arbitrage.
 * - Across venues, a main pair is a follower where another venue's main pair of the coin overlaps it in time
 *   and holds more than `FOLLOWER_DEPTH_RATIO` × its depth, or (in the score's run) any venue trading the coin now does. Depth, not volume, decides, since depth costs capital: a washer
 *   who parks depth in proportion to his prints becomes a leader and is read; one who does not is held to his
 *   depth by the depth cap (verified-volume.ts). Unknown depth on either side decides nothing.
 */
export function markLeaders(
  venues: readonly { exchangeId: string; tallies: readonly PairTally[] }[],
  depth: LeaderDepth = { of: () => null },
): void {
  const mains = new Map<string, { exchangeId: string; tally: PairTally; depth: number | null }[]>();
  for (const { exchangeId, tallies } of venues) {
    const main = new Map<string, PairTally>();
    for (const tally of tallies) {
      const known = main.get(tally.coinId);
      if (!known || tally.notional > known.notional) main.set(tally.coinId, tally);
    }
    for (const tally of tallies) tally.leads = main.get(tally.coinId) === tally;
    for (const [coinId, tally] of main) {
      const list = mains.get(coinId) ?? [];
      list.push({ exchangeId, tally, depth: depth.of(exchangeId, coinId) });
      mains.set(coinId, list);
    }
  }
  for (const [coinId, list] of mains) {
    const deepestNow = Math.max(0, ...(depth.concurrent?.(coinId) ?? []));
    for (const entry of list) {
      if (entry.depth === null) continue;
      const bound = FOLLOWER_DEPTH_RATIO * entry.depth;
      entry.tally.leads =
        deepestNow <= bound &&
        !list.some(
          (peer) =>
            peer !== entry &&
            peer.depth !== null &&
            peer.depth > bound &&
            peer.tally.from <= entry.tally.to &&
            entry.tally.from <= peer.tally.to,
        );
    }
  }
}

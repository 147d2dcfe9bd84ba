import type { TradePrint } from '@coinlens/market-model';

/** The key of a print's (or book's) pair on its venue. */
export const pairKey = (pair: Pick<TradePrint, 'coinId' | 'quote'>) => `${pair.coinId}|${pair.quote}`;

const split = new WeakMap<readonly TradePrint[], TradePrint[][]>();

/**
 * A venue's prints split by pair (coin and quote), each list sorted by time; remembered per tape, since every
 * tape test reads the same split. Callers must not modify the lists.
 */
export function byPairInTime(trades: readonly TradePrint[]): readonly (readonly TradePrint[])[] {
  const known = split.get(trades);
  if (known) return known;
  const pairs = pairLists(trades);
  split.set(trades, pairs);
  return pairs;
}

function pairLists(trades: readonly TradePrint[]): TradePrint[][] {
  const byPair = new Map<string, TradePrint[]>();
  for (const print of trades) {
    const key = pairKey(print);
    const list = byPair.get(key);
    if (list) list.push(print);
    else byPair.set(key, [print]);
  }
  return [...byPair.values()].map((prints) => prints.sort((a, b) => a.timestamp - b.timestamp));
}

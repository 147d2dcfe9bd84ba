import type { TradePrint } from '@coinlens/market-model';

/** A venue's prints split by pair (coin and quote), each list sorted by time. */
export function byPairInTime(trades: readonly TradePrint[]): TradePrint[][] {
  const byPair = new Map<string, TradePrint[]>();
  for (const print of trades) {
    const key = `${print.coinId}|${print.quote}`;
    const list = byPair.get(key);
    if (list) list.push(print);
    else byPair.set(key, [print]);
  }
  return [...byPair.values()].map((prints) => prints.sort((a, b) => a.timestamp - b.timestamp));
}

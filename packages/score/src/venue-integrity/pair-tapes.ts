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
  // By coin, then quote: no key string built per print. The lists keep the order their pairs first print in.
  const byCoin = new Map<string, Map<string, TradePrint[]>>();
  const lists: TradePrint[][] = [];
  for (const print of trades) {
    let byQuote = byCoin.get(print.coinId);
    if (!byQuote) byCoin.set(print.coinId, (byQuote = new Map<string, TradePrint[]>()));
    let list = byQuote.get(print.quote);
    if (!list) {
      byQuote.set(print.quote, (list = []));
      lists.push(list);
    }
    list.push(print);
  }
  return lists.map((prints) => prints.sort((a, b) => a.timestamp - b.timestamp));
}

import type { CoinTick, GlobalTick } from '@coinlens/contract';

import type { CoinState, MarketSnapshot } from '../market-store/market-snapshot.js';
import { coinPriceFields } from '../market-store/coin-price-fields.js';
import type { Converter } from '../market-store/currency-converter.js';
import { percent, significant } from '../market-store/precision.js';

export function coinTick(coin: CoinState, money: Converter, stale: boolean): CoinTick {
  return {
    ...coinPriceFields(coin, money),
    rank: coin.rank,
    stale,
    as_of: coin.asOf,
  };
}

export function globalTick(snapshot: MarketSnapshot, money: Converter, stale: boolean): GlobalTick {
  const global = snapshot.global;
  return {
    total_market_cap: significant(money.convert(global.totalMarketCap)),
    total_volume_24h: significant(money.convert(global.totalVolume24h)),
    btc_dominance: percent(global.btcDominance) ?? 0,
    rising: global.rising,
    falling: global.falling,
    unchanged: global.unchanged,
    stale,
  };
}

/** The fields of `next` that differ from `previous` (all of them without a previous). */
export function changedFields<T extends object>(previous: T | undefined, next: T): Partial<T> {
  if (!previous) return next;
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[])
    if (previous[key] !== next[key]) changes[key] = next[key];
  return changes;
}

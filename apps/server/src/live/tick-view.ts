import type { CoinTick, GlobalTick } from '@coinlens/contract';

import type { CoinState, MarketSnapshot } from '../ingest/market-snapshot.js';
import type { Converter } from '../modules/market/currency.service.js';

export function coinTick(coin: CoinState, money: Converter, stale: boolean): CoinTick {
  const metrics = coin.metrics;
  return {
    price: money.convertNullable(coin.price),
    change_24h: metrics?.change24h ?? null,
    volume_24h: metrics?.volume24h ?? null,
    amount_24h: money.convertNullable(metrics?.amount24h),
    market_cap: money.convertNullable(metrics?.marketCap),
    circulating_market_cap: money.convertNullable(metrics?.circulatingMarketCap),
    high_24h: money.convertNullable(metrics?.high24h),
    low_24h: money.convertNullable(metrics?.low24h),
    rank: coin.rank,
    stale,
    as_of: coin.asOf,
  };
}

export function globalTick(snapshot: MarketSnapshot, money: Converter, stale: boolean): GlobalTick {
  const global = snapshot.global;
  return {
    total_market_cap: money.convert(global.totalMarketCap),
    total_volume_24h: money.convert(global.totalVolume24h),
    btc_dominance: global.btcDominance,
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
  for (const key of Object.keys(next) as (keyof T)[]) if (previous[key] !== next[key]) changes[key] = next[key];
  return changes;
}

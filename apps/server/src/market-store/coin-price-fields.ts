import type { CoinTick } from '@coinlens/contract';

import type { Converter } from './currency-converter.js';
import type { CoinState } from './market-snapshot.js';
import { percent, significantOrNull } from './precision.js';

export type CoinPriceFields = Omit<CoinTick, 'rank' | 'stale' | 'as_of'>;

/**
 * A coin's price and 24 h figures in the caller's currency at wire precision: what a list row shows and what the
 * live socket sends, so the two always agree.
 */
export function coinPriceFields(coin: CoinState, money: Converter): CoinPriceFields {
  const metrics = coin.metrics;
  return {
    price: significantOrNull(money.convertNullable(coin.price)),
    change_24h: percent(metrics?.change24h),
    volume_24h: significantOrNull(metrics?.volume24h),
    amount_24h: significantOrNull(money.convertNullable(metrics?.amount24h)),
    market_cap: significantOrNull(money.convertNullable(metrics?.marketCap)),
    circulating_market_cap: significantOrNull(money.convertNullable(metrics?.circulatingMarketCap)),
    high_24h: significantOrNull(money.convertNullable(metrics?.high24h)),
    low_24h: significantOrNull(money.convertNullable(metrics?.low24h)),
  };
}

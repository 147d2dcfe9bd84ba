import type { CoinListItem, CoinTick } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import type { CoinState } from '../market-store/market-snapshot.js';
import type { Converter } from '../market-store/currency-converter.js';
import { coinListItem } from '../modules/market/market-views.js';
import { coinTick } from './tick-view.js';

const cny: Converter = {
  currency: 'cny',
  perUsd: 7.123456789,
  convert: (usd) => usd * 7.123456789,
  convertNullable: (usd) => (usd === null || usd === undefined ? null : usd * 7.123456789),
};

const coin = {
  profile: { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', localNames: {}, logo: '', sectors: ['layer-1'] },
  rank: 1,
  price: 65_432.123456789,
  asOf: 1_000,
  certification: 'certified',
  listedAt: null,
  score: null,
  metrics: {
    change24h: 1.234567,
    volume24h: 12_345.6789012345,
    amount24h: 807_654_321.123456,
    marketCap: 1_290_000_000_000.123,
    circulatingMarketCap: 1_280_000_000_000.456,
    high24h: 66_000.987654321,
    low24h: 64_000.123456789,
    turnoverRate: 0.5,
    volatility24h: 2,
    sparkline7d: [],
  },
} as unknown as CoinState;

describe('coinTick', () => {
  it('sends the same price figures a list row shows, in the subscription currency', () => {
    const tick = coinTick(coin, cny, false);
    const row = coinListItem(coin, cny, 'en', { as_of: 0, stale: false });
    expect(tick.price).toBe(466_102.9);
    expect(tick.high_24h).toBe(470_155.18);
    const shared = Object.keys(tick).filter(
      (field) => field in row && field !== 'as_of' && field !== 'stale',
    );
    expect(shared).toHaveLength(9);
    for (const field of shared)
      expect([field, tick[field as keyof CoinTick]]).toEqual([field, row[field as keyof CoinListItem]]);
  });
});

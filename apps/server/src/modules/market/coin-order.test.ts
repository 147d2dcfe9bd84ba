import { describe, expect, it } from 'vitest';

import type { CoinProfile } from '@coinlens/market-model';
import type { CoinScoreState } from '../../market-store/market-snapshot.js';
import { emptyCoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import { MarketService } from './market.service.js';

function scored(id: string, value: number, stablecoin = false) {
  const coin = emptyCoinState({
    id,
    symbol: id,
    name: id,
    sectors: [],
    stablecoin,
  } as unknown as CoinProfile);
  coin.price = 1;
  coin.score = { value } as CoinScoreState;
  return coin;
}

describe('the coin list by score', () => {
  it('puts stablecoins after every other scored coin, each group by its score, unscored coins last', () => {
    const snapshot = new MarketSnapshot(60_000);
    const unscored = emptyCoinState({
      id: 'new',
      symbol: 'new',
      name: 'new',
      sectors: [],
    } as unknown as CoinProfile);
    unscored.price = 1;
    snapshot.ranked = [
      scored('tether', 92, true),
      scored('bitcoin', 88),
      unscored,
      scored('usd-coin', 90, true),
      scored('pepe', 31),
    ];
    const market = new MarketService(snapshot, {} as never, {} as never, {} as never, {} as never);
    const order = () =>
      market
        .orderedCoins({ sort: 'score', filter: 'all', hide_low_quality: false }, null)
        .map((coin) => coin.profile.id);
    expect(order()).toEqual(['bitcoin', 'pepe', 'tether', 'usd-coin', 'new']);
  });
});

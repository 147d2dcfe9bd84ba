import { describe, expect, it } from 'vitest';

import type { CoinState, ExchangeState } from '../market-store/market-snapshot.js';
import { MarketSnapshot } from '../market-store/market-snapshot.js';
import { MarketRanking } from './market-ranking.js';

function coin(id: string, circulatingMarketCap: number | null, change24h: number | null): CoinState {
  return {
    profile: { id },
    metrics: circulatingMarketCap === null ? null : { circulatingMarketCap, change24h, amount24h: 10 },
  } as unknown as CoinState;
}

function exchange(id: string, healthyAmount24h: number): ExchangeState {
  return { profile: { id }, healthyAmount24h } as unknown as ExchangeState;
}

function market(): MarketSnapshot {
  const snapshot = new MarketSnapshot(60_000);
  for (const state of [coin('unpriced', null, null), coin('ethereum', 300, -5), coin('bitcoin', 700, 0.001)])
    snapshot.coins.set(state.profile.id, state);
  for (const state of [exchange('big', 900), exchange('scored', 10), exchange('small', 50)])
    snapshot.exchanges.set(state.profile.id, state);
  return snapshot;
}

describe('MarketRanking', () => {
  it('ranks coins by circulating cap and sums the global figures', () => {
    const snapshot = market();
    new MarketRanking(snapshot, { exchangeRanking: () => [] }).rank();
    expect(snapshot.ranked.map((state) => [state.profile.id, state.rank, state.marketShare])).toEqual([
      ['bitcoin', 1, 70],
      ['ethereum', 2, 30],
      ['unpriced', 3, null],
    ]);
    expect(snapshot.global).toMatchObject({
      totalMarketCap: 1_000,
      totalVolume24h: 20,
      btcDominance: 70,
      ethDominance: 30,
      rising: 0,
      falling: 1,
      unchanged: 2,
    });
  });

  it('puts scored exchanges first, then the rest by healthy turnover', () => {
    const snapshot = market();
    new MarketRanking(snapshot, { exchangeRanking: () => ['scored'] }).rank();
    expect(snapshot.exchangesRanked.map((state) => [state.profile.id, state.exRank])).toEqual([
      ['scored', 1],
      ['big', 2],
      ['small', 3],
    ]);
  });
});

import { describe, expect, it } from 'vitest';

import type { MarketDataProvider, PairQuery, VenueTicker } from '@coinlens/market-model';
import { VenueSampler } from './venue-sampler.js';

function ticker(exchangeId: string, coinId: string, volumeUsd24h: number): VenueTicker {
  return { exchangeId, coinId, volumeUsd24h, quote: 'USD', last: 1, lastUsd: 1 } as VenueTicker;
}

describe('VenueSampler', () => {
  it("reads a venue's largest pairs and those where it carries most of a coin's volume", async () => {
    const read: string[] = [];
    const provider = {
      capabilities: new Set(['trades']),
      getTrades: (pair: PairQuery) => {
        read.push(`${pair.exchangeId}|${pair.coinId}`);
        return Promise.resolve([]);
      },
    } as unknown as MarketDataProvider;
    const sampler = new VenueSampler(provider, {
      tapePairsPerVenue: 2,
      influentialPairsPerVenue: 1,
      maxBooksPerRun: 0,
      bookLevels: 10,
      now: () => 0,
    });
    const tickers = [
      ticker('big', 'bitcoin', 9e9),
      ticker('big', 'ethereum', 5e9),
      ticker('big', 'solana', 1e9),
      // Small for the venue, but nearly all of the coin's volume: the venue's word decides this coin.
      ticker('big', 'midcap', 2e8),
      ticker('other', 'bitcoin', 9e9),
      ticker('other', 'solana', 9e9),
      ticker('other', 'midcap', 1e6),
    ];
    await sampler.sample(tickers, new AbortController().signal);
    expect(read.filter((key) => key.startsWith('big|')).sort()).toEqual(
      ['big|bitcoin', 'big|ethereum', 'big|midcap'].sort(),
    );
  });
});

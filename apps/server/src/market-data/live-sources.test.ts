import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { startLiveReplays } from '../../test/support/live-replays.js';
import type { LiveReplays } from '../../test/support/live-replays.js';
import { loadConfig } from '../config/config.js';
import { openMarketSource } from './provider-registry.js';

let replays: LiveReplays;
beforeEach(async () => {
  replays = await startLiveReplays();
});
afterEach(() => replays.close());

const signal = () => AbortSignal.timeout(20_000);

describe('the live source against the replays', () => {
  it('routes each capability to its source: tickers with depth from CoinGecko, on-chain from DefiLlama, books from ccxt', async () => {
    const { provider, name } = await openMarketSource(loadConfig(replays.env));
    expect(name).toBe('live');
    const tickers = await provider.getTickers({ coinIds: ['bitcoin'] }, signal());
    expect(tickers[0]).toMatchObject({ exchangeId: 'binance', depthUsd2pctUp: 18234567.12, trust: 'green' });
    const [aave] = await provider.getOnChain(['aave'], signal());
    expect(aave).toMatchObject({ tvlUsd: 21_200_000_000, holderAddresses: null });
    const [social] = await provider.getSocial(['bitcoin'], signal());
    expect(social?.followers.reddit).toBe(6127543);
    const book = await provider.getOrderBook(
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      5,
      signal(),
    );
    expect(book.bids.length).toBeGreaterThan(0);
    expect(replays.exchanges.requestsTo('/api/v3/depth')).toHaveLength(1);
    expect(replays.coingecko.requestsTo('/api/v3/depth')).toHaveLength(0);
  });
});

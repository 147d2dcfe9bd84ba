import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { startLiveReplays } from '../../../../test/support/live-replays.js';
import type { LiveReplays } from '../../../../test/support/live-replays.js';
import { loadConfig } from '../../../config/config.js';
import { openMarketSource } from '../../provider-registry.js';

let replays: LiveReplays;
beforeEach(async () => {
  replays = await startLiveReplays();
});
afterEach(() => replays.close());

const signal = () => AbortSignal.timeout(20_000);

describe('Coin Metrics in the live source', () => {
  it("merges its active addresses and transactions with DefiLlama's TVL, coin by coin", async () => {
    const { provider } = await openMarketSource(loadConfig(replays.env));
    const snapshots = await provider.getOnChain(['ethereum', 'bitcoin', 'aave', 'solana'], signal());
    expect(snapshots).toEqual([
      // DefiLlama's chain TVL and Coin Metrics' activity of the same chain, in one snapshot.
      expect.objectContaining({
        coinId: 'ethereum',
        tvlUsd: 60_000_000_000,
        tvlScope: 'chain',
        activeAddresses24h: 498_765,
        transactions24h: 1_203_456,
        activityDayStart: Date.parse('2026-05-17T00:00:00Z'),
      }),
      expect.objectContaining({ coinId: 'aave', tvlUsd: 21_200_000_000, activeAddresses24h: null }),
      // Solana is not in Coin Metrics' community table: DefiLlama's figures alone.
      expect.objectContaining({ coinId: 'solana', tvlUsd: 9_000_000_000, activeAddresses24h: null }),
      // DefiLlama does not know Bitcoin in its fixtures: Coin Metrics' snapshot alone (its latest complete day
      // by the real clock).
      expect.objectContaining({ coinId: 'bitcoin', activeAddresses24h: expect.any(Number) as number }),
    ]);
    expect(snapshots[3]).not.toHaveProperty('tvlUsd');
    expect(provider.sourceOf?.('onChain')).toBe('defillama + coinmetrics');
    const [request, ...more] = replays.coinmetrics.requestsTo('/timeseries/asset-metrics');
    expect(more).toHaveLength(0);
    expect(request?.query).toMatchObject({ assets: 'eth,btc', metrics: 'AdrActCnt,TxCnt', frequency: '1d' });
  });
});

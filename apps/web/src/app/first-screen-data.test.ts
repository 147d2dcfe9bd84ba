import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch, ok } from '@/testing/fake-fetch';
import { marketQueries } from '../features/market/api/market-queries';
import { prefetchFirstScreen } from './first-screen-data';

// The gateway binds `fetch` when it is created: install a forwarder before any import runs.
const fake = vi.hoisted(() => {
  const holder: { fetch: typeof fetch | null } = { fetch: null };
  globalThis.fetch = (input, init) => holder.fetch!(input, init);
  return holder;
});

const page = { list: [], as_of: 1, stale: false, page: 1, page_size: 50, total: 0 };

function start(hash: string) {
  const created = createFakeFetch(() => ok(page));
  fake.fetch = created.fetch;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchFirstScreen(queryClient, hash);
  return { queryClient, requests: created.requests };
}

afterEach(() => {
  fake.fetch = null;
});

describe('the first screen data', () => {
  it.each(['', '#/', '#/pages/tabbar/market/index', '#/pages/tabbar/market/index?tab=coins'])(
    'asks for the global stats and the first coins by rank at once when the app opens on %j',
    async (hash) => {
      const { queryClient, requests } = start(hash);
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      expect(requests.map((request) => request.url).sort()).toEqual([
        '/gwapi/v1/appmarket_msrv/coin_list',
        '/gwapi/v1/appmarket_msrv/global_stats',
      ]);
      // Under the keys CoinList and GlobalStatsStrip ask for: the screen finds them in the cache.
      const coinKey = marketQueries.coinList({ filter: 'all', sort: 'rank', order: 'asc', currency: 'usd' });
      expect(queryClient.getQueryCache().find({ queryKey: coinKey.queryKey, exact: true })).toBeDefined();
      const statsKey = marketQueries.globalStats('usd').queryKey;
      expect(queryClient.getQueryCache().find({ queryKey: statsKey, exact: true })).toBeDefined();
    },
  );

  it.each([
    '#/pages/tabbar/market/index?tab=gainers',
    '#/pages/tabbar/market/index?tab=sectors&concept=defi',
    '#/pages/tabbar/platform/index',
    '#/pages/exchange/currencyIntro/index?coin_id=bitcoin',
  ])('asks for nothing ahead when the app opens on %j', async (hash) => {
    const { queryClient, requests } = start(hash);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

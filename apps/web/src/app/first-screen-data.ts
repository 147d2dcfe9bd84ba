import type { QueryClient } from '@tanstack/react-query';

import { paths } from '../config/paths';
import { marketQueries } from '../features/market/api/market-queries';
import { useSettingsStore } from '../lib/settings-store';

/**
 * Starts the requests of the Markets tab's first screen — the global stats and the first page of coins by rank —
 * when the app opens on it, so they travel beside the page's code instead of after it. The keys are the ones
 * GlobalStatsStrip and CoinList ask for, so they find the answers (or the requests in flight) in the cache.
 */
export function prefetchFirstScreen(queryClient: QueryClient, hash: string): void {
  const [pathname = '', query = ''] = hash.replace(/^#/, '').split('?');
  if (pathname !== paths.home && pathname !== paths.market && pathname !== '') return;
  const search = new URLSearchParams(query);
  if ((search.get('tab') ?? 'coins') !== 'coins' || search.has('concept')) return;
  const currency = useSettingsStore.getState().price.currency_code;
  void queryClient.prefetchQuery(marketQueries.globalStats(currency));
  void queryClient.prefetchInfiniteQuery(
    marketQueries.coinList({ filter: 'all', sort: 'rank', order: 'asc', currency }),
  );
}

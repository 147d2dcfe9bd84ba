import type { GlobalTick } from '@coinlens/contract';
import type { Query, QueryClient } from '@tanstack/react-query';

import { showChanges } from './live-cells';
import { patchCoinsIn, patchGlobal, type CoinChanges } from './patch-coins';
import { GLOBAL_TOPIC, coinTopic } from './topics';

/**
 * Answers whose coins are shown in coin rows, whose live values are written into the rows' cells
 * (live-cells.ts): their cache entries are patched without notifying observers, so a tick renders nothing.
 * The next render of those answers (a scroll, a re-sort back to a cached order, a reload from the cache)
 * reads the patched values.
 */
const SHOWN_IN_LIVE_CELLS = new Set<string>([
  'appmarket_msrv/coin_list',
  'appmarket_msrv/watch_coins_list',
  'appmarket_msrv/hot_search_coins',
  'appsearch_msrv/search',
  'appsearch_msrv/hot_search',
]);
/** Answers rendered from their data as a whole (the coin page): patched and their observers notified. */
const RENDERED_FROM_DATA = new Set<string>(['appmarket_msrv/coin_detail']);
const GLOBAL_STATS = 'appmarket_msrv/global_stats';
/**
 * The global figures GlobalStatsStrip shows in live cells: a tick that moves only these patches the cached
 * answer quietly; any other (`stale`) notifies, so the strip renders its warning.
 */
const GLOBAL_FIELDS_IN_CELLS = new Set<string>([
  'total_market_cap',
  'total_volume_24h',
  'btc_dominance',
  'rising',
  'falling',
  'unchanged',
]);

function currencyOf(queryKey: readonly unknown[]): string | undefined {
  const payload = queryKey[1];
  if (typeof payload !== 'object' || payload === null) return undefined;
  const currency = (payload as { currency?: unknown }).currency;
  return typeof currency === 'string' ? currency : undefined;
}

/**
 * Replaces the query's data without a dispatch: `setQueryData` would notify every observer, and React Query
 * hands notifications to a timer in which the screen re-renders — the cost a tick is meant not to have.
 */
function patchQuietly<T>(query: Query, patch: (data: T) => T): void {
  const data = query.state.data as T;
  const patched = patch(data);
  if (patched !== data) query.state = { ...query.state, data: patched };
}

/**
 * Applies one flush of live changes: into the cached answers in `currency` (only those: nothing refetches)
 * and into the live cells on screen.
 */
export function applyLiveChanges(
  client: QueryClient,
  currency: string,
  coins: CoinChanges,
  global: Partial<GlobalTick>,
): void {
  const globalFields = Object.keys(global);
  const globalQuietly = globalFields.every((field) => GLOBAL_FIELDS_IN_CELLS.has(field));
  const patchCoins = (data: unknown) => patchCoinsIn(data, coins);
  const patchGlobalStats = (data: Partial<GlobalTick>) => patchGlobal(data, global);
  for (const query of client.getQueryCache().getAll()) {
    const [name] = query.queryKey;
    if (typeof name !== 'string' || query.state.data === undefined) continue;
    if (currencyOf(query.queryKey) !== currency) continue;
    if (coins.size > 0 && SHOWN_IN_LIVE_CELLS.has(name)) patchQuietly(query, patchCoins);
    else if (coins.size > 0 && RENDERED_FROM_DATA.has(name)) client.setQueryData(query.queryKey, patchCoins);
    else if (name === GLOBAL_STATS && globalFields.length > 0) {
      if (globalQuietly) patchQuietly(query, patchGlobalStats);
      else client.setQueryData(query.queryKey, patchGlobalStats);
    }
  }
  for (const [id, changes] of coins) showChanges(coinTopic(id), changes);
  if (globalFields.length > 0) showChanges(GLOBAL_TOPIC, global);
}

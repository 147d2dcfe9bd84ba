import type { ProcedureOutput } from '@coinlens/contract';

import { createSnapshotStore } from '@/lib/offline/last-snapshot';

export type CoinListPage = ProcedureOutput<'appmarket_msrv/coin_list'>;
export type WatchedCoins = ProcedureOutput<'appmarket_msrv/watch_coins_list'>;
export type WatchedExchanges = ProcedureOutput<'appmarket_msrv/watch_exchange_list'>;
export type GlobalStats = ProcedureOutput<'appmarket_msrv/global_stats'>;

function isGlobalStats(value: unknown): value is GlobalStats {
  if (typeof value !== 'object' || value === null) return false;
  const { total_market_cap, rising, as_of } = value as Record<string, unknown>;
  return typeof total_market_cap === 'number' && typeof rising === 'number' && typeof as_of === 'number';
}

/** The shape every kept list answer has; enough to render without crashing on a foreign value. */
function isListAnswer<T extends { list: { id: string }[]; as_of: number }>(value: unknown): value is T {
  if (typeof value !== 'object' || value === null) return false;
  const { list, as_of } = value as { list?: unknown; as_of?: unknown };
  return (
    typeof as_of === 'number' &&
    Array.isArray(list) &&
    list.every(
      (item) =>
        typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string',
    )
  );
}

/** The Markets tab's figures and first page (all coins by rank) and the user's watch lists, for an offline start. */
export const marketSnapshots = {
  globalStats: createSnapshotStore<GlobalStats>('global_stats', isGlobalStats),
  coinList: createSnapshotStore<CoinListPage>('coin_list', isListAnswer),
  watchedCoins: createSnapshotStore<WatchedCoins>('watch_coins', isListAnswer),
  watchedExchanges: createSnapshotStore<WatchedExchanges>('watch_exchange', isListAnswer),
};

/** Scope of a watch list copy: one user's list in one currency. */
export function watchListScope(uid: string | number | null, currency: string): string | null {
  return uid === null ? null : `${uid}:${currency}`;
}

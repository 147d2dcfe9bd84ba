import type { ProcedureOutput } from '@coinlens/contract';

import { createSnapshotStore, isListAnswer } from '@/lib/offline/last-snapshot';

export type CoinListPage = ProcedureOutput<'appmarket_msrv/coin_list'>;
export type GlobalStats = ProcedureOutput<'appmarket_msrv/global_stats'>;

function isGlobalStats(value: unknown): value is GlobalStats {
  if (typeof value !== 'object' || value === null) return false;
  const { total_market_cap, rising, as_of } = value as Record<string, unknown>;
  return typeof total_market_cap === 'number' && typeof rising === 'number' && typeof as_of === 'number';
}

/** The Markets tab's figures and first page (all coins by rank), for an offline start. */
export const marketSnapshots = {
  globalStats: createSnapshotStore<GlobalStats>('global_stats', isGlobalStats),
  coinList: createSnapshotStore<CoinListPage>('coin_list', isListAnswer),
};

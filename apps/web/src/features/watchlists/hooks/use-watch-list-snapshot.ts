import type { UseQueryResult } from '@tanstack/react-query';

import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import type { Snapshot } from '@/lib/offline/last-snapshot';
import { outcomeOf } from '@/lib/offline/network-failure';
import { useLastSnapshot } from '@/lib/offline/use-last-snapshot';
import type { WatchKind, WatchListData } from '../api/watch-list-queries';
import { watchListScope, watchListSnapshots } from '../api/watch-list-snapshots';

/** Keeps the user's watch list for an offline start; the kept copy while the network is unreachable. */
export function useWatchListSnapshot<K extends WatchKind>(
  kind: K,
  query: UseQueryResult<WatchListData<K>>,
): Snapshot<WatchListData<K>> | null {
  const uid = useSessionStore((state) => state.user?.uid ?? null);
  const currency = useSettingsStore((state) => state.price.currency_code);
  return useLastSnapshot({
    store: watchListSnapshots[kind],
    scope: watchListScope(uid, currency),
    fresh: query.data,
    receivedAt: query.dataUpdatedAt,
    outcome: outcomeOf(query),
  });
}

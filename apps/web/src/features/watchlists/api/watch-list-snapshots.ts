import { createSnapshotStore, isListAnswer, type SnapshotStore } from '@/lib/offline/last-snapshot';

import type { WatchKind, WatchListData } from './watch-list-queries';

const OWNED = { ownedByAccount: true };

/** The user's watch lists, kept for an offline start and removed when they sign out. */
export const watchListSnapshots: { [K in WatchKind]: SnapshotStore<WatchListData<K>> } = {
  coins: createSnapshotStore<WatchListData<'coins'>>('watch_coins', isListAnswer, OWNED),
  exchange: createSnapshotStore<WatchListData<'exchange'>>('watch_exchange', isListAnswer, OWNED),
};

/** Scope of a watch list copy: one user's list in one currency. */
export function watchListScope(uid: string | number | null, currency: string): string | null {
  return uid === null ? null : `${uid}:${currency}`;
}

import { useEffect, useMemo, useRef } from 'react';

import { whenIdle } from '../when-idle';
import type { Snapshot, SnapshotStore } from './last-snapshot';
import { shouldShowSnapshot, type QueryOutcome } from './network-failure';

/** Live prices rewrite the cached answer every second; the kept copy needs refreshing far less often. */
const SAVE_EVERY_MS = 30_000;

export interface LastSnapshotOptions<T> {
  store: SnapshotStore<T>;
  /** Whose / which copy (currency, user); null: nothing is kept or shown. */
  scope: string | null;
  /** The answer on screen, kept as the next snapshot. */
  fresh: T | undefined;
  /** When `fresh` was received. */
  receivedAt: number;
  outcome: QueryOutcome;
}

/**
 * Keeps the latest answer of a screen and hands back the kept one when the screen has nothing fresh because
 * the network failed (an offline start): the screen shows that, with its age, instead of an empty list.
 */
export function useLastSnapshot<T>({
  store,
  scope,
  fresh,
  receivedAt,
  outcome,
}: LastSnapshotOptions<T>): Snapshot<T> | null {
  const lastSaved = useRef<{ scope: string; at: number } | null>(null);
  useEffect(() => {
    if (fresh === undefined || scope === null) return;
    const previous = lastSaved.current;
    if (previous?.scope === scope && receivedAt - previous.at < SAVE_EVERY_MS) return;
    lastSaved.current = { scope, at: receivedAt };
    // Serialising a page of coins takes a few milliseconds: in idle time, never inside a tick's frame.
    whenIdle(() => store.save(scope, fresh, receivedAt));
  }, [store, scope, fresh, receivedAt]);
  const show = scope !== null && shouldShowSnapshot(outcome);
  return useMemo(() => (show && scope !== null ? store.read(scope) : null), [show, store, scope]);
}

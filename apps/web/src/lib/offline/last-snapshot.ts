import { ACCOUNT_DATA_PREFIX, storageName } from '../storage';

/** A copy of an answer kept for an offline start, with the time it was received. */
export interface Snapshot<T> {
  savedAt: number;
  value: T;
}

export interface SnapshotStore<T> {
  /** Keeps `value` for `scope` (e.g. the currency, or user and currency), replacing the previous copy. */
  save(scope: string, value: T, now?: number): void;
  /** The kept copy for `scope`; null when there is none, it belongs to another scope, or it is unreadable. */
  read(scope: string): Snapshot<T> | null;
}

interface StoredSnapshot {
  scope: string;
  savedAt: number;
  value: unknown;
}

function isStoredSnapshot(value: unknown): value is StoredSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.scope === 'string' &&
    typeof candidate.savedAt === 'number' &&
    Number.isFinite(candidate.savedAt) &&
    'value' in candidate
  );
}

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled
  }
}

export interface SnapshotOptions {
  /** The copy is one signed-in user's own (their watch list): it is removed when they sign out. */
  ownedByAccount?: boolean;
}

/**
 * One kept answer under `coinlens_offline_<name>` (`coinlens_account_offline_<name>` when owned by the account).
 * These are a cache, not settings: a copy that is missing, corrupt or not of the expected shape simply reads as
 * none, and a full storage keeps the previous copy.
 */
export function createSnapshotStore<T>(
  name: string,
  isValue: (value: unknown) => value is T,
  options: SnapshotOptions = {},
): SnapshotStore<T> {
  const key = storageName(`${options.ownedByAccount ? ACCOUNT_DATA_PREFIX : ''}offline_${name}`);
  return {
    save(scope, value, now = Date.now()) {
      try {
        localStore()?.setItem(key, JSON.stringify({ scope, savedAt: now, value } satisfies StoredSnapshot));
      } catch {
        // quota exceeded or storage disabled: the previous copy stays
      }
    },
    read(scope) {
      try {
        const raw = localStore()?.getItem(key);
        if (!raw) return null;
        const stored: unknown = JSON.parse(raw);
        if (!isStoredSnapshot(stored) || stored.scope !== scope || !isValue(stored.value)) return null;
        return { savedAt: stored.savedAt, value: stored.value };
      } catch {
        return null;
      }
    },
  };
}

/** The shape every kept list answer has; enough to render without crashing on a foreign value. */
export function isListAnswer<T extends { list: { id: string }[]; as_of: number }>(
  value: unknown,
): value is T {
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

import { useCallback, useSyncExternalStore } from 'react';

import { addSearchHistory, clearSearchHistory, onStorageChange, readStored } from '@/lib/storage';

let cached: { raw: string; value: string[] } | null = null;

function snapshot(): string[] {
  const value = readStored('search');
  const raw = JSON.stringify(value);
  if (cached?.raw !== raw) cached = { raw, value };
  return cached.value;
}

function subscribe(onChange: () => void): () => void {
  return onStorageChange((key) => {
    if (key === 'search') onChange();
  });
}

/** Search history: newest first, no duplicates, at most 10, kept in storage. */
export function useSearchHistory() {
  const history = useSyncExternalStore(subscribe, snapshot, snapshot);
  const add = useCallback((keyword: string) => void addSearchHistory(keyword), []);
  const clear = useCallback(() => clearSearchHistory(), []);
  return { history, add, clear };
}

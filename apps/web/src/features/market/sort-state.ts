export type SortOrder = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  order: SortOrder;
}

/** Ranks and names read best ascending; every amount descending (as the server's defaults). */
export function naturalOrder(key: string): SortOrder {
  return key === 'rank' || key === 'ex_rank' || key === 'name' ? 'asc' : 'desc';
}

/**
 * Tapping a column: a new column sorts its natural way, a second tap reverses it, a third returns to the
 * list's default order.
 */
export function nextSort<K extends string>(
  current: SortState<K>,
  key: K,
  fallback: SortState<K>,
): SortState<K> {
  if (current.key !== key) return { key, order: naturalOrder(key) };
  if (current.order === naturalOrder(key)) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return fallback.key === key ? { key, order: naturalOrder(key) } : fallback;
}

/** What a column header announces (aria-sort). */
export function ariaSort<K extends string>(
  current: SortState<K>,
  key: K,
): 'ascending' | 'descending' | 'none' {
  if (current.key !== key) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}

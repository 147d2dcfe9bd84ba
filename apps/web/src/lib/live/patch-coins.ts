import type { CoinTick, GlobalTick } from '@coinlens/contract';

export type CoinChanges = ReadonlyMap<string, Partial<CoinTick>>;

interface CoinLike {
  id: string;
}

function patchCoin<T extends CoinLike>(coin: T, changes: CoinChanges): T {
  const change = changes.get(coin.id);
  if (!change) return coin;
  let patched: T | null = null;
  for (const [key, value] of Object.entries(change)) {
    if (key in coin && (coin as Record<string, unknown>)[key] !== value) {
      patched ??= { ...coin };
      (patched as Record<string, unknown>)[key] = value;
    }
  }
  return patched ?? coin;
}

/** The same array when nothing in it changed, so React Query's structural sharing and rows stay put. */
function patchList<T extends CoinLike>(list: readonly T[], changes: CoinChanges): readonly T[] {
  let result: T[] | null = null;
  list.forEach((coin, index) => {
    const patched = patchCoin(coin, changes);
    if (patched !== coin) {
      result ??= [...list];
      result[index] = patched;
    }
  });
  return result ?? list;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCoinArray(value: unknown): value is CoinLike[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.id === 'string');
}

/**
 * Applies live coin changes to any cached answer that carries coins: a single coin (`coin_detail`), a
 * `list` or `coins` array, or the `pages` of an infinite list. Returns the same object when nothing changed.
 */
export function patchCoinsIn<T>(data: T, changes: CoinChanges): T {
  if (!isRecord(data) || changes.size === 0) return data;
  if (Array.isArray(data.pages)) {
    let pages: unknown[] | null = null;
    data.pages.forEach((page: unknown, index: number) => {
      const patched = patchCoinsIn(page, changes);
      if (patched !== page) {
        pages ??= [...(data.pages as unknown[])];
        pages[index] = patched;
      }
    });
    return pages ? { ...data, pages } : data;
  }
  let result: Record<string, unknown> | null = null;
  for (const field of ['list', 'coins'] as const) {
    const list = data[field];
    if (!isCoinArray(list)) continue;
    const patched = patchList(list, changes);
    if (patched !== list) {
      result ??= { ...data };
      result[field] = patched;
    }
  }
  if (result) return result as T;
  if (typeof data.id === 'string' && 'price' in data) return patchCoin(data as T & CoinLike, changes);
  return data;
}

/** Applies live global changes to a `global_stats` answer. */
export function patchGlobal<T extends Partial<GlobalTick>>(data: T, changes: Partial<GlobalTick>): T {
  let patched: T | null = null;
  for (const [key, value] of Object.entries(changes)) {
    if (key in data && (data as Record<string, unknown>)[key] !== value) {
      patched ??= { ...data };
      (patched as Record<string, unknown>)[key] = value;
    }
  }
  return patched ?? data;
}

/** Folds one tick's coin changes into those still waiting to be applied. */
export function mergeCoinChanges(
  pending: Map<string, Partial<CoinTick>>,
  id: string,
  changes: Partial<CoinTick>,
): void {
  pending.set(id, { ...pending.get(id), ...changes });
}

import { describe, expect, it } from 'vitest';

import { ariaSort, naturalOrder, nextSort, type SortState } from './sort-state';

type Key = 'rank' | 'price' | 'change_24h';
const byRank: SortState<Key> = { key: 'rank', order: 'asc' };

describe('column sorting', () => {
  it('sorts a new column its natural way: amounts descending, ranks ascending', () => {
    expect(naturalOrder('price')).toBe('desc');
    expect(naturalOrder('rank')).toBe('asc');
    expect(naturalOrder('name')).toBe('asc');
    expect(nextSort(byRank, 'price', byRank)).toEqual({ key: 'price', order: 'desc' });
  });

  it('cycles natural → reversed → the list default on repeated taps', () => {
    const first = nextSort(byRank, 'price', byRank);
    const second = nextSort(first, 'price', byRank);
    expect(second).toEqual({ key: 'price', order: 'asc' });
    expect(nextSort(second, 'price', byRank)).toEqual(byRank);
  });

  it('reverses the default column itself instead of resetting to it', () => {
    const gainers: SortState<Key> = { key: 'change_24h', order: 'desc' };
    const reversed = nextSort(gainers, 'change_24h', gainers);
    expect(reversed).toEqual({ key: 'change_24h', order: 'asc' });
    expect(nextSort(reversed, 'change_24h', gainers)).toEqual(gainers);
    expect(nextSort(byRank, 'rank', byRank)).toEqual({ key: 'rank', order: 'desc' });
  });

  it('announces the state of each column', () => {
    const state: SortState<Key> = { key: 'price', order: 'asc' };
    expect(ariaSort(state, 'price')).toBe('ascending');
    expect(ariaSort({ key: 'price', order: 'desc' }, 'price')).toBe('descending');
    expect(ariaSort(state, 'rank')).toBe('none');
  });
});

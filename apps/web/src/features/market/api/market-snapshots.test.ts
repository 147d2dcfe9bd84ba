import { describe, expect, it } from 'vitest';

import { createSnapshotStore } from '@/lib/offline/last-snapshot';
import { marketSnapshots } from './market-snapshots';

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');

describe('last snapshot store', () => {
  it('keeps the latest copy of a scope with the time it was received', () => {
    const store = createSnapshotStore('test_numbers', isNumberList);
    store.save('usd', [1, 2], 1_000);
    store.save('usd', [3], 2_000);
    expect(store.read('usd')).toEqual({ savedAt: 2_000, value: [3] });
    expect(localStorage.getItem('coinlens_offline_test_numbers')).not.toBeNull();
  });

  it('reads nothing for another scope, a corrupt copy or a value of the wrong shape', () => {
    const store = createSnapshotStore('test_numbers', isNumberList);
    expect(store.read('usd')).toBeNull();
    store.save('usd', [1], 1_000);
    expect(store.read('cny')).toBeNull();
    localStorage.setItem('coinlens_offline_test_numbers', '{not json');
    expect(store.read('usd')).toBeNull();
    localStorage.setItem(
      'coinlens_offline_test_numbers',
      JSON.stringify({ scope: 'usd', savedAt: 1, value: ['a'] }),
    );
    expect(store.read('usd')).toBeNull();
    localStorage.setItem('coinlens_offline_test_numbers', JSON.stringify({ scope: 'usd', value: [1] }));
    expect(store.read('usd')).toBeNull();
  });

  it('keeps the previous copy when storage refuses the write', () => {
    const store = createSnapshotStore('test_numbers', isNumberList);
    store.save('usd', [1], 1_000);
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      store.save('usd', [2], 2_000);
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(store.read('usd')).toEqual({ savedAt: 1_000, value: [1] });
  });

  it('accepts a kept market list only with string ids and its as_of', () => {
    marketSnapshots.coinList.save('usd', { list: [{ id: 'bitcoin' }], as_of: 5 } as never, 10);
    expect(marketSnapshots.coinList.read('usd')?.value.list[0]?.id).toBe('bitcoin');
    localStorage.setItem(
      'coinlens_offline_coin_list',
      JSON.stringify({ scope: 'usd', savedAt: 1, value: { list: [{ id: 1 }], as_of: 5 } }),
    );
    expect(marketSnapshots.coinList.read('usd')).toBeNull();
  });
});

import type { CoinTick } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { mergeCoinChanges, patchCoinsIn, patchGlobal } from './patch-coins';

const btc = { id: 'bitcoin', price: 100, change_24h: 1, rank: 1 };
const eth = { id: 'ethereum', price: 10, change_24h: -1, rank: 2 };

function changes(entries: [string, Partial<CoinTick>][]) {
  return new Map(entries);
}

describe('live patches of cached answers', () => {
  it('patches a coin inside a list answer and keeps untouched rows identical', () => {
    const data = { list: [btc, eth], page: 1, as_of: 1 };
    const patched = patchCoinsIn(data, changes([['bitcoin', { price: 101 }]]));
    expect(patched).not.toBe(data);
    expect(patched.list[0]).toEqual({ ...btc, price: 101 });
    expect(patched.list[1]).toBe(eth);
  });

  it('returns the very same object when nothing changes', () => {
    const data = { list: [btc, eth] };
    expect(patchCoinsIn(data, changes([['solana', { price: 5 }]]))).toBe(data);
    expect(patchCoinsIn(data, changes([['bitcoin', { price: 100 }]]))).toBe(data);
  });

  it('patches the pages of an infinite list, a search answer and a single coin', () => {
    const infinite = { pages: [{ list: [btc] }, { list: [eth] }], pageParams: [1, 2] };
    const patched = patchCoinsIn(infinite, changes([['ethereum', { change_24h: 2 }]]));
    expect(patched.pages[0]).toBe(infinite.pages[0]);
    expect(patched.pages[1]?.list[0]?.change_24h).toBe(2);
    const search = { coins: [btc], exchanges: [] };
    expect(patchCoinsIn(search, changes([['bitcoin', { price: 99 }]])).coins[0]?.price).toBe(99);
    const detail = { ...btc, description: 'x' };
    expect(patchCoinsIn(detail, changes([['bitcoin', { price: 98 }]])).price).toBe(98);
  });

  it('never adds fields an answer does not carry', () => {
    const data = { list: [{ id: 'bitcoin', price: 1 }] };
    const patched = patchCoinsIn(data, changes([['bitcoin', { price: 2, market_cap: 5 }]]));
    expect(patched.list[0]).toEqual({ id: 'bitcoin', price: 2 });
  });

  it('folds several ticks into one pending change per coin', () => {
    const pending = new Map<string, Partial<CoinTick>>();
    mergeCoinChanges(pending, 'bitcoin', { price: 1, change_24h: 1 });
    mergeCoinChanges(pending, 'bitcoin', { price: 2 });
    expect(pending.get('bitcoin')).toEqual({ price: 2, change_24h: 1 });
  });

  it('patches global stats', () => {
    const stats = { btc_dominance: 50, rising: 10, currency: 'usd' };
    expect(patchGlobal(stats, { rising: 11 })).toEqual({ ...stats, rising: 11 });
    expect(patchGlobal(stats, { rising: 10 })).toBe(stats);
  });
});

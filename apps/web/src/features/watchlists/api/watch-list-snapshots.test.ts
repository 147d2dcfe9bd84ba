import { describe, expect, it } from 'vitest';

import { createSnapshotStore, isListAnswer } from '@/lib/offline/last-snapshot';
import { useSessionStore } from '@/lib/session-store';
import { clearUser, storeUser } from '@/lib/storage';
import type { WatchListData } from './watch-list-queries';
import { watchListScope, watchListSnapshots } from './watch-list-snapshots';

const user = { AccessToken: 'a', RefreshToken: 'r', uid: 42, authorInfo: { nickname: 'Kim', uid: 42 } };
const coins = { list: [{ id: 'bitcoin' }], as_of: 1_700_000_000_000 } as unknown as WatchListData<'coins'>;
const exchanges = {
  list: [{ id: 'binance' }],
  as_of: 1_700_000_000_000,
} as unknown as WatchListData<'exchange'>;

/** Every stored value that mentions the signed-in user's watched coin or exchange. */
function keptWatchLists(): string[] {
  return Object.keys(localStorage).filter((name) => {
    const value = localStorage.getItem(name) ?? '';
    return value.includes('"bitcoin"') || value.includes('"binance"');
  });
}

function signInAndKeepLists(): void {
  storeUser(user);
  watchListSnapshots.coins.save('42:usd', coins);
  watchListSnapshots.exchange.save('42:usd', exchanges);
  expect(keptWatchLists()).toHaveLength(2);
}

describe('watch list snapshots', () => {
  it('scopes a watch list by user and currency, and keeps none for a visitor', () => {
    expect(watchListScope(42, 'usd')).toBe('42:usd');
    expect(watchListScope(null, 'usd')).toBeNull();
  });

  it('keeps nothing of the previous user on the device after sign-out', () => {
    signInAndKeepLists();
    useSessionStore.getState().signOut();
    expect(keptWatchLists()).toEqual([]);
    expect(watchListSnapshots.coins.read('42:usd')).toBeNull();
    expect(watchListSnapshots.exchange.read('42:usd')).toBeNull();
  });

  it('forgets them too when the server ends the session (the gateway clears the user)', () => {
    signInAndKeepLists();
    clearUser();
    expect(keptWatchLists()).toEqual([]);
  });

  it('removes the copies earlier releases kept under other names', () => {
    localStorage.setItem('coinlens_offline_watch_coins', JSON.stringify({ scope: '42:usd', value: coins }));
    localStorage.setItem(
      'coinlens_offline_watch_exchange',
      JSON.stringify({ scope: '42:usd', value: exchanges }),
    );
    useSessionStore.getState().signOut();
    expect(keptWatchLists()).toEqual([]);
  });

  it('keeps the copies that belong to no user (the market list)', () => {
    const marketList = createSnapshotStore('coin_list', isListAnswer);
    const page = { list: [{ id: 'ethereum' }], as_of: 1 };
    marketList.save('usd', page);
    signInAndKeepLists();
    useSessionStore.getState().signOut();
    expect(marketList.read('usd')?.value).toEqual(page);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

import { reloadSession, useSessionStore } from '@/lib/session-store';
import { clearUser, storeUser } from '@/lib/storage';
import { rebindPushOnSignIn } from './push-session-binding';

const user = { AccessToken: 'a', RefreshToken: 'r', uid: '7', authorInfo: { nickname: 'N', uid: '7' } };

afterEach(() => {
  clearUser();
  reloadSession();
});

describe('binding the push subscription to the signed-in session', () => {
  it('registers again on each sign-in, not on sign-out or while the same session goes on', () => {
    clearUser();
    reloadSession();
    const rebind = vi.fn(() => Promise.resolve(true));
    const stop = rebindPushOnSignIn(rebind);

    useSessionStore.getState().signIn(user);
    reloadSession();
    expect(rebind).toHaveBeenCalledTimes(1);

    storeUser({ ...user, AccessToken: 'refreshed' });
    reloadSession();
    expect(rebind).toHaveBeenCalledTimes(1);

    useSessionStore.getState().signOut();
    reloadSession();
    useSessionStore.getState().signIn(user);
    reloadSession();
    expect(rebind).toHaveBeenCalledTimes(2);

    stop();
    useSessionStore.getState().signOut();
    reloadSession();
    useSessionStore.getState().signIn(user);
    reloadSession();
    expect(rebind).toHaveBeenCalledTimes(2);
  });

  it('does not register when the app starts with a session already stored', () => {
    storeUser(user);
    reloadSession();
    const rebind = vi.fn(() => Promise.resolve(true));
    const stop = rebindPushOnSignIn(rebind);
    reloadSession();
    expect(rebind).not.toHaveBeenCalled();
    stop();
  });
});

import type { SessionTokens } from '@coinlens/contract';

import { useSessionStore } from '@/lib/session-store';
import { hasContent, readUser, writeStored, type StoredUserInput } from '@/lib/storage';

function storedShape({ AccessToken, RefreshToken, uid, authorInfo }: SessionTokens): StoredUserInput {
  return { AccessToken, RefreshToken, uid, authorInfo };
}

/** A new session (login, register): stored as the `user` of decision D13, with the login time. */
export function storeSession(session: SessionTokens): void {
  useSessionStore.getState().signIn(storedShape(session));
}

/**
 * The renewed pair of a refresh, for the session still stored (the login time stays). Nothing is stored when the
 * user logged out while the refresh was under way.
 */
export function storeRenewedSession(session: SessionTokens): boolean {
  if (!hasContent(readUser())) return false;
  writeStored('user', storedShape(session));
  return true;
}

/** Keeps the stored nickname in step with the profile after an edit. */
export function storeNickname(nickname: string): void {
  const user = readUser();
  if (hasContent(user)) writeStored('user', { ...user, authorInfo: { ...user.authorInfo, nickname } });
}

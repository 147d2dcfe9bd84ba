import { create } from 'zustand';

import {
  clearUser,
  hasContent,
  onStorageChange,
  readUser,
  storeUser,
  type StoredUser,
  type StoredUserInput,
} from './storage';

/** Who is using the app: a visitor (user null) or a logged-in user. */
export interface SessionState {
  user: StoredUser | null;
  /** Stores the user (and the login time). */
  signIn: (user: StoredUserInput) => void;
  /** Forgets the user locally (and the login time). */
  signOut: () => void;
}

function currentUser(): StoredUser | null {
  const user = readUser();
  return hasContent(user) ? user : null;
}

export const useSessionStore = create<SessionState>()(() => ({
  user: currentUser(),
  signIn: (user) => storeUser(user),
  signOut: () => clearUser(),
}));

onStorageChange((key) => {
  if (key === 'user') useSessionStore.setState({ user: currentUser() });
});

export function reloadSession(): void {
  useSessionStore.setState({ user: currentUser() });
}

export function useIsLoggedIn(): boolean {
  return useSessionStore((state) => state.user !== null);
}

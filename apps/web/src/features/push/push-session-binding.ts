import { useSessionStore } from '@/lib/session-store';

/**
 * The server delivers a user's pushes only to subscriptions registered under a live session, and drops the
 * binding when that session ends. So each sign-in in this app registers the browser's subscription again
 * (`rebind`); an app start with a session already stored does not, the binding it made earlier still holds.
 */
export function rebindPushOnSignIn(rebind: () => Promise<unknown>): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (state.user === null || previous.user !== null) return;
    rebind().catch((error: unknown) => console.warn('Push subscription not bound to the new session', error));
  });
}

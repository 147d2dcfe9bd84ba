import { createHashHistory, createRouter, type RouterHistory } from '@tanstack/react-router';

import { ErrorView } from '../components/ErrorView';
import { routeTree } from './routes';

/** Query strings stay plain `key=value` pairs (share links are `{website}/#/{route}?{query}`). */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function createAppRouter(history: RouterHistory = createHashHistory()) {
  return createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    defaultErrorComponent: () => <ErrorView />,
    defaultPreload: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

import type { UrlParams } from './storage';

/** The route and query of the current hash URL (`#/path?query`), e.g. to resume it after login. */
export function currentHashRoute(
  hash: string = typeof window === 'undefined' ? '' : window.location.hash,
): UrlParams {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const [path = '', query = ''] = raw.split('?', 2);
  return { path: path || '/', query: Object.fromEntries(new URLSearchParams(query)) };
}

/** A full page reload (the lazy-page and error views' retry). */
export function reloadPage(): void {
  window.location.reload();
}

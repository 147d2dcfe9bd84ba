import { paths, tabPaths, type RoutePath } from '@/config/paths';

/** Where a deep link leads: a route and its query (plain strings, as in share links). */
export interface LinkTarget {
  to: RoutePath;
  search: Record<string, string>;
}

export type DeepLinkResult =
  { ok: true; target: LinkTarget } | { ok: false; error: string; fallback: LinkTarget };

/** The product scheme and its web form (decision D26). */
export const DEEP_LINK_SCHEMES = ['coinlens:', 'web+coinlens:'] as const;

const marketTab: LinkTarget = { to: paths.market, search: {} };
const viewpointTab: LinkTarget = { to: paths.viewpoint, search: {} };

function compact(search: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(search))
    if (value !== undefined && value !== '') result[key] = value;
  return result;
}

function fail(error: string, fallback: LinkTarget = marketTab): DeepLinkResult {
  return { ok: false, error, fallback };
}

function ok(to: RoutePath, search: Record<string, string | undefined> = {}): DeepLinkResult {
  return { ok: true, target: { to, search: compact(search) } };
}

/**
 * Parses `coinlens://<action>?<query>` or `web+coinlens:<action>?<query>`. Actions: news (id, type), coin (id,
 * symbol), exchange (id, name), search (keyword, type), page (path = market | viewpoint | user), and the
 * named custom actions openNewsDetail … openLogin. Errors (bad format, unsupported protocol, missing id) are
 * reported for logging; a news link without an id falls back to the viewpoint tab, anything else to markets.
 */
export function parseDeepLink(link: string | undefined): DeepLinkResult {
  if (!link) return fail('empty link');
  const text = link.trim();
  const scheme = DEEP_LINK_SCHEMES.find((prefix) => text.toLowerCase().startsWith(prefix));
  if (!scheme) return fail(`unsupported protocol: ${text.split(':', 1)[0] ?? ''}`);
  const rest = text.slice(scheme.length).replace(/^\/\//, '');
  const [rawAction = '', query = ''] = rest.split('?', 2);
  const action = rawAction.replace(/\/+$/, '');
  if (!action || !/^[A-Za-z]+$/.test(action)) return fail(`bad format: ${text}`);
  const params = new URLSearchParams(query);
  const get = (name: string) => params.get(name)?.trim() || undefined;
  const newsType = get('type') === 'fastnews' ? 'fastnews' : get('type') === 'news' ? 'news' : undefined;

  switch (action) {
    case 'news':
    case 'openNewsDetail': {
      const id = get('id') ?? get('information_id');
      if (!id) return fail('news link without id', viewpointTab);
      return ok(paths.newsDetail, { information_id: id, type: newsType });
    }
    case 'coin':
    case 'openCurrencyDetail': {
      const id = get('id') ?? get('coin_id');
      if (!id) return fail('coin link without id');
      return ok(paths.currencyIntro, { coin_id: id, symbol: get('symbol') });
    }
    case 'exchange':
    case 'openExchangeDetail': {
      const id = get('id') ?? get('exchange_id');
      if (!id) return fail('exchange link without id');
      return ok(paths.introduce, { exchange_id: id, name: get('name') });
    }
    case 'search':
    case 'openSearch':
      return ok(paths.search, { keyword: get('keyword'), type: get('type') });
    case 'page': {
      const tab = get('path');
      if (tab === 'market' || tab === 'viewpoint' || tab === 'user') return ok(tabPaths[tab]);
      return fail(`unknown page path: ${tab ?? ''}`);
    }
    case 'openMarketTab':
      return ok(paths.market);
    case 'openViewpointTab':
      return ok(paths.viewpoint);
    case 'openUserTab':
      return ok(paths.user);
    case 'openUserCenter':
      return ok(paths.YourInfo);
    case 'openLogin':
      return ok(paths.loginRegister);
    default:
      return fail(`unknown action: ${action}`);
  }
}

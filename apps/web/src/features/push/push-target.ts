import { paths, tabPaths, TAB_KEYS, type RoutePath } from '@/config/paths';

/** Where a tap leads: a route and its query. */
export interface LinkTarget {
  to: RoutePath;
  search: Record<string, string>;
}

/** The data a push carries: its type and the extras its target needs. */
export type PushData = Partial<
  Record<
    | 'type'
    | 'pageType'
    | 'path'
    | 'information_id'
    | 'newsId'
    | 'newsType'
    | 'coinId'
    | 'symbol'
    | 'exchange_id'
    | 'url'
    | 'tab',
    string
  >
>;

const marketTab: LinkTarget = { to: paths.market, search: {} };
const KNOWN_PATHS = new Set<string>(Object.values(paths));

function target(to: RoutePath, search: Record<string, string | undefined> = {}): LinkTarget {
  return {
    to,
    search: Object.fromEntries(
      Object.entries(search).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
  };
}

/**
 * Where a tapped push leads, by type (decisions D27, D29): message → the message; coin, news,
 * exchange → their pages; url → the web view (http(s) only); tab → that tab; page → a tab path switches tab,
 * another known path opens with information_id/type; `pageType` overrides `type`. Anything else, or a push
 * missing what its type needs, → the market tab.
 */
export function pushTarget(data: PushData): LinkTarget {
  const type = data.pageType && data.pageType !== 'message' ? data.pageType : (data.type ?? data.pageType);
  switch (type) {
    case 'message':
      return data.information_id
        ? target(paths.noticeDetail, { id: data.information_id })
        : target(paths.notice);
    case 'coin':
      return data.coinId
        ? target(paths.currencyIntro, { coin_id: data.coinId, symbol: data.symbol })
        : marketTab;
    case 'news': {
      const id = data.information_id ?? data.newsId;
      const newsType = data.newsType === 'fastnews' ? 'fastnews' : 'news';
      return id ? target(paths.newsDetail, { information_id: id, type: newsType }) : target(paths.viewpoint);
    }
    case 'exchange':
      return data.exchange_id ? target(paths.introduce, { exchange_id: data.exchange_id }) : marketTab;
    case 'url':
      return data.url && /^https?:\/\//i.test(data.url)
        ? target(paths.webview, { url: data.url })
        : marketTab;
    case 'tab': {
      const tab = TAB_KEYS.find((key) => key === data.tab);
      return tab ? target(tabPaths[tab]) : marketTab;
    }
    case 'page': {
      const path = data.path ?? '';
      const tab = TAB_KEYS.find((key) => tabPaths[key] === path || key === path);
      if (tab) return target(tabPaths[tab]);
      if (!KNOWN_PATHS.has(path)) return marketTab;
      return target(path as RoutePath, { information_id: data.information_id, type: data.newsType });
    }
    default:
      return marketTab;
  }
}

/** The spec's delay between a push tap and the navigation (§9). */
export const PUSH_TAP_DELAY_MS = 500;

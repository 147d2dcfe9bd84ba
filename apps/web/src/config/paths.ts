/**
 * Every route of the app, written once. Pages, features and the router use these constants;
 * nothing else spells a route path.
 */
export const paths = {
  home: '/',
  market: '/pages/tabbar/market/index',
  platform: '/pages/tabbar/platform/index',
  viewpoint: '/pages/tabbar/viewpoint/index',
  user: '/pages/tabbar/user/index',
  setting: '/pages/system/setting/index',
  loginRegister: '/pages/system/loginRegister/index',
  notice: '/pages/system/notice/index',
  contactUs: '/pages/system/contactUs/index',
  aboutUs: '/pages/system/aboutUs/index',
  priceDisplay: '/pages/system/priceDisplay/index',
  language: '/pages/system/language/index',
  newsDetail: '/pages/content/newsDetail/index',
  search: '/pages/ordinary/search/index',
  introduce: '/pages/exchange/introduce/index',
  currencyIntro: '/pages/exchange/currencyIntro/index',
  noticeDetail: '/pages/content/noticeDetail/index',
  editOptional: '/pages/exchange/editOptional/index',
  editFollow: '/pages/exchange/editFollow/index',
  hotSearchCurrency: '/pages/exchange/hotSearchCurrency/index',
  accountSecurity: '/pages/system/accountSecurity/index',
  updatePassword: '/pages/system/updatePassword/index',
  briefIntroduction: '/pages/content/briefIntroduction/index',
  exchangeDetail: '/pages/content/exchangeDetail/index',
  YourInfo: '/pages/system/YourInfo/index',
  webview: '/pages/content/webview/index',
  // Alerts (issue 25): the list with its firing history, and the form (search params `coin` / `id`).
  alerts: '/pages/user/alerts/index',
  alertEdit: '/pages/user/alertEdit/index',
  // Portfolio (issue 25): holdings (search param `coin`: that holding's transactions), the transaction form
  // (`id` to edit, `coin` for a new one on that coin) and the CSV import.
  portfolio: '/pages/user/portfolio/index',
  portfolioTransaction: '/pages/user/portfolioTransaction/index',
  portfolioImport: '/pages/user/portfolioImport/index',
  /** The open API and the user's keys (issue 38). */
  developers: '/pages/user/developers/index',
  /** Issue 25's tools (tools-web). */
  converter: '/pages/tools/converter/index',
  heatmap: '/pages/tools/heatmap/index',
  /** In-app deep-link entry (decision D26): `/#/link?u=<encoded link>`. */
  link: '/link',
} as const;

export type RouteName = keyof typeof paths;
export type RoutePath = (typeof paths)[RouteName];

/** The four bottom tabs in order, tab 0 to 3. */
export const TAB_KEYS = ['market', 'platform', 'viewpoint', 'user'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

export const tabPaths = {
  market: paths.market,
  platform: paths.platform,
  viewpoint: paths.viewpoint,
  user: paths.user,
} as const satisfies Record<TabKey, RoutePath>;

export type TabPath = (typeof tabPaths)[TabKey];

export function tabOfPath(path: string): TabKey | null {
  for (const key of TAB_KEYS) if (tabPaths[key].toLowerCase() === path.toLowerCase()) return key;
  return null;
}

const knownPaths: ReadonlySet<string> = new Set(Object.values(paths).map((path) => path.toLowerCase()));

export function isRoutePath(path: string): path is RoutePath {
  return knownPaths.has(path.toLowerCase());
}

/** Legal documents served by the server (decision D11), opened in the web view. */
export const legalPaths = {
  terms: '/legal/terms',
  privacy: '/legal/privacy',
} as const;

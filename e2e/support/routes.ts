import type { Page } from 'playwright-core';

/** Every route of the app with sample params, and the English title decision D7 gives it. */
export const SPEC_ROUTES: readonly { path: string; query?: string; title: string }[] = [
  { path: '/', title: 'Markets' },
  { path: '/pages/tabbar/market/index', title: 'Markets' },
  { path: '/pages/tabbar/platform/index', title: 'Exchanges' },
  { path: '/pages/tabbar/viewpoint/index', title: 'Quicktake' },
  { path: '/pages/tabbar/user/index', title: 'Me' },
  { path: '/pages/system/setting/index', title: 'Settings' },
  { path: '/pages/system/loginRegister/index', title: 'Login' },
  { path: '/pages/system/notice/index', title: 'Messages' },
  { path: '/pages/system/contactUs/index', title: 'Contact' },
  { path: '/pages/system/aboutUs/index', title: 'About Us' },
  { path: '/pages/system/priceDisplay/index', title: 'Currency' },
  { path: '/pages/system/language/index', title: 'Language' },
  { path: '/pages/content/newsDetail/index', query: 'information_id=1&type=news', title: 'Details' },
  { path: '/pages/ordinary/search/index', query: 'keyword=btc&type=coin', title: 'Search' },
  { path: '/pages/exchange/introduce/index', query: 'exchange_id=binance&name=Binance', title: 'Binance' },
  { path: '/pages/exchange/currencyIntro/index', query: 'coin_id=bitcoin&symbol=BTC', title: 'BTC' },
  { path: '/pages/content/noticeDetail/index', query: 'id=1', title: 'Message Detail' },
  { path: '/pages/exchange/editOptional/index', title: 'Edit follow' },
  { path: '/pages/exchange/editFollow/index', title: 'Edit platform follow' },
  { path: '/pages/exchange/hotSearchCurrency/index', title: 'Hot Searches' },
  { path: '/pages/system/accountSecurity/index', title: 'Account Security' },
  { path: '/pages/system/updatePassword/index', title: 'Change Password' },
  { path: '/pages/content/briefIntroduction/index', query: 'coin_id=bitcoin', title: 'Intro' },
  { path: '/pages/content/exchangeDetail/index', query: 'exchange_id=binance', title: 'About' },
  { path: '/pages/system/YourInfo/index', title: 'Your info' },
  { path: '/pages/content/webview/index', query: 'url=https%3A%2F%2Fexample.org%2F', title: 'example.org' },
];

export function routeUrl(baseUrl: string, route: { path: string; query?: string }): string {
  return `${baseUrl}/#${route.path}${route.query ? `?${route.query}` : ''}`;
}

/** Where the app is: the hash route and its query (values as the app wrote them, quotes of the router removed). */
export function landing(page: Page): { route: string; query: Record<string, string> } {
  const hash = new URL(page.url()).hash.slice(1);
  const [route = '', query = ''] = hash.split('?', 2);
  const entries = [...new URLSearchParams(query)].map(([key, value]) => [
    key,
    value.replace(/^"(.*)"$/, '$1'),
  ]);
  return { route, query: Object.fromEntries(entries) as Record<string, string> };
}

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually, visitorClient } from '../support/gateway.js';
import { landing } from '../support/routes.js';
import { signInContext, signUpUser, type TestSession } from '../support/session.js';

/** Real content of the running simulator, read through the gateway before the links are opened. */
interface Ids {
  coin: { id: string; symbol: string; name: string };
  exchange: { id: string; name: string };
  news: { id: number; title: string };
  flash: { id: number; title: string };
}

interface LinkCase {
  /** The link after the scheme: `<action>?<query>`. */
  link: (ids: Ids) => string;
  /** The route path the app must land on. */
  route: string;
  /** Query parameters the landing URL must carry. */
  query?: (ids: Ids) => Record<string, string>;
  /** What the landed page must show. */
  shows: (page: Page, ids: Ids) => Promise<void>;
  signedIn?: boolean;
}

const SCHEMES = [
  { name: 'the product scheme coinlens:// (as in inbox links)', prefix: 'coinlens://' },
  { name: 'web+coinlens: as the protocol handler hands it over', prefix: 'web+coinlens:' },
] as const;

async function showsText(page: Page, testId: string, text: string): Promise<void> {
  const element = page.getByTestId(testId).first();
  await element.waitFor({ timeout: 20_000 });
  await expect.poll(() => element.innerText(), { timeout: 20_000 }).toContain(text);
}

const enc = encodeURIComponent;

const CASES: Record<string, LinkCase> = {
  'news (a news article)': {
    link: (ids) => `news?id=${ids.news.id}&type=news`,
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.news.id), type: 'news' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.news.title),
  },
  'news (a flash)': {
    link: (ids) => `news?id=${ids.flash.id}&type=fastnews`,
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.flash.id), type: 'fastnews' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.flash.title),
  },
  coin: {
    link: (ids) => `coin?id=${enc(ids.coin.id)}&symbol=${enc(ids.coin.symbol)}`,
    route: '/pages/exchange/currencyIntro/index',
    query: (ids) => ({ coin_id: ids.coin.id, symbol: ids.coin.symbol }),
    shows: (page, ids) => showsText(page, 'coin-header', ids.coin.name),
  },
  exchange: {
    link: (ids) => `exchange?id=${enc(ids.exchange.id)}&name=${enc(ids.exchange.name)}`,
    route: '/pages/exchange/introduce/index',
    query: (ids) => ({ exchange_id: ids.exchange.id, name: ids.exchange.name }),
    shows: (page, ids) => showsText(page, 'exchange-header', ids.exchange.name),
  },
  search: {
    link: (ids) => `search?keyword=${enc(ids.coin.symbol)}&type=coin`,
    route: '/pages/ordinary/search/index',
    query: (ids) => ({ keyword: ids.coin.symbol, type: 'coin' }),
    shows: async (page, ids) => {
      await showsText(page, 'search-results', ids.coin.name);
      expect(await page.locator('[data-testid="search-input"] input').inputValue()).toBe(ids.coin.symbol);
    },
  },
  'page market': {
    link: () => 'page?path=market',
    route: '/pages/tabbar/market/index',
    shows: (page, ids) => showsText(page, 'page-market', ids.coin.name),
  },
  'page viewpoint': {
    link: () => 'page?path=viewpoint',
    route: '/pages/tabbar/viewpoint/index',
    shows: (page, ids) => showsText(page, 'flash-timeline', ids.flash.title),
  },
  'page user': {
    link: () => 'page?path=user',
    route: '/pages/tabbar/user/index',
    shows: (page) => page.getByTestId('login-entry').waitFor({ timeout: 20_000 }),
  },
  openNewsDetail: {
    link: (ids) => `openNewsDetail?id=${ids.news.id}&type=news`,
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.news.id), type: 'news' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.news.title),
  },
  openCurrencyDetail: {
    link: (ids) => `openCurrencyDetail?id=${enc(ids.coin.id)}`,
    route: '/pages/exchange/currencyIntro/index',
    query: (ids) => ({ coin_id: ids.coin.id }),
    shows: (page, ids) => showsText(page, 'coin-header', ids.coin.name),
  },
  openExchangeDetail: {
    link: (ids) => `openExchangeDetail?id=${enc(ids.exchange.id)}`,
    route: '/pages/exchange/introduce/index',
    query: (ids) => ({ exchange_id: ids.exchange.id }),
    shows: (page, ids) => showsText(page, 'exchange-header', ids.exchange.name),
  },
  openMarketTab: {
    link: () => 'openMarketTab',
    route: '/pages/tabbar/market/index',
    shows: (page, ids) => showsText(page, 'page-market', ids.coin.name),
  },
  openViewpointTab: {
    link: () => 'openViewpointTab',
    route: '/pages/tabbar/viewpoint/index',
    shows: (page, ids) => showsText(page, 'flash-timeline', ids.flash.title),
  },
  openUserTab: {
    link: () => 'openUserTab',
    route: '/pages/tabbar/user/index',
    signedIn: true,
    shows: (page) => page.getByTestId('profile-nickname').waitFor({ timeout: 20_000 }),
  },
  openUserCenter: {
    link: () => 'openUserCenter',
    route: '/pages/system/YourInfo/index',
    signedIn: true,
    // The signed-in user's own info; the email proves it is the profile and not the login gate.
    shows: async (page) => {
      await page.getByTestId('profile-email').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('profile-email').innerText()).toMatch(/^e2e-.*@example\.com$/);
    },
  },
  openSearch: {
    link: (ids) => `openSearch?keyword=${enc(ids.coin.symbol)}`,
    route: '/pages/ordinary/search/index',
    query: (ids) => ({ keyword: ids.coin.symbol }),
    shows: (page, ids) => showsText(page, 'search-results', ids.coin.name),
  },
  openLogin: {
    link: () => 'openLogin',
    route: '/pages/system/loginRegister/index',
    shows: (page) => page.getByTestId('auth-step-login').waitFor({ timeout: 20_000 }),
  },
};

function linkRoute(baseUrl: string, link: string): string {
  return `${baseUrl}/#/link?u=${encodeURIComponent(link)}`;
}

describe.skipIf(!chromiumPath)('deep links (decision D26) in a phone-sized Chromium', () => {
  const suite = browserSuite();
  let ids: Ids;
  let session: TestSession;
  let visitor: BrowserContext;
  let member: BrowserContext;

  beforeAll(async () => {
    const client = visitorClient(suite.app.baseUrl);
    const coins = await client.call('appmarket_msrv/coin_list', { page: 1, page_size: 10 });
    // Not the first coin: a link must open the coin it names, not whatever leads the list.
    const coin = coins.list[3];
    const exchanges = await client.call('appmarket_msrv/exchange_list', { page: 1, page_size: 10 });
    const exchange = exchanges.list[2];
    if (!coin || !exchange) throw new Error('the simulator listed too few coins or exchanges');
    const news = await eventually(async () => {
      const answer = await client.call('appcontent_msrv/news_list', { page: 1, page_size: 5 });
      return answer.list[1];
    });
    const flash = await eventually(async () => {
      const answer = await client.call('appcontent_msrv/fastnews_list', { page: 1, page_size: 5 });
      return answer.groups[0]?.list[0];
    });
    ids = {
      coin: { id: coin.id, symbol: coin.symbol, name: coin.name },
      exchange: { id: exchange.id, name: exchange.name },
      news: { id: news.id, title: news.title },
      flash: { id: flash.id, title: flash.title },
    };
    session = await signUpUser(suite.app.baseUrl);
    visitor = await newPhoneContext(suite.browser);
    member = await newPhoneContext(suite.browser);
    await signInContext(member, session);
  });
  afterAll(async () => {
    await visitor?.close();
    await member?.close();
  });

  describe.each(SCHEMES)('through $name', ({ prefix }) => {
    it.each(Object.entries(CASES))('%s', async (_name, linkCase) => {
      const page = await (linkCase.signedIn ? member : visitor).newPage();
      const errors = collectPageErrors(page);
      await page.goto(linkRoute(suite.app.baseUrl, `${prefix}${linkCase.link(ids)}`));
      await page.getByTestId('page-link').waitFor({ state: 'detached', timeout: 20_000 });
      await linkCase.shows(page, ids);
      const landed = landing(page);
      expect(landed.route).toBe(linkCase.route);
      expect(landed.query).toEqual(linkCase.query?.(ids) ?? {});
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  it.each([
    [
      'a news link without id',
      'coinlens://news?type=news',
      '/pages/tabbar/viewpoint/index',
      'news link without id',
    ],
    [
      'a coin link without id',
      'web+coinlens:coin?symbol=BTC',
      '/pages/tabbar/market/index',
      'coin link without id',
    ],
    [
      'an unknown action',
      'web+coinlens:openWallet?id=1',
      '/pages/tabbar/market/index',
      'unknown action: openWallet',
    ],
    [
      'an unknown page path',
      'coinlens://page?path=settings',
      '/pages/tabbar/market/index',
      'unknown page path: settings',
    ],
    [
      'another protocol',
      'https://example.com/news?id=1',
      '/pages/tabbar/market/index',
      'unsupported protocol: https',
    ],
    ['a script URL', 'javascript:alert(1)', '/pages/tabbar/market/index', 'unsupported protocol: javascript'],
    ['a malformed action', 'coinlens://<img src=x>?id=1', '/pages/tabbar/market/index', 'bad format'],
    ['an empty link', '', '/pages/tabbar/market/index', 'empty link'],
  ])('falls back from %s and logs why', async (_name, link, route, reason) => {
    const page = await visitor.newPage();
    const warnings: string[] = [];
    const dialogs: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(linkRoute(suite.app.baseUrl, link));
    const tab = route.split('/')[3] ?? '';
    await page.getByTestId(`page-${tab}`).waitFor({ timeout: 20_000 });
    expect(landing(page)).toEqual({ route, query: {} });
    await expect.poll(() => warnings.filter((text) => text.startsWith('Deep link ignored'))).toHaveLength(1);
    expect(warnings.find((text) => text.startsWith('Deep link ignored'))).toContain(reason);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('opens a well-formed link to a coin that does not exist as the coin page’s own not-found state', async () => {
    const page = await visitor.newPage();
    await page.goto(linkRoute(suite.app.baseUrl, 'web+coinlens:coin?id=no-such-coin-e2e'));
    await page.getByTestId('coin-not-found').waitFor({ timeout: 20_000 });
    expect(landing(page).query).toEqual({ coin_id: 'no-such-coin-e2e' });
    await page.close();
  });

  it('replaces the link route in the history, so Back does not reopen the link', async () => {
    const page = await visitor.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/system/aboutUs/index`);
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    await page.goto(linkRoute(suite.app.baseUrl, 'web+coinlens:openLogin'));
    await page.getByTestId('page-loginRegister').waitFor({ timeout: 20_000 });
    await page.goBack();
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    await page.close();
  });
});

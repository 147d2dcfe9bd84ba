import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually, visitorClient } from '../support/gateway.js';
import { landing } from '../support/routes.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

/** What sw.js offers a test in its global scope (see its notificationclick listener). */
interface CoinlensWorkerScope {
  registration: {
    scope: string;
    showNotification(title: string, options: { data: unknown; tag: string; body: string }): Promise<void>;
    getNotifications(filter: { tag: string }): Promise<{ data: unknown }[]>;
  };
  clients: { openWindow(url: string): Promise<unknown> };
  coinlensHandleNotificationClick(notification: unknown): Promise<void>;
}

/** Real content of the running simulator, read through the gateway. */
interface Ids {
  coin: { id: string; symbol: string; name: string };
  exchange: { id: string; name: string };
  news: { id: number; title: string };
  flash: { id: number; title: string };
  message: { id: number; title: string };
}

interface TapCase {
  data: (ids: Ids) => Record<string, string>;
  route: string;
  query?: (ids: Ids) => Record<string, string>;
  shows: (page: Page, ids: Ids) => Promise<void>;
}

const START = '/pages/system/aboutUs/index';

async function showsText(page: Page, testId: string, text: string): Promise<void> {
  const element = page.getByTestId(testId).first();
  await element.waitFor({ timeout: 20_000 });
  await expect.poll(() => element.innerText(), { timeout: 20_000 }).toContain(text);
}

const shown = (testId: string) => (page: Page) => page.getByTestId(testId).waitFor({ timeout: 20_000 });

/** Every push type (decisions D27, D29). */
const CASES: Record<string, TapCase> = {
  'message with an id → that message': {
    data: (ids) => ({ type: 'message', information_id: String(ids.message.id) }),
    route: '/pages/content/noticeDetail/index',
    query: (ids) => ({ id: String(ids.message.id) }),
    shows: (page, ids) => showsText(page, 'message-title', ids.message.title),
  },
  'message → the message page': {
    data: () => ({ type: 'message' }),
    route: '/pages/system/notice/index',
    shows: (page, ids) => showsText(page, 'message-row', ids.message.title),
  },
  'coin → coin introduction': {
    data: (ids) => ({ type: 'coin', coinId: ids.coin.id, symbol: ids.coin.symbol }),
    route: '/pages/exchange/currencyIntro/index',
    query: (ids) => ({ coin_id: ids.coin.id, symbol: ids.coin.symbol }),
    shows: (page, ids) => showsText(page, 'coin-header', ids.coin.name),
  },
  'coin without coinId → market tab': {
    data: (ids) => ({ type: 'coin', symbol: ids.coin.symbol }),
    route: '/pages/tabbar/market/index',
    shows: shown('page-market'),
  },
  'news (newsId, newsType) → news detail': {
    data: (ids) => ({ type: 'news', newsId: String(ids.flash.id), newsType: 'fastnews' }),
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.flash.id), type: 'fastnews' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.flash.title),
  },
  'news (information_id) → news detail': {
    data: (ids) => ({ type: 'news', information_id: String(ids.news.id) }),
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.news.id), type: 'news' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.news.title),
  },
  'exchange → exchange introduction': {
    data: (ids) => ({ type: 'exchange', exchange_id: ids.exchange.id }),
    route: '/pages/exchange/introduce/index',
    query: (ids) => ({ exchange_id: ids.exchange.id }),
    shows: (page, ids) => showsText(page, 'exchange-header', ids.exchange.name),
  },
  'url of another site → the web view names it instead of framing it': {
    data: () => ({ type: 'url', url: 'https://example.org/news?id=1' }),
    route: '/pages/content/webview/index',
    query: () => ({ url: 'https://example.org/news?id=1' }),
    shows: async (page) => {
      await page.getByTestId('webview-leaving').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('webview-leaving-host').textContent()).toBe('example.org');
      expect(await page.locator('iframe').count()).toBe(0);
    },
  },
  'url that is not http(s) → market tab': {
    data: () => ({ type: 'url', url: 'javascript:alert(1)' }),
    route: '/pages/tabbar/market/index',
    shows: shown('page-market'),
  },
  'tab viewpoint → that tab': {
    data: () => ({ type: 'tab', tab: 'viewpoint' }),
    route: '/pages/tabbar/viewpoint/index',
    shows: (page, ids) => showsText(page, 'flash-timeline', ids.flash.title),
  },
  'tab user → that tab': {
    data: () => ({ type: 'tab', tab: 'user' }),
    route: '/pages/tabbar/user/index',
    shows: shown('profile-nickname'),
  },
  'tab without a tab → market tab (the default)': {
    data: () => ({ type: 'tab' }),
    route: '/pages/tabbar/market/index',
    shows: (page, ids) => showsText(page, 'page-market', ids.coin.name),
  },
  'custom path of a tab → switches tab': {
    data: () => ({ type: 'page', path: '/pages/tabbar/viewpoint/index' }),
    route: '/pages/tabbar/viewpoint/index',
    shows: shown('page-viewpoint'),
  },
  'custom path of a page with information_id and type → that page with them': {
    data: (ids) => ({
      type: 'page',
      path: '/pages/content/newsDetail/index',
      information_id: String(ids.news.id),
      newsType: 'news',
    }),
    route: '/pages/content/newsDetail/index',
    query: (ids) => ({ information_id: String(ids.news.id), type: 'news' }),
    shows: (page, ids) => showsText(page, 'article-title', ids.news.title),
  },
  'custom path of a page without parameters → that page': {
    data: () => ({ type: 'page', path: '/pages/system/contactUs/index' }),
    route: '/pages/system/contactUs/index',
    shows: shown('page-contactUs'),
  },
  'custom path that is no route → market tab': {
    data: () => ({ type: 'page', path: '/pages/not/a/route' }),
    route: '/pages/tabbar/market/index',
    shows: shown('page-market'),
  },
  'pageType overrides type': {
    data: (ids) => ({ type: 'message', pageType: 'exchange', exchange_id: ids.exchange.id }),
    route: '/pages/exchange/introduce/index',
    query: (ids) => ({ exchange_id: ids.exchange.id }),
    shows: (page, ids) => showsText(page, 'exchange-header', ids.exchange.name),
  },
};

/**
 * The test's own sign-in script (signInContext) runs in every frame, and in the web view's sandboxed frame,
 * which has no storage, it throws: that error is the harness's, not the app's.
 */
function appErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.includes("Failed to read the 'localStorage' property"));
}

/** The app's service worker, once it is active for the page. */
async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const scriptUrl = (worker: Worker) => worker.url().endsWith('/sw.js');
  return context.serviceWorkers().find(scriptUrl) ?? context.waitForEvent('serviceworker', scriptUrl);
}

/**
 * Shows a real notification through the service worker's registration, then hands that very notification to
 * sw.js's click handling, as its notificationclick listener does. Answers how many notifications with the tag
 * are left (the handling closes the tapped one).
 */
function tapNotification(worker: Worker, data: Record<string, string>): Promise<number> {
  return worker.evaluate(async (pushData) => {
    const scope = self as unknown as CoinlensWorkerScope;
    const tag = `e2e-${Math.random()}`;
    await scope.registration.showNotification('Coinlens', { body: 'e2e', data: pushData, tag });
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error('the notification was not shown');
    await scope.coinlensHandleNotificationClick(notification);
    return (await scope.registration.getNotifications({ tag })).length;
  }, data);
}

describe.skipIf(!chromiumPath)('push taps routed from the service worker’s notification click', () => {
  const suite = browserSuite();
  let ids: Ids;
  let context: BrowserContext;
  let page: Page;
  let worker: Worker;
  let errors: string[];

  beforeAll(async () => {
    const client = visitorClient(suite.app.baseUrl);
    const coin = (await client.call('appmarket_msrv/coin_list', { page: 1, page_size: 10 })).list[4];
    const exchange = (await client.call('appmarket_msrv/exchange_list', { page: 1, page_size: 10 })).list[1];
    if (!coin || !exchange) throw new Error('the simulator listed too few coins or exchanges');
    const news = await eventually(
      async () => (await client.call('appcontent_msrv/news_list', { page: 1, page_size: 5 })).list[2],
    );
    const flash = await eventually(
      async () =>
        (await client.call('appcontent_msrv/fastnews_list', { page: 1, page_size: 5 })).groups[0]?.list[0],
    );
    // A password change leaves a system message in the inbox: a real message to tap.
    const session = await signUpUser(suite.app.baseUrl);
    const member = sessionClient(suite.app.baseUrl, session);
    await member.call('user_msrv/update_password', {
      original_password: 'Coinlens-e2e-1',
      password: 'Coinlens-e2e-2',
      repeat_password: 'Coinlens-e2e-2',
    });
    const message = await eventually(
      async () => (await member.call('appinbox_msrv/inbox_message_list', { page: 1 })).list[0],
    );
    ids = {
      coin: { id: coin.id, symbol: coin.symbol, name: coin.name },
      exchange: { id: exchange.id, name: exchange.name },
      news: { id: news.id, title: news.title },
      flash: { id: flash.id, title: flash.title },
      message: { id: message.id, title: message.title },
    };

    context = await newPhoneContext(suite.browser);
    await context.grantPermissions(['notifications'], { origin: suite.app.baseUrl });
    await signInContext(context, session);
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#${START}`);
    worker = await activeWorker(context, page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(Object.entries(CASES))('%s', async (_name, tapCase) => {
    errors.length = 0;
    await page.goto(`${suite.app.baseUrl}/#${START}`);
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    expect(await tapNotification(worker, tapCase.data(ids))).toBe(0);
    await tapCase.shows(page, ids);
    const landed = landing(page);
    expect(landed.route).toBe(tapCase.route);
    expect(landed.query).toEqual(tapCase.query?.(ids) ?? {});
    expect(appErrors(errors)).toEqual([]);
  });

  it('opens the market tab for an unknown type, and not before the spec’s 500 ms', async () => {
    await page.goto(`${suite.app.baseUrl}/#${START}`);
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    const tappedAt = Date.now();
    await tapNotification(worker, { type: 'promotion', id: '12' });
    await page.getByTestId('page-market').waitFor({ timeout: 20_000 });
    expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(500);
    expect(landing(page)).toEqual({ route: '/pages/tabbar/market/index', query: {} });
  });

  it('waits 500 ms before any tap navigates', async () => {
    await page.goto(`${suite.app.baseUrl}/#${START}`);
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    await tapNotification(worker, { type: 'tab', tab: 'viewpoint' });
    // The tap has reached the page (the worker's postMessage is done); the page must still be where it was.
    await page.waitForTimeout(250);
    expect(landing(page).route).toBe(START);
    await page.getByTestId('page-viewpoint').waitFor({ timeout: 20_000 });
  });

  it('opens a new window with the push in ?push= when no window is open (cold start)', async () => {
    const coldContext = await newPhoneContext(suite.browser);
    await coldContext.grantPermissions(['notifications'], { origin: suite.app.baseUrl });
    const first = await coldContext.newPage();
    await first.goto(`${suite.app.baseUrl}/#${START}`);
    const coldWorker = await activeWorker(coldContext, first);
    await first.close();
    const data = { type: 'coin', coinId: ids.coin.id, symbol: ids.coin.symbol };
    // clients.openWindow needs the user activation of a real click, which script cannot give: the handler
    // runs for real and the window it asks for is recorded, then opened by the test as the browser would.
    const opened = await coldWorker.evaluate(async (pushData) => {
      const scope = self as unknown as CoinlensWorkerScope;
      const requested: string[] = [];
      scope.clients.openWindow = (url: string) => {
        requested.push(new URL(url, scope.registration.scope).href);
        return Promise.resolve(null);
      };
      const tag = `e2e-cold-${Math.random()}`;
      await scope.registration.showNotification('Coinlens', { body: 'e2e', data: pushData, tag });
      const [notification] = await scope.registration.getNotifications({ tag });
      await scope.coinlensHandleNotificationClick(notification);
      return requested;
    }, data);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${suite.app.baseUrl}/`);
    expect(JSON.parse(url.searchParams.get('push') ?? 'null')).toEqual(data);

    const page = await coldContext.newPage();
    const coldErrors = collectPageErrors(page);
    await page.goto(url.href);
    await showsText(page, 'coin-header', ids.coin.name);
    expect(landing(page)).toEqual({
      route: '/pages/exchange/currencyIntro/index',
      query: { coin_id: ids.coin.id, symbol: ids.coin.symbol },
    });
    expect(page.url()).not.toContain('push=');
    expect(coldErrors).toEqual([]);
    await coldContext.close();
  });
});

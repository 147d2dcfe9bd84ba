import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from '../support/axe.js';
import type { RunningApp } from '../support/app-server.js';
import { sharedApp } from '../support/shared-app.js';
import { chromiumPath, launchBrowser, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser, type TestSession } from '../support/session.js';

/** The market screens, each with an element that shows it has loaded its data. */
const SCREENS: { route: string; ready: string; signedIn?: boolean }[] = [
  { route: '/pages/tabbar/market/index?tab=coins', ready: 'coin-row-bitcoin' },
  { route: '/pages/tabbar/market/index?tab=sectors', ready: 'concept-list' },
  { route: '/pages/tabbar/market/index?tab=favourites', ready: 'favourites-list', signedIn: true },
  { route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC', ready: 'tickers' },
  { route: '/pages/content/briefIntroduction/index?coin_id=ethereum', ready: 'brief-description' },
  { route: '/pages/tabbar/platform/index', ready: 'exchange-row-binance' },
  {
    route: '/pages/exchange/introduce/index?exchange_id=binance&name=Binance',
    ready: 'exchange-section-trading',
  },
  { route: '/pages/content/exchangeDetail/index?exchange_id=binance', ready: 'exchange-section-company' },
  { route: '/pages/ordinary/search/index?keyword=bitcoin', ready: 'search-coins' },
  { route: '/pages/ordinary/search/index', ready: 'search-hot' },
  { route: '/pages/exchange/hotSearchCurrency/index', ready: 'hot-search' },
  { route: '/pages/system/priceDisplay/index', ready: 'currency-eur' },
  { route: '/pages/exchange/editOptional/index', ready: 'editor-list', signedIn: true },
  { route: '/pages/tabbar/viewpoint/index', ready: 'flash' },
  { route: '/pages/content/newsDetail/index?information_id=1&type=news', ready: 'comments' },
  { route: '/pages/tabbar/user/index', ready: 'entry-messages', signedIn: true },
  { route: '/pages/system/notice/index', ready: 'message-row', signedIn: true },
  { route: '/pages/system/aboutUs/index', ready: 'about-download' },
  { route: '/pages/system/setting/index', ready: 'setting-night' },
  { route: '/pages/system/loginRegister/index', ready: 'page-loginRegister' },
  { route: '/pages/system/contactUs/index', ready: 'contact-email' },
  { route: '/pages/system/language/index', ready: 'page-language' },
  { route: '/pages/content/noticeDetail/index?id={messageId}', ready: 'message-content', signedIn: true },
  { route: '/pages/exchange/editFollow/index', ready: 'editor-list', signedIn: true },
  { route: '/pages/system/accountSecurity/index', ready: 'page-accountSecurity', signedIn: true },
  { route: '/pages/system/updatePassword/index', ready: 'page-updatePassword', signedIn: true },
  { route: '/pages/system/YourInfo/index', ready: 'page-YourInfo', signedIn: true },
  { route: '/pages/content/webview/index?url=https%3A%2F%2Fexample.org%2F', ready: 'webview-leaving' },
];

describe.skipIf(!chromiumPath)('accessibility of the app screens (axe-core)', () => {
  let app: RunningApp;
  let browser: Browser;
  let session: TestSession;
  /** The id of a message in the signed-in user's inbox. */
  let messageId = 0;

  beforeAll(async () => {
    app = sharedApp();
    browser = await launchBrowser();
    session = await signUpUser(app.baseUrl);
    const client = sessionClient(app.baseUrl, session);
    await client.call('appmarket_msrv/watch_coins_add', { coin_ids: ['bitcoin', 'ethereum'] });
    await client.call('appmarket_msrv/watch_exchange_add', { exchange_ids: ['binance', 'okx'] });
    // A message in the inbox (the password-changed notice), so the messages screen has rows to check.
    await client.call('user_msrv/update_password', {
      original_password: 'Coinlens-e2e-1',
      password: 'Coinlens-e2e-2',
      repeat_password: 'Coinlens-e2e-2',
    });
    const inbox = await client.call('appinbox_msrv/inbox_message_list', { page: 1, page_size: 1 });
    messageId = inbox.list[0]?.id ?? 0;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it.each(SCREENS)(`has no serious or critical violations on $route (${colorScheme})`, async (screen) => {
      const context = await newPhoneContext(browser, { colorScheme });
      if (screen.signedIn) await signInContext(context, session);
      await context.addInitScript(
        (theme) => localStorage.setItem('coinlens_system_theme', JSON.stringify(theme)),
        colorScheme,
      );
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/#${screen.route.replace('{messageId}', String(messageId))}`);
      await page.getByTestId(screen.ready).first().waitFor({ timeout: 20_000 });
      const found = await seriousViolations(page);
      await context.close();
      expect(found).toEqual([]);
    });
  }
});

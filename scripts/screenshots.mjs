#!/usr/bin/env node
// Screenshots of the app's screens at a phone viewport in every language and theme, written to
// docs/screenshots/<screen>-<lang>-<theme>.png. Run after `npm run build`: `npm run screenshots`.
// SCREENSHOT_LANGUAGES, SCREENSHOT_THEMES and SCREENSHOT_SCREENS narrow the set for a quick look.
// A signed-up user with a small watch list makes the favourites and editor screens show real content.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { phoneContext, ROOT, signedBody, startCoinlens } from '../bench/support.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 18390);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = process.env.SCREENSHOT_OUT ?? path.join(ROOT, 'docs/screenshots');
const LANGUAGES = (process.env.SCREENSHOT_LANGUAGES ?? 'en,vi,zh-Hans').split(',');
const THEMES = (process.env.SCREENSHOT_THEMES ?? 'light,dark').split(',');
/** Comma-separated screen names to take (all when unset), for a quick look at one screen. */
const ONLY = process.env.SCREENSHOT_SCREENS?.split(',');

/** The screenshots' server answers callers that send this header with `KP` as a blocked region (HTTP 451). */
const COUNTRY_HEADER = 'X-Screenshot-Country';

/**
 * Screen name → hash route; `user` marks screens shown signed in, `headers` extra request headers, `offline`
 * a reload without network once the service worker has cached the app and the last list.
 */
const SCREENS = [
  { name: 'markets', route: '/' },
  { name: 'markets-favourites', route: '/pages/tabbar/market/index?tab=favourites', user: true },
  { name: 'markets-gainers', route: '/pages/tabbar/market/index?tab=gainers' },
  { name: 'markets-sectors', route: '/pages/tabbar/market/index?tab=sectors' },
  { name: 'markets-sector-ai', route: '/pages/tabbar/market/index?tab=sectors&concept=ai' },
  {
    name: 'coin-bitcoin',
    route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC',
    user: true,
  },
  {
    name: 'coin-bitcoin-markets',
    route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC',
    scroll: 0.6,
  },
  {
    name: 'coin-bitcoin-score',
    route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC',
    focus: '[data-testid="coin-score"]',
  },
  {
    name: 'coin-solana-score-venues',
    route: '/pages/exchange/currencyIntro/index?coin_id=solana&symbol=SOL',
    focus: '[data-testid="score-venues"]',
  },
  { name: 'coin-not-found', route: '/pages/exchange/currencyIntro/index?coin_id=no-such-coin&symbol=NOPE' },
  { name: 'brief-introduction', route: '/pages/content/briefIntroduction/index?coin_id=ethereum' },
  { name: 'exchanges', route: '/pages/tabbar/platform/index' },
  { name: 'exchanges-following', route: '/pages/tabbar/platform/index', user: true, tap: 'Following' },
  { name: 'exchange-binance', route: '/pages/exchange/introduce/index?exchange_id=binance&name=Binance' },
  {
    name: 'exchange-quillmarsh-score',
    route: '/pages/exchange/introduce/index?exchange_id=quillmarsh&name=Quillmarsh',
    focus: '[data-testid="exchange-score"]',
  },
  { name: 'exchange-detail', route: '/pages/content/exchangeDetail/index?exchange_id=binance' },
  { name: 'edit-follow-coins', route: '/pages/exchange/editOptional/index', user: true },
  { name: 'edit-follow-exchanges', route: '/pages/exchange/editFollow/index', user: true },
  { name: 'search-results', route: '/pages/ordinary/search/index?keyword=bitcoin' },
  { name: 'search-history', route: '/pages/ordinary/search/index' },
  { name: 'hot-searches', route: '/pages/exchange/hotSearchCurrency/index' },
  { name: 'price-display', route: '/pages/system/priceDisplay/index' },
  { name: 'converter', route: '/pages/tools/converter/index' },
  { name: 'developers', route: '/pages/user/developers/index', user: true },
  { name: 'viewpoint-flashes', route: '/pages/tabbar/viewpoint/index' },
  {
    name: 'viewpoint-news',
    route: '/pages/tabbar/viewpoint/index',
    tapSelector: '[data-testid="viewpoint-tab-news"]',
  },
  { name: 'news-detail', route: '/pages/content/newsDetail/index?information_id=1&type=news' },
  {
    name: 'news-detail-comments',
    route: '/pages/content/newsDetail/index?information_id=1&type=news',
    focus: '[data-testid="comments"]',
  },
  {
    name: 'coin-bitcoin-news',
    route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC',
    focus: '[data-testid="coin-news"]',
  },
  { name: 'me', route: '/pages/tabbar/user/index', user: true },
  { name: 'messages', route: '/pages/system/notice/index', user: true },
  { name: 'about', route: '/pages/system/aboutUs/index' },
  { name: 'login', route: '/pages/system/loginRegister/index' },
  {
    name: 'register',
    route: '/pages/system/loginRegister/index',
    tapSelector: '[data-testid="to-register"]',
  },
  { name: 'settings', route: '/pages/system/setting/index', user: true },
  { name: 'language', route: '/pages/system/language/index' },
  { name: 'contact', route: '/pages/system/contactUs/index' },
  { name: 'message-detail', route: '/pages/content/noticeDetail/index?id={messageId}', user: true },
  { name: 'account-security', route: '/pages/system/accountSecurity/index', user: true },
  { name: 'update-password', route: '/pages/system/updatePassword/index', user: true },
  { name: 'your-info', route: '/pages/system/YourInfo/index', user: true },
  { name: 'webview-terms', route: '/pages/content/webview/index?url={base}%2Flegal%2Fterms' },
  { name: 'access-limited', route: '/', headers: { [COUNTRY_HEADER]: 'KP' } },
  { name: 'markets-offline', route: '/', offline: true },
];

async function call(procedure, payload, headers = {}) {
  const response = await fetch(`${BASE}/gwapi/v1/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: signedBody(payload),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${procedure}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function emailCode(email) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await (await fetch(`${BASE}/dev/outbox.json?to=${encodeURIComponent(email)}`)).json();
    const code = /\b(\d{6})\b/.exec(answer.messages?.[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no email code');
}

async function demoUser() {
  const email = `screens-${Date.now()}@example.com`;
  const deviceId = randomUUID();
  const headers = { DeviceId: deviceId };
  await call('user_msrv/captcha', { email, purpose: 'register' }, headers);
  const password = 'Screens-2026';
  const session = await call(
    'user_msrv/register',
    {
      email,
      code: await emailCode(email),
      password,
      repeat_password: password,
      country: 'SG',
      nickname: 'Coinlens',
      agreement: true,
    },
    headers,
  );
  const auth = { ...headers, AccessToken: session.AccessToken };
  await call(
    'appmarket_msrv/watch_coins_add',
    { coin_ids: ['bitcoin', 'ethereum', 'solana', 'dogecoin', 'chainlink'] },
    auth,
  );
  await call('appmarket_msrv/watch_exchange_add', { exchange_ids: ['binance', 'gdax', 'okx'] }, auth);
  // Two system messages in the inbox: a sign-in from another device, then a password change.
  await call('user_msrv/login', { email, password }, { DeviceId: randomUUID() });
  await call(
    'user_msrv/update_password',
    { original_password: password, password: `${password}x`, repeat_password: `${password}x` },
    auth,
  );
  await call(
    'appcontent_msrv/comment_add',
    {
      information_id: 1,
      type: 'news',
      content: 'A clear explanation of why depth matters more than volume.',
    },
    auth,
  );
  // Two open-API keys for the developers screen, one of them used a few times (counted within 10 s).
  const bot = await call('appsys_msrv/api_key_create', { label: 'Trading bot' }, auth);
  await call('appsys_msrv/api_key_create', { label: 'Portfolio sheet' }, auth);
  for (let calls = 0; calls < 3; calls += 1)
    await fetch(`${BASE}/api/v3/ping`, { headers: { 'x-cg-demo-api-key': bot.secret } });
  const inbox = await call('appinbox_msrv/inbox_message_list', { page: 1, page_size: 1 }, auth);
  const { AccessToken, RefreshToken, uid, authorInfo } = session;
  return {
    deviceId,
    messageId: inbox.list[0]?.id ?? 0,
    user: { AccessToken, RefreshToken, uid, authorInfo },
  };
}

/** Waits until the service worker controls the page and the list has been kept, then reloads without network. */
async function reloadOffline(context, page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 90_000 });
  await page.waitForFunction(
    () => Object.keys(localStorage).some((key) => key.startsWith('coinlens_offline_')),
    null,
    { timeout: 30_000 },
  );
  await context.setOffline(true);
  await page.reload();
  await page.waitForTimeout(1500);
}

const server = await startCoinlens(PORT, {
  RATE_LIMIT_PER_MINUTE: '100000',
  DEV_OUTBOX: 'true',
  BLOCKED_REGIONS: 'KP',
  COUNTRY_HEADER,
});
// The score screens show the first score run's results: wait for it (about 16 s after start on the 2-core machine).
for (let waited = 0; waited < 120_000; waited += 1_000) {
  const answer = await call('appmarket_msrv/coin_score', { coin_id: 'bitcoin' });
  if (answer?.score_state === 'scored') break;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  mkdirSync(OUT, { recursive: true });
  const demo = await demoUser();
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const screen of SCREENS.filter((entry) => !ONLY || ONLY.includes(entry.name))) {
        const context = await phoneContext(browser);
        await context.addInitScript(
          ({ language, theme, signedIn, demo }) => {
            localStorage.setItem('coinlens_language', JSON.stringify(language));
            localStorage.setItem('coinlens_system_theme', JSON.stringify(theme));
            localStorage.setItem('coinlens_search', JSON.stringify(['BTC', 'Solana', '以太坊']));
            if (signedIn) {
              localStorage.setItem('coinlens_user', JSON.stringify(demo.user));
              localStorage.setItem('coinlens_login_time', JSON.stringify(Date.now()));
              localStorage.setItem('coinlens_device_id', demo.deviceId);
            }
          },
          { language, theme, signedIn: Boolean(screen.user), demo },
        );
        if (screen.headers) await context.setExtraHTTPHeaders(screen.headers);
        const page = await context.newPage();
        const route = screen.route
          .replace('{messageId}', String(demo.messageId))
          .replace('{base}', encodeURIComponent(BASE));
        await page.goto(`${BASE}/#${route}`);
        await page.waitForLoadState('networkidle').catch(() => {});
        if (screen.offline) await reloadOffline(context, page);
        if (screen.tapSelector)
          await page
            .locator(screen.tapSelector)
            .first()
            .click()
            .catch(() => {});
        if (screen.tap)
          await page
            .getByText(screen.tap, { exact: true })
            .first()
            .click()
            .catch(() => {});
        await page.waitForTimeout(1500);
        if (screen.focus) {
          await page
            .locator(screen.focus)
            .evaluate((element) => element.scrollIntoView({ block: 'start' }))
            .catch(() => {});
          await page.waitForTimeout(800);
        }
        if (screen.scroll) {
          await page
            .locator('.cl-page-body')
            .evaluate((body, share) => body.scrollTo(0, body.scrollHeight * share), screen.scroll);
          await page.waitForTimeout(800);
        }
        await page.screenshot({ path: path.join(OUT, `${screen.name}-${language}-${theme}.png`) });
        await context.close();
      }
      process.stdout.write(`screenshots ${language} ${theme}: ${SCREENS.length}\n`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

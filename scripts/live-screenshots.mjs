/**
 * Screenshots of the live market as a connected user meets it, without the internet: the built server on
 * MARKET_SOURCE=live against the whole-universe replays of apps/server/test/support/universe-replays.ts (250 real
 * coins of the CoinGecko capture, Binance and Kraken on real tapes and books, failures sprinkled in), after a few
 * minutes of the real schedule. Needs ../shared/external and `npm run build`:
 *   npm run screenshots:live
 * LIVE_SCREENSHOT_WAIT_MS (default 4 min) sets the warm-up, LIVE_SCREENSHOT_OUT the folder (default docs/screenshots),
 * SCREENSHOT_LANGUAGES / SCREENSHOT_THEMES narrow the set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { chromium } from 'playwright-core';

import {
  startUniverseReplays,
  universeMaterialPresent,
} from '../apps/server/test/support/universe-replays.js';
import { phoneContext, ROOT, startCoinlens } from '../bench/support.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 18391);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = process.env.LIVE_SCREENSHOT_OUT ?? path.join(ROOT, 'docs/screenshots');
const WAIT_MS = Number(process.env.LIVE_SCREENSHOT_WAIT_MS ?? 240_000);
const LANGUAGES = (process.env.SCREENSHOT_LANGUAGES ?? 'en,vi,zh-Hans').split(',');
const THEMES = (process.env.SCREENSHOT_THEMES ?? 'light').split(',');

/** @type {{ name: string, route: string, focus?: string }[]} */
const SCREENS = [
  { name: 'live-markets', route: '/' },
  { name: 'live-coin-ethereum', route: '/pages/exchange/currencyIntro/index?coin_id=ethereum&symbol=ETH' },
  {
    name: 'live-coin-ethereum-history',
    route: '/pages/exchange/currencyIntro/index?coin_id=ethereum&symbol=ETH',
    focus: '[data-testid="coin-section-history"]',
  },
  {
    name: 'live-coin-ethereum-score',
    route: '/pages/exchange/currencyIntro/index?coin_id=ethereum&symbol=ETH',
    focus: '[data-testid="coin-score"]',
  },
  { name: 'live-exchanges', route: '/pages/tabbar/platform/index' },
  {
    name: 'live-exchange-binance',
    route: '/pages/exchange/introduce/index?exchange_id=binance&name=Binance',
  },
  {
    name: 'live-exchange-binance-score',
    route: '/pages/exchange/introduce/index?exchange_id=binance&name=Binance',
    focus: '[data-testid="exchange-score"]',
  },
];

if (!universeMaterialPresent) throw new Error('the universe replays need ../shared/external');
const replays = await startUniverseReplays();
const server = await startCoinlens(PORT, { ...replays.env, RATE_LIMIT_PER_MINUTE: '100000' });
let browser;
try {
  process.stdout.write(`live server on ${BASE}; warming up for ${WAIT_MS / 1_000} s\n`);
  await sleep(WAIT_MS);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  mkdirSync(OUT, { recursive: true });
  for (const language of LANGUAGES)
    for (const theme of THEMES)
      for (const screen of SCREENS) {
        const context = await phoneContext(browser);
        await context.addInitScript(
          ({ language, theme }) => {
            localStorage.setItem('coinlens_language', JSON.stringify(language));
            localStorage.setItem('coinlens_system_theme', JSON.stringify(theme));
          },
          { language, theme },
        );
        const page = await context.newPage();
        await page.goto(`${BASE}/#${screen.route}`);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(1_500);
        if (screen.focus) {
          await page
            .locator(screen.focus)
            .evaluate((element) => element.scrollIntoView({ block: 'start' }))
            .catch(() => undefined);
          await page.waitForTimeout(800);
        }
        await page.screenshot({ path: path.join(OUT, `${screen.name}-${language}-${theme}.png`) });
        await context.close();
      }
  process.stdout.write(`live screenshots written to ${OUT}\n`);
} finally {
  await browser?.close();
  await server.stop();
  await replays.close();
}

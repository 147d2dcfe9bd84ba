import { sourceLabel } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The replays of the server's own live-source tests: real recorded answers on loopback, never the internet.
import { startLiveReplays } from '../../apps/server/test/support/live-replays.js';
import type { LiveReplays } from '../../apps/server/test/support/live-replays.js';
import { startBuiltApp } from '../support/app-server.js';
import type { RunningApp } from '../support/app-server.js';
import { chromiumPath, launchBrowser, newPhoneContext } from '../support/browser.js';
import type { Browser } from 'playwright-core';

describe.skipIf(!chromiumPath)('a live market in a phone-sized Chromium', () => {
  let replays: LiveReplays;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    replays = await startLiveReplays();
    app = await startBuiltApp({ ...replays.env, COINGECKO_MIN_INTERVAL_MS: '0' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await replays?.close();
  });

  it('shows real coins unmarked, and a coin with only its market cap is not scored', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/#/pages/tabbar/market/index`);
    await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('simulated-market').count()).toBe(0);

    await page.goto(`${app.baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=tether`);
    await expect
      .poll(() => page.getByTestId('coin-score-rank').innerText(), { timeout: 30_000 })
      .toBe('Not enough data to score');
    expect(await page.getByTestId('score-not-enough').innerText()).toMatch(/at least three/);
    expect(await page.getByTestId('score-component-market_cap').innerText()).toContain(
      sourceLabel('coingecko', 'en'),
    );
    expect(await page.getByTestId('score-no-data').innerText()).toMatch(/^No data: .*Social/);
    await context.close();
  });
});

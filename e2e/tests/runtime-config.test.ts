import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBuiltApp } from '../support/app-server.js';
import type { RunningApp } from '../support/app-server.js';
import { chromiumPath, launchBrowser, newPhoneContext } from '../support/browser.js';

describe.skipIf(!chromiumPath)('one build against any server', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // Not the pair the bundle was built with: the server hands its own pair to the page.
    app = await startBuiltApp({ APP_ID: 'coinlens-e2e-other', APP_SECRET: 'another-secret-for-e2e' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('works with a server started with another signing pair than any build', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/#/pages/tabbar/market/index?tab=coins`);
    await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('app-refused').count()).toBe(0);
    await context.close();
  });

  it('says clearly that the server refuses the app, instead of showing empty screens', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    // A page cached from an earlier server: its pair is no longer accepted.
    await page.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/another-secret-for-e2e/, 'a-stale-secret-value');
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'content-encoding': 'identity' },
      });
    });
    await page.goto(`${app.baseUrl}/#/pages/tabbar/market/index?tab=coins`);
    await page.getByTestId('app-refused').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('app-refused').innerText()).toMatch(/did not accept/);
    await page.unroute(/\/(index\.html)?(\?.*)?$/);
    await page.getByTestId('app-refused-reload').click();
    await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 20_000 });
    await context.close();
  });
});

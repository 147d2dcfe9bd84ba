import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningApp } from '../support/app-server.js';
import { sharedApp } from '../support/shared-app.js';
import { chromiumPath, collectPageErrors, launchBrowser, newPhoneContext } from '../support/browser.js';
import { routeUrl, SPEC_ROUTES } from '../support/routes.js';

const screenshotDir = fileURLToPath(new URL('../../.test-reports/screenshots/', import.meta.url));

async function titleOf(page: Page): Promise<string> {
  const title = page.getByTestId('page-title').first();
  await title.waitFor({ state: 'visible', timeout: 15_000 });
  return (await title.innerText()).trim();
}

describe.skipIf(!chromiumPath)('the app shell in a phone-sized Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    app = sharedApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the compressed app with long-cached hashed assets and security headers', async () => {
    const index = await fetch(`${app.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await index.text();
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${app.baseUrl}/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(['br', 'gzip']).toContain(asset.headers.get('content-encoding'));
  });

  it('opens every spec route with its translated title and no console errors', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      for (const route of SPEC_ROUTES) {
        await page.goto(routeUrl(app.baseUrl, route));
        expect(await titleOf(page), `title of ${route.path}`).toBe(route.title);
        await page
          .locator('[data-testid^="page-"]:not([data-testid="page-title"]):not([data-testid="page-back"])')
          .first()
          .waitFor({ state: 'visible' });
        const horizontalOverflow = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        expect(horizontalOverflow, `horizontal scroll on ${route.path}`).toBe(false);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches tabs from the bottom tab bar, shown only on tab pages', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${app.baseUrl}/`);
      expect(await titleOf(page)).toBe('Markets');
      const tabs: [string, string, string][] = [
        ['platform', 'Exchanges', '/pages/tabbar/platform/index'],
        ['viewpoint', 'Quicktake', '/pages/tabbar/viewpoint/index'],
        ['user', 'Me', '/pages/tabbar/user/index'],
        ['market', 'Markets', '/pages/tabbar/market/index'],
      ];
      for (const [tab, title, hashPath] of tabs) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.waitForFunction((expected) => window.location.hash.startsWith(`#${expected}`), hashPath);
        expect(await titleOf(page)).toBe(title);
      }
      const tabBarHeight = await page
        .getByTestId('tab-market')
        .evaluate((item) => item.closest('[data-testid="tab-bar"]')?.getBoundingClientRect().height);
      expect(tabBarHeight).toBe(50);
      await page.goto(routeUrl(app.baseUrl, { path: '/pages/system/setting/index' }));
      await titleOf(page);
      expect(await page.getByTestId('tab-market').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the titles when the language is switched, and keeps the choice', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(routeUrl(app.baseUrl, { path: '/pages/system/language/index' }));
      expect(await titleOf(page)).toBe('Language');
      await page.getByText('简体中文', { exact: true }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
      expect(await titleOf(page)).not.toBe('Language');
      await page.goto(`${app.baseUrl}/#/pages/tabbar/market/index`);
      await page.reload();
      const zhTitle = await titleOf(page);
      expect(zhTitle).not.toBe('Markets');
      expect(zhTitle).toMatch(/\p{Script=Han}/u);
      await page.goto(routeUrl(app.baseUrl, { path: '/pages/system/language/index' }));
      await page.getByText('Tiếng Việt', { exact: true }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'vi');
    } finally {
      await context.close();
    }
  });

  it('picks the initial language from the device: Chinese, Vietnamese, and English for others', async () => {
    for (const [locale, lang] of [
      ['zh-CN', 'zh-Hans'],
      ['vi-VN', 'vi'],
      ['de-DE', 'en'],
    ] as const) {
      const context = await newPhoneContext(browser, { locale });
      const page = await context.newPage();
      try {
        await page.goto(`${app.baseUrl}/`);
        await titleOf(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      } finally {
        await context.close();
      }
    }
  });

  it('shows the version from a signed gateway call on About us', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(routeUrl(app.baseUrl, { path: '/pages/system/aboutUs/index' }));
      await page.getByText('V1.0.8').first().waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Three languages × two themes × every tab page: 45 s on an idle machine, past 60 s beside the live soak.
  it('renders the tab pages in three languages, light and dark, for review', async () => {
    for (const [locale, label] of [
      ['en-US', 'en'],
      ['vi-VN', 'vi'],
      ['zh-CN', 'zh-Hans'],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await newPhoneContext(browser, { locale, colorScheme });
        const page = await context.newPage();
        try {
          await page.goto(`${app.baseUrl}/`);
          if (colorScheme === 'dark') {
            await page.evaluate(() => localStorage.setItem('coinlens_system_theme', JSON.stringify('dark')));
            await page.reload();
          }
          for (const tab of ['market', 'platform', 'viewpoint', 'user']) {
            await page.goto(`${app.baseUrl}/#/pages/tabbar/${tab}/index`);
            await titleOf(page);
            await page.getByTestId(`page-${tab}`).waitFor({ state: 'visible' });
            await page.screenshot({ path: path.join(screenshotDir, `${tab}-${label}-${colorScheme}.png`) });
          }
        } finally {
          await context.close();
        }
      }
    }
  }, 180_000);
});

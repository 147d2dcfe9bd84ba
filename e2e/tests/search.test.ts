import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

async function typeKeyword(page: Page, keyword: string): Promise<void> {
  const input = page.locator('[data-testid="search-input"] input');
  await input.fill(keyword);
}

async function firstCoinResult(page: Page): Promise<string | null> {
  return page.locator('[data-testid="search-coins"] .cl-coin-row').first().getAttribute('data-coin-id');
}

describe.skipIf(!chromiumPath)('search in a phone-sized Chromium', () => {
  // Behind a trusted proxy, so the hot-list test can search as three callers (a hot list needs three).
  const suite = browserSuite({ TRUST_PROXY: 'true' });

  it('finds coins as you type: symbol, typo and Chinese name; opening one records the keyword', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index`);
    await page.getByTestId('search-hot').waitFor({ timeout: 20_000 });
    for (const [keyword, coin] of [
      ['eth', 'ethereum'],
      ['etherum', 'ethereum'],
      ['比特币', 'bitcoin'],
    ] as const) {
      await typeKeyword(page, keyword);
      await expect
        .poll(() => decodeURIComponent(page.url()), { timeout: 10_000 })
        .toContain(`keyword=${keyword}`);
      await expect.poll(() => firstCoinResult(page), { timeout: 10_000 }).toBe(coin);
    }
    await page.locator('[data-testid="search-coins"] .cl-coin-row').first().click();
    await page.getByTestId('page-currencyIntro').waitFor();
    await page.goBack();
    await typeKeyword(page, '');
    await page.getByTestId('search-history').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('search-history').innerText()).toContain('比特币');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a sector by its Vietnamese name with and without diacritics', async () => {
    const context = await newPhoneContext(suite.browser, { locale: 'vi-VN' });
    const page = await context.newPage();
    for (const keyword of ['Trí tuệ nhân tạo', 'tri tue nhan tao']) {
      await page.goto(
        `${suite.app.baseUrl}/#/pages/ordinary/search/index?keyword=${encodeURIComponent(keyword)}`,
      );
      await page.getByTestId('search-concept-ai').waitFor({ timeout: 20_000 });
    }
    await page.getByTestId('search-concept-ai').click();
    await page.getByTestId('sector-coins-rows').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('narrows to exchanges, pages coin results, and says when nothing matches', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index?keyword=bin&type=exchange`);
    await page.getByTestId('exchange-row-binance').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('search-coins').count()).toBe(0);

    await page.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index?keyword=a&type=coin`);
    const rows = page.locator('[data-testid="search-coins"] .cl-coin-row');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(20);
    await page.getByTestId('search-more').click();
    await expect.poll(() => rows.count()).toBe(40);

    await page.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index?keyword=qqqzzzxx`);
    await page.getByTestId('search-no-results').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('follows a coin from the results, which is how Edit follow adds one', async () => {
    const session = await signUpUser(suite.app.baseUrl);
    const context = await newPhoneContext(suite.browser);
    await signInContext(context, session);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/exchange/editOptional/index`);
    await page.getByTestId('editor-empty').waitFor({ timeout: 20_000 });
    await page.getByTestId('editor-add').click();
    await page.getByTestId('page-search').waitFor();
    expect(page.url()).toContain('type=coin');
    await typeKeyword(page, 'cardano');
    const star = page.getByTestId('follow-coins-cardano');
    await star.waitFor({ timeout: 10_000 });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    const list = await sessionClient(suite.app.baseUrl, session).call('appmarket_msrv/watch_coins_list', {});
    expect(list.list.map((coin) => coin.id)).toEqual(['cardano']);
    await context.close();
  });

  it('lists hot coins, and hot keywords follow what searches found', async () => {
    // Three callers search; one of them searching again would not count twice.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const caller = await newPhoneContext(suite.browser);
      await caller.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      const search = await caller.newPage();
      await search.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index?keyword=chainlink`);
      await search.locator('[data-testid="search-coins"] .cl-coin-row').first().waitFor({ timeout: 20_000 });
      await caller.close();
    }
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/exchange/hotSearchCurrency/index`);
    const hot = page.locator('[data-testid="hot-search"] .cl-coin-row');
    await hot.first().waitFor({ timeout: 20_000 });
    expect(await hot.count()).toBeGreaterThanOrEqual(10);
    await page.goto(`${suite.app.baseUrl}/#/pages/ordinary/search/index`);
    await page.getByTestId('search-hot-keywords').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('search-hot-keywords').innerText()).toContain('LINK');
    await context.close();
  });
});

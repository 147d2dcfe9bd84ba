import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { startBuiltApp } from '../support/app-server.js';
import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';

/** "$72,265.22" / "-1.25%" → number. */
function numberIn(text: string): number {
  return Number(text.replace(/[^0-9.+-]/g, ''));
}

async function openMarkets(page: Page, baseUrl: string, tab = 'coins'): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/tabbar/market/index?tab=${tab}`);
  await page.getByTestId(`coins-${tab}-rows`).waitFor({ timeout: 20_000 });
}

async function visibleColumn(page: Page, selector: string): Promise<number[]> {
  const texts = await page.locator(`[data-testid="coins-coins-rows"] ${selector}`).allInnerTexts();
  return texts.map(numberIn);
}

function isOrdered(values: number[], order: 'asc' | 'desc'): boolean {
  return values.every(
    (value, index) =>
      index === 0 || (order === 'asc' ? values[index - 1]! <= value : values[index - 1]! >= value),
  );
}

async function scrollToEnd(page: Page): Promise<void> {
  const list = page.getByTestId('coins-coins-rows');
  for (let round = 0; round < 40; round += 1) {
    await page.locator('.cl-page-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await page.waitForTimeout(250);
    const state = await page.getByTestId('list-footer').getAttribute('data-state');
    if (state === 'none' && (await list.getAttribute('data-count')) === '321') break;
  }
  // Once everything is loaded, the bottom of the list is where the last rows render.
  await page.locator('.cl-page-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
  await page.waitForTimeout(300);
}

describe.skipIf(!chromiumPath)('the Markets tab in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it('shows the market at a glance and reaches the last of 321 coins with a bounded DOM', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openMarkets(page, suite.app.baseUrl);
    expect(await page.getByTestId('global-stats').innerText()).toMatch(/\$[\d.,]+T/);
    expect(await page.getByTestId('coin-row-bitcoin').innerText()).toContain('BTC');
    await scrollToEnd(page);
    expect(await page.getByTestId('coins-coins-rows').getAttribute('data-count')).toBe('321');
    expect(await page.getByTestId('list-footer').getAttribute('data-state')).toBe('none');
    const lastRank = await page.locator('[data-testid="coins-coins-rows"] .cl-coin-rank').last().innerText();
    expect(Number(lastRank)).toBe(321);
    const domSize = await page.evaluate(() => document.querySelectorAll('*').length);
    expect(domSize).toBeLessThanOrEqual(800);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorts by price and by 24h change both ways', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await openMarkets(page, suite.app.baseUrl);
    const list = page.getByTestId('coins-coins');
    for (const [column, selector] of [
      ['price', '.cl-coin-price .cl-price'],
      ['change_24h', '.cl-change-pill'],
    ] as const) {
      await page.getByTestId(`sort-${column}`).click();
      await expect.poll(() => list.getAttribute('data-sort')).toBe(`${column}:desc`);
      await expect
        .poll(async () => isOrdered(await visibleColumn(page, selector), 'desc'), { timeout: 10_000 })
        .toBe(true);
      await page.getByTestId(`sort-${column}`).click();
      await expect.poll(() => list.getAttribute('data-sort')).toBe(`${column}:asc`);
      await expect
        .poll(async () => isOrdered(await visibleColumn(page, selector), 'asc'), { timeout: 10_000 })
        .toBe(true);
      expect(await page.getByTestId(`sort-${column}`).getAttribute('data-sort')).toBe('ascending');
      // A third tap returns to the ranking.
      await page.getByTestId(`sort-${column}`).click();
      await expect.poll(() => list.getAttribute('data-sort')).toBe('rank:asc');
    }
    await context.close();
  });

  it('updates a price in place from the live feed within 5 s and opens a coin', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await openMarkets(page, suite.app.baseUrl);
    const price = page.getByTestId('coin-row-bitcoin').locator('.cl-price');
    const before = await price.innerText();
    await expect.poll(() => price.innerText(), { timeout: 5_000, interval: 200 }).not.toBe(before);
    await page.getByTestId('coin-row-bitcoin').click();
    await page.getByTestId('page-currencyIntro').waitFor();
    expect(page.url()).toContain('coin_id=bitcoin');
    await context.close();
  });

  it('shows every price in euros once EUR is chosen in Price display', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/system/priceDisplay/index`);
    await page.getByTestId('currency-search').locator('input').fill('eur');
    await page.getByTestId('currency-eur').click();
    await openMarkets(page, suite.app.baseUrl);
    await expect
      .poll(() => page.getByTestId('coin-row-bitcoin').locator('.cl-price').innerText())
      .toMatch(/^€[\d,]+\.\d\d$/);
    expect(await page.getByTestId('global-stats').innerText()).toContain('€');
    await page.getByTestId('coin-row-bitcoin').click();
    await expect.poll(() => page.getByTestId('coin-header').innerText(), { timeout: 20_000 }).toContain('€');
    await context.close();
  });

  it('lists gainers, losers and sectors, and a sector opens its coins', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    // Live ticks patch a row's change in place and never re-sort the list (issue 23), so a row can drift out of
    // order or across zero after its answer came. The order is the server's: its answer must be signed and
    // sorted, and the rows must stand in the order it gave.
    const answerOf = (tab: 'gainers' | 'losers') =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/appmarket_msrv/coin_list') &&
          decodeURIComponent(response.request().postData() ?? '').includes(`"filter":"${tab}"`),
      );
    const checkTab = async (tab: 'gainers' | 'losers', answer: Promise<Response>) => {
      const body = (await (await answer).json()) as { data: { list: { id: string; change_24h: number }[] } };
      const changes = body.data.list.map((row) => row.change_24h);
      const rising = tab === 'gainers';
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.every((value) => (rising ? value > 0 : value < 0))).toBe(true);
      expect(isOrdered(changes, rising ? 'desc' : 'asc')).toBe(true);
      await page.getByTestId(`coins-${tab}-rows`).waitFor();
      const shown = await page
        .locator(`[data-testid="coins-${tab}-rows"] [data-testid^="coin-row-"]`)
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.slice('coin-row-'.length)));
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(body.data.list.slice(0, shown.length).map((row) => row.id));
    };
    const gainers = answerOf('gainers');
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index?tab=gainers`);
    await checkTab('gainers', gainers);
    const losers = answerOf('losers');
    await page.getByTestId('market-tab-losers').click();
    await checkTab('losers', losers);
    await page.getByTestId('market-tab-sectors').click();
    await page.getByTestId('concept-ai').click();
    await page.getByTestId('sector-coins-rows').waitFor();
    expect(await page.getByTestId('sector-name').innerText()).toBe('Artificial Intelligence');
    expect(page.url()).toContain('concept=ai');
    await page.getByTestId('sector-back').click();
    await page.getByTestId('concept-list').waitFor();
    await page.getByTestId('market-tab-favourites').click();
    await page.getByTestId('favourites-login').waitFor();
    await context.close();
  });

  it('shows the error view with retry, not an empty list, when the server is gone', async () => {
    const lonely = await startBuiltApp();
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    try {
      await openMarkets(page, lonely.baseUrl);
      await lonely.stop();
      await page.getByTestId('market-tab-losers').click();
      await page.getByTestId('coins-losers-query-error').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('coins-losers-empty').count()).toBe(0);
      expect(await page.getByTestId('coins-losers-query-error').innerText()).toMatch(/tap to reload/i);
    } finally {
      await context.close();
    }
    // A second server starts here while the suite's own is still back-filling: on a 2-core machine that alone
    // took ~50 s of the default 60.
  }, 120_000);
});

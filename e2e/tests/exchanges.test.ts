import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { signInContext, signUpUser } from '../support/session.js';

async function openRanking(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/tabbar/platform/index`);
  await page.getByTestId('exchanges-rows').waitFor({ timeout: 20_000 });
}

async function visibleRanks(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-testid="exchanges-rows"] .cl-coin-rank').allInnerTexts();
  return texts.map(Number);
}

async function visibleVolumes(page: Page): Promise<string[]> {
  return page.locator('[data-testid="exchanges-rows"] .cl-exchange-amount').allInnerTexts();
}

/** "$11.51B" → 11.51e9. */
function amount(text: string): number {
  const scale: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  const match = /([\d.,]+)\s*([KMBT]?)/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, '')) * (scale[match[2] ?? ''] ?? 1) : Number.NaN;
}

describe.skipIf(!chromiumPath)('the Exchanges tab and exchange pages in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it('ranks exchanges by ExRank, sorts by turnover both ways and reaches the last one', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openRanking(page, suite.app.baseUrl);
    const ranks = await visibleRanks(page);
    expect(ranks.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await page.getByTestId('exchange-row-binance').innerText()).toMatch(
      /Binance[\s\S]*\$[\d.]+[MB][\s\S]*BTC/,
    );

    await page.getByTestId('sort-amount_24h').click();
    await expect.poll(() => page.getByTestId('exchanges').getAttribute('data-sort')).toBe('amount_24h:desc');
    await expect
      .poll(async () =>
        (await visibleVolumes(page)).map(amount).every((value, i, all) => i === 0 || all[i - 1]! >= value),
      )
      .toBe(true);
    await page.getByTestId('sort-amount_24h').click();
    await expect.poll(() => page.getByTestId('exchanges').getAttribute('data-sort')).toBe('amount_24h:asc');
    await expect
      .poll(async () =>
        (await visibleVolumes(page)).map(amount).every((value, i, all) => i === 0 || all[i - 1]! <= value),
      )
      .toBe(true);

    const total = Number(await page.getByTestId('exchanges-rows').getAttribute('data-count'));
    for (let round = 0; round < 10; round += 1) {
      await page.locator('.cl-page-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await page.waitForTimeout(300);
      if ((await page.getByTestId('list-footer').getAttribute('data-state')) === 'none') break;
    }
    expect(await page.getByTestId('list-footer').getAttribute('data-state')).toBe('none');
    expect(
      Number(await page.getByTestId('exchanges-rows').getAttribute('data-count')),
    ).toBeGreaterThanOrEqual(total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an exchange with its markets and full profile; a pair opens its coin', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await openRanking(page, suite.app.baseUrl);
    await page.getByTestId('exchange-row-binance').locator('.cl-exchange-open').click();
    await page.getByTestId('exchange-header').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain('exchange_id=binance');
    for (const section of ['trading', 'company', 'token'])
      await page.getByTestId(`exchange-section-${section}`).waitFor();
    expect(await page.getByTestId('exchange-section-company').innerText()).toMatch(/KYC/);
    const pair = page.locator('[data-testid="tickers"] .cl-ticker').first();
    await pair.waitFor();
    expect(await pair.innerText()).toMatch(/\w+\/\w+[\s\S]*%/);

    await page.getByTestId('introduce-about').click();
    await page.getByTestId('page-exchangeDetail').waitFor();
    await page.getByTestId('exchange-section-trading').waitFor({ timeout: 20_000 });
    await page.goBack();
    await page.locator('[data-testid="tickers"] .cl-ticker').first().click();
    await page.getByTestId('page-currencyIntro').waitFor();
    expect(page.url()).toContain('coin_id=');
    await context.close();
  });

  it('says an exchange does not exist instead of showing empty data', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/exchange/introduce/index?exchange_id=nowhere&name=Nowhere`);
    await page.getByTestId('exchange-not-found').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('follows an exchange from its row and lists it under Following', async () => {
    const session = await signUpUser(suite.app.baseUrl);
    const context = await newPhoneContext(suite.browser);
    await signInContext(context, session);
    const page = await context.newPage();
    await openRanking(page, suite.app.baseUrl);
    // The first row, whichever exchange ranks first when the test runs (the order moves with each score run).
    const firstRow = page.locator('[data-testid="exchanges-rows"] [data-testid^="exchange-row-"]').first();
    await firstRow.waitFor({ timeout: 20_000 });
    const exchangeId = (await firstRow.getAttribute('data-testid', { timeout: 5_000 }))!.slice(
      'exchange-row-'.length,
    );
    const star = page.getByTestId(`follow-exchange-${exchangeId}`);
    await expect
      .poll(() => star.getAttribute('aria-pressed', { timeout: 2_000 }), { timeout: 10_000 })
      .toBe('false');
    await star.click({ timeout: 10_000 });
    await expect
      .poll(() => star.getAttribute('aria-pressed', { timeout: 2_000 }), { timeout: 10_000 })
      .toBe('true');
    await page.getByTestId('platform-tab-following').click({ timeout: 10_000 });
    await page.getByTestId('following-list').waitFor({ timeout: 10_000 });
    await page.getByTestId(`exchange-row-${exchangeId}`).waitFor({ timeout: 10_000 });
    expect(page.url()).toContain('tab=following');
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { signInContext, signUpUser } from '../support/session.js';

async function openCoin(page: Page, baseUrl: string, coinId: string, symbol: string): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=${coinId}&symbol=${symbol}`);
}

describe.skipIf(!chromiumPath)('the coin introduction in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it('shows price, chart ranges in both kinds, every profile section and the coin’s markets', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openCoin(page, suite.app.baseUrl, 'bitcoin', 'BTC');
    const header = page.getByTestId('coin-header');
    await header.waitFor({ timeout: 20_000 });
    expect(await header.innerText()).toMatch(/Bitcoin[\s\S]*\$[\d,]+\.\d\d/);
    await page.getByTestId('price-chart-canvas').waitFor({ timeout: 20_000 });
    for (const range of ['H', 'W', 'Y', 'All', 'D']) {
      await page.getByTestId(`chart-range-${range}`).click();
      await expect.poll(() => page.getByTestId('coin-chart').getAttribute('data-range')).toBe(range);
      await page.getByTestId('price-chart-canvas').waitFor({ timeout: 10_000 });
    }
    await page.getByTestId('chart-kind').click();
    await expect.poll(() => page.getByTestId('coin-chart').getAttribute('data-kind')).toBe('candles');
    await page.getByTestId('price-chart-canvas').waitFor();
    for (const section of ['market', 'supply', 'history', 'project', 'links']) {
      await page.getByTestId(`coin-section-${section}`).waitFor();
    }
    expect(await page.getByTestId('coin-section-market').innerText()).toMatch(/\$[\d.]+T/);
    const firstTicker = page.locator('[data-testid="tickers"] .cl-ticker').first();
    await firstTicker.waitFor({ timeout: 10_000 });
    expect(await firstTicker.innerText()).toMatch(/BTC\/\w+[\s\S]*\d+\.\d\d%/);
    await firstTicker.click();
    await page.getByTestId('page-introduce').waitFor();
    expect(page.url()).toContain('exchange_id=');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the brief introduction with the description and facts', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await openCoin(page, suite.app.baseUrl, 'ethereum', 'ETH');
    await page.getByTestId('currency-brief').click();
    await page.getByTestId('page-briefIntroduction').waitFor();
    await expect
      .poll(() => page.getByTestId('page-briefIntroduction').innerText())
      .toMatch(/Ethereum[\s\S]*2015/);
    await context.close();
  });

  it('says a coin does not exist instead of showing empty data', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await openCoin(page, suite.app.baseUrl, 'no-such-coin', 'NOPE');
    await page.getByTestId('coin-not-found').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('coin-header').count()).toBe(0);
    await context.close();
  });

  it('asks a visitor to log in before following, and follows for a signed-in user', async () => {
    const visitor = await newPhoneContext(suite.browser);
    const page = await visitor.newPage();
    await openCoin(page, suite.app.baseUrl, 'solana', 'SOL');
    await page.getByTestId('follow-coins-solana').click();
    await page.getByText('You need to log in first to use this feature').waitFor();
    await visitor.close();

    const session = await signUpUser(suite.app.baseUrl);
    const member = await newPhoneContext(suite.browser);
    await signInContext(member, session);
    const memberPage = await member.newPage();
    await openCoin(memberPage, suite.app.baseUrl, 'solana', 'SOL');
    const follow = memberPage.getByTestId('follow-coins-solana');
    await follow.waitFor({ timeout: 20_000 });
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await memberPage.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index?tab=favourites`);
    await memberPage.getByTestId('coin-row-solana').waitFor({ timeout: 20_000 });
    await member.close();
  });
});

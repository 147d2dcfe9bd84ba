import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';

/** Scores of the coin rows on screen, in order (the server scores a moment after start: wait for them). */
async function visibleScores(page: Page, rows: string): Promise<number[]> {
  const values = await page
    .locator(`[data-testid="${rows}"] .cl-score[data-score]`)
    .evaluateAll((badges) => badges.map((badge) => Number(badge.getAttribute('data-score'))));
  return values;
}

describe.skipIf(!chromiumPath)('the Coinlens score on screen in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it('shows a score on every market row and sorts by it', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index?tab=coins`);
          await page.getByTestId('coins-coins-rows').waitFor({ timeout: 20_000 });
          return (await visibleScores(page, 'coins-coins-rows')).length;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(5);
    await page.getByTestId('sort-score').click();
    await expect.poll(() => page.getByTestId('coins-coins').getAttribute('data-sort')).toBe('score:desc');
    await expect
      .poll(async () => {
        const scores = await visibleScores(page, 'coins-coins-rows');
        return scores.length > 5 && scores.every((value, i) => i === 0 || scores[i - 1]! >= value);
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains the score on a coin page: components, flags, why it moved, volume counted, methodology', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=solana&symbol=SOL`);
    const section = page.getByTestId('coin-score');
    await section.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('coin-score-value').getAttribute('data-score'), { timeout: 20_000 })
      .toMatch(/^\d/);
    expect(await page.getByTestId('coin-score-rank').innerText()).toMatch(/#\d+ of \d+/);
    expect(await page.getByTestId('score-components').locator('li').count()).toBe(7);
    expect(await page.getByTestId('score-component-verified_volume').innerText()).toMatch(/Verified volume/);
    const flagsOrNone = page.locator('[data-testid="score-flags"], [data-testid="score-flags-none"]');
    expect(await flagsOrNone.count()).toBe(1);
    const movement = page.locator('[data-testid="score-movement"], [data-testid="score-movement-none"]');
    expect(await movement.count()).toBe(1);
    expect(await page.getByTestId('score-volume').innerText()).toMatch(/Counted 24h[\s\S]*Reported 24h/);
    expect(await page.getByTestId('score-venues').locator('li').count()).toBeGreaterThan(1);
    await page.getByTestId('score-methodology').click();
    await page.getByTestId('score-methodology-sheet').waitFor();
    expect(await page.getByTestId('score-methodology-sheet').innerText()).toMatch(/geometric mean/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ranks exchanges with their score and shows a wash venue as such on its page', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/platform/index`);
    await page.getByTestId('exchanges-rows').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await visibleScores(page, 'exchanges-rows')).length, { timeout: 20_000 })
      .toBeGreaterThan(5);
    const scores = await visibleScores(page, 'exchanges-rows');
    // ExRank follows the exchange score (hysteresis only keeps near-ties in place).
    expect(scores[0]!).toBeGreaterThanOrEqual(scores.at(-1)!);

    await page.goto(
      `${suite.app.baseUrl}/#/pages/exchange/introduce/index?exchange_id=quillmarsh&name=Quillmarsh`,
    );
    await page.getByTestId('exchange-score').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('exchange-integrity').innerText(), { timeout: 20_000 })
      .toMatch(/Integrity\s*\d+%/);
    const integrity = Number(/(\d+)%/.exec(await page.getByTestId('exchange-integrity').innerText())?.[1]);
    expect(integrity).toBeLessThan(30);
    expect(await page.getByTestId('exchange-integrity-flags').innerText()).toMatch(/pairs|self-trading/i);
    await context.close();
  });
});

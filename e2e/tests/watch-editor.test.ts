import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import type { RunningApp } from '../support/app-server.js';
import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser, type TestSession } from '../support/session.js';

const COINS = ['bitcoin', 'ethereum', 'solana', 'dogecoin'];

async function serverOrder(app: RunningApp, session: TestSession): Promise<string[]> {
  const answer = await sessionClient(app.baseUrl, session).call('appmarket_msrv/watch_coins_list', {
    currency: 'usd',
  });
  return answer.list.map((coin) => coin.id);
}

async function openEditor(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/exchange/editOptional/index`);
  await page.getByTestId('editor-list').waitFor({ timeout: 20_000 });
}

describe.skipIf(!chromiumPath)('the watch-list editors in a phone-sized Chromium', () => {
  const suite = browserSuite();

  async function member(
    coins: string[],
  ): Promise<{ session: TestSession; page: Page; close: () => Promise<void> }> {
    const session = await signUpUser(suite.app.baseUrl);
    await sessionClient(suite.app.baseUrl, session).call('appmarket_msrv/watch_coins_add', {
      coin_ids: coins,
    });
    const context = await newPhoneContext(suite.browser);
    await signInContext(context, session);
    return { session, page: await context.newPage(), close: () => context.close() };
  }

  it('reorders by dragging the handle and saves the order on the server', async () => {
    const { session, page, close } = await member(COINS);
    await openEditor(page, suite.app.baseUrl);
    expect(await page.getByTestId('editor-list').getAttribute('data-order')).toBe(COINS.join(','));
    const handle = page.getByTestId('drag-dogecoin');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Two rows (60 px each) up, in small moves as a finger would.
    for (let step = 1; step <= 4; step += 1) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - step * 30);
    }
    await page.mouse.up();
    const moved = ['bitcoin', 'dogecoin', 'ethereum', 'solana'];
    await expect.poll(() => page.getByTestId('editor-list').getAttribute('data-order')).toBe(moved.join(','));
    await expect.poll(() => serverOrder(suite.app, session)).toEqual(moved);
    await page.reload();
    await page.getByTestId('editor-list').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('editor-list').getAttribute('data-order')).toBe(moved.join(','));
    await close();
  });

  it('moves a row with the arrow keys on its handle', async () => {
    const { session, page, close } = await member(COINS);
    await openEditor(page, suite.app.baseUrl);
    await page.getByTestId('drag-bitcoin').focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => serverOrder(suite.app, session))
      .toEqual(['ethereum', 'bitcoin', 'solana', 'dogecoin']);
    await close();
  });

  it('removes several selected coins at once', async () => {
    const { session, page, close } = await member(COINS);
    await openEditor(page, suite.app.baseUrl);
    await page.getByTestId('select-ethereum').check();
    await page.getByTestId('select-solana').check();
    await page.getByTestId('editor-remove').click();
    await expect.poll(() => serverOrder(suite.app, session)).toEqual(['bitcoin', 'dogecoin']);
    await expect
      .poll(() => page.getByTestId('editor-list').getAttribute('data-order'))
      .toBe('bitcoin,dogecoin');
    await close();
  });

  it('refuses an eleventh coin with the limit message and changes nothing', async () => {
    const ten = [
      'bitcoin',
      'ethereum',
      'solana',
      'dogecoin',
      'ripple',
      'cardano',
      'tron',
      'chainlink',
      'litecoin',
      'polkadot',
    ];
    const { session, page, close } = await member(ten);
    expect(await serverOrder(suite.app, session)).toEqual(ten);
    await openEditor(page, suite.app.baseUrl);
    expect(await page.getByTestId('editor-count').innerText()).toContain('10');
    expect(await page.getByTestId('editor-add').isDisabled()).toBe(true);
    await page.goto(
      `${suite.app.baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=avalanche-2&symbol=AVAX`,
    );
    await page.getByTestId('follow-coins-avalanche-2').click();
    await page.getByText('cannot exceed 10 items').waitFor({ timeout: 10_000 });
    expect(await serverOrder(suite.app, session)).toEqual(ten);
    await close();
  });
});

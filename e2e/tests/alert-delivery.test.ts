import type { AppLanguage } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually } from '../support/gateway.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

const COIN_PAGE = '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC';
const INBOX = '/pages/system/notice/index';
/** How far from the price the levels sit: about a $15 move on BTC. */
const MARGIN = 0.0002;
/**
 * The simulator's path is a function of the wall clock, and one coin can stay within ±MARGIN for a minute or more.
 * CI failed both languages at 00:20 UTC on 2026-11-28, inside a 45-minute standstill of BTC that the simulator no
 * longer makes (its README, "Intraday"). Bracketing six large coins makes a crossing within 90 s near-certain at any
 * hour: over 14 simulated days, no crossing within 90 s happened in 8.4 % of minutes on BTC alone, and in none of
 * 18,054 on these six (15 % and 0.03 % before the standstills went).
 */
const BRACKETED = ['ethereum', 'solana', 'ripple', 'dogecoin', 'cardano'] as const;

describe.skipIf(!chromiumPath)('a price alert delivered end to end (issue 25)', () => {
  const suite = browserSuite();

  it.each<AppLanguage>(['en', 'zh-Hans'])(
    'fires when the simulated price crosses, reaches the inbox, and its message opens the coin (%s)',
    async (lang) => {
      const session = await signUpUser(suite.app.baseUrl);
      const client = sessionClient(suite.app.baseUrl, session);
      const context = await newPhoneContext(suite.browser);
      try {
        await context.addInitScript((language) => {
          localStorage.setItem('coinlens_language', JSON.stringify(language));
        }, lang);
        await signInContext(context, session);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const { price } = await client.call('appmarket_msrv/coin_detail', {
          coin_id: 'bitcoin',
          currency: 'usd',
        });
        expect(price).toBeGreaterThan(0);

        // "Price above" just over the price, set from the coin page's bell like a user does…
        await page.goto(`${suite.app.baseUrl}/#${COIN_PAGE}`);
        await page.getByTestId('alert-bell').click({ timeout: 30_000 });
        await page.getByTestId('alert-form').waitFor({ timeout: 20_000 });
        const above = Number((price! * (1 + MARGIN)).toFixed(2));
        await page.getByTestId('alert-level').locator('input').fill(String(above));
        await page.getByTestId('alert-save').click();
        await page.locator('[data-testid^="alert-row-"]').first().waitFor({ timeout: 20_000 });
        // …its mirror below it, so that whichever way the price moves, one alert crosses, and the same pair on
        // other coins, so that a quiet minute of one coin does not decide the test.
        await bracket(client, 'bitcoin', 'price_below');
        const symbols = new Map([['bitcoin', 'BTC']]);
        for (const coinId of BRACKETED) {
          symbols.set(coinId, await bracket(client, coinId, 'price_above', 'price_below'));
        }
        const alerts = await client.call('appalert_msrv/alert_list', {});
        expect(alerts.list).toHaveLength(2 + 2 * BRACKETED.length);
        const bitcoin = alerts.list.filter((alert) => alert.coin_id === 'bitcoin');
        expect(bitcoin.map((alert) => alert.kind).sort()).toEqual(['price_above', 'price_below']);
        expect(bitcoin.find((alert) => alert.kind === 'price_above')?.level).toBe(above);

        const firing = await eventually(async () => {
          const { list } = await client.call('appalert_msrv/alert_firing_list', { page: 1 });
          return list[0];
        }, 120_000);
        const symbol = symbols.get(firing.coin_id);
        expect(symbol).toBeDefined();
        expect(firing.message_id).not.toBeNull();

        // The message is in the inbox screen; opening it and its button leads to the coin.
        await page.goto(`${suite.app.baseUrl}/#${INBOX}`);
        const row = page.getByTestId('message-row').first();
        await row.waitFor({ timeout: 30_000 });
        expect(await row.innerText()).toContain(symbol);
        await row.click();
        await page.getByTestId('message-content').waitFor({ timeout: 20_000 });
        await page.getByTestId('message-link').click();
        await page.waitForFunction(() => window.location.hash.includes('currencyIntro'), undefined, {
          timeout: 20_000,
        });
        expect(page.url()).toContain(`coin_id=${firing.coin_id}`);
        await page.getByTestId('alert-bell').waitFor({ timeout: 30_000 });
        // The firing is in the alert's history too, and a once-alert is paused by it.
        const after = await client.call('appalert_msrv/alert_list', {});
        expect(after.list.find((alert) => alert.id === firing.alert_id)?.paused).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    // Sign-up, the coin page and the inbox take ~15 s here; the wait for a crossing up to 120 s more.
    180_000,
  );
});

type Client = ReturnType<typeof sessionClient>;

/** Sets price alerts of `kinds` at ±MARGIN around the coin's price now; answers the coin's symbol. */
async function bracket(client: Client, coinId: string, ...kinds: ('price_above' | 'price_below')[]) {
  const coin = await client.call('appmarket_msrv/coin_detail', { coin_id: coinId, currency: 'usd' });
  expect(coin.price).toBeGreaterThan(0);
  for (const kind of kinds) {
    const factor = kind === 'price_above' ? 1 + MARGIN : 1 - MARGIN;
    // Six significant digits: DOGE and ADA sit below $1, where two decimals would round MARGIN away.
    const level = Number((coin.price! * factor).toPrecision(6));
    await client.call('appalert_msrv/alert_create', { coin_id: coinId, kind, level, currency: 'usd' });
  }
  return coin.symbol;
}

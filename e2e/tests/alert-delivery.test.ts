import type { AppLanguage } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually } from '../support/gateway.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

const COIN_PAGE = '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC';
const INBOX = '/pages/system/notice/index';
/** Levels this close to the price are crossed within a few simulated ticks, one way or the other. */
const MARGIN = 0.0002;

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
        // …and its mirror below it, so that whichever way the price moves, one alert crosses.
        await client.call('appalert_msrv/alert_create', {
          coin_id: 'bitcoin',
          kind: 'price_below',
          level: Number((price! * (1 - MARGIN)).toFixed(2)),
          currency: 'usd',
        });
        const alerts = await client.call('appalert_msrv/alert_list', {});
        expect(alerts.list.map((alert) => alert.kind).sort()).toEqual(['price_above', 'price_below']);
        expect(alerts.list.find((alert) => alert.kind === 'price_above')?.level).toBe(above);

        const firing = await eventually(async () => {
          const { list } = await client.call('appalert_msrv/alert_firing_list', { page: 1 });
          return list[0];
        }, 120_000);
        expect(firing.coin_id).toBe('bitcoin');
        expect(firing.message_id).not.toBeNull();

        // The message is in the inbox screen; opening it and its button leads to the coin.
        await page.goto(`${suite.app.baseUrl}/#${INBOX}`);
        const row = page.getByTestId('message-row').first();
        await row.waitFor({ timeout: 30_000 });
        expect(await row.innerText()).toContain('BTC');
        await row.click();
        await page.getByTestId('message-content').waitFor({ timeout: 20_000 });
        await page.getByTestId('message-link').click();
        await page.waitForFunction(() => window.location.hash.includes('currencyIntro'), undefined, {
          timeout: 20_000,
        });
        expect(page.url()).toContain('coin_id=bitcoin');
        await page.getByTestId('alert-bell').waitFor({ timeout: 30_000 });
        // The firing is in the alert's history too, and a once-alert is paused by it.
        const after = await client.call('appalert_msrv/alert_list', {});
        expect(after.list.find((alert) => alert.id === firing.alert_id)?.paused).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

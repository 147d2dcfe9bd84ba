import type { AppLanguage } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually } from '../support/gateway.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';
import { pathPriceNow, predictCrossing } from '../support/simulated-path.js';

const COIN_PAGE = '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC';
const INBOX = '/pages/system/notice/index';
/**
 * The coins whose path the test reads for a crossing. The simulator's price is a function of its seed and the
 * clock, so the test does not wait for the market to happen to move (CI once waited through a 45-minute
 * standstill of BTC): it reads the next minute and a half of these paths and sets the alert the path will cross.
 */
const WATCHED = ['bitcoin', 'ethereum', 'solana', 'ripple', 'dogecoin', 'cardano'] as const;
/** Creating the alert and its first evaluation (the baseline a crossing is measured from) fit well within this. */
const QUIET_MS = 15_000;
const HORIZON_MS = 90_000;

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
        // The app serves the path the prediction reads (same seed, same clock).
        expect(Math.abs(price! / (await pathPriceNow('bitcoin')) - 1)).toBeLessThan(0.01);

        // "Price above" set from the coin page's bell like a user does, far enough not to fire…
        await page.goto(`${suite.app.baseUrl}/#${COIN_PAGE}`);
        await page.getByTestId('alert-bell').click({ timeout: 30_000 });
        await page.getByTestId('alert-form').waitFor({ timeout: 20_000 });
        const above = Number((price! * 1.5).toFixed(2));
        await page.getByTestId('alert-level').locator('input').fill(String(above));
        await page.getByTestId('alert-save').click();
        await page.locator('[data-testid^="alert-row-"]').first().waitFor({ timeout: 20_000 });
        // …and the alert the simulated path will cross within the next minute and a half.
        const predicted = await predictCrossing(WATCHED, { quietMs: QUIET_MS, horizonMs: HORIZON_MS });
        expect(predicted, 'no watched coin crosses a level within 90 s').not.toBeNull();
        const coin = await client.call('appmarket_msrv/coin_detail', {
          coin_id: predicted!.coinId,
          currency: 'usd',
        });
        const created = await client.call('appalert_msrv/alert_create', {
          coin_id: predicted!.coinId,
          kind: predicted!.kind,
          level: predicted!.level,
          currency: 'usd',
        });
        const alerts = await client.call('appalert_msrv/alert_list', {});
        expect(alerts.list).toHaveLength(2);
        // The bell's alert is the one not created through the API (the predicted coin may be Bitcoin too).
        const fromBell = alerts.list.find((alert) => alert.id !== created.id);
        expect(fromBell?.coin_id).toBe('bitcoin');
        expect(fromBell?.level).toBe(above);

        const firing = await eventually(
          async () => {
            const { list } = await client.call('appalert_msrv/alert_firing_list', { page: 1 });
            return list.find((item) => item.alert_id === created.id);
          },
          predicted!.crossesAt - Date.now() + 30_000,
        );
        expect(firing.coin_id).toBe(predicted!.coinId);
        expect(firing.message_id).not.toBeNull();
        const symbol = coin.symbol;

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
    // Sign-up, the coin page and the inbox take ~15 s here; the predicted crossing comes within 90 s.
    180_000,
  );
});

import { ALERT_LIMIT, validationMessage, type AppLanguage } from '@coinlens/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from '../support/axe.js';
import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser, type TestSession } from '../support/session.js';

const COIN_PAGE = '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC';
const ALERTS = '/pages/user/alerts/index';
/** Far above the simulated price, so the alert never fires while a test runs. */
const LEVEL = 250_000;

/** What each language shows for the alert made here and for its paused state. */
const LANGUAGES: { lang: AppLanguage; sentence: string; paused: string; deleteLabel: string }[] = [
  { lang: 'en', sentence: 'Price above $250,000', paused: 'Paused', deleteLabel: 'Delete alert' },
  { lang: 'vi', sentence: 'Giá trên $250,000', paused: 'Đã tạm dừng', deleteLabel: 'Xóa cảnh báo' },
  { lang: 'zh-Hans', sentence: '价格高于 $250,000', paused: '已暂停', deleteLabel: '删除提醒' },
];

/** Runs `use` on a phone-sized page in `lang` and `colorScheme` (signed in as `session`), closing it after. */
async function onPhone(
  suite: ReturnType<typeof browserSuite>,
  options: { lang?: AppLanguage; colorScheme?: 'light' | 'dark'; session?: TestSession },
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newPhoneContext(suite.browser, { colorScheme: options.colorScheme ?? 'light' });
  try {
    await context.addInitScript(
      ({ lang, theme }) => {
        localStorage.setItem('coinlens_language', JSON.stringify(lang));
        localStorage.setItem('coinlens_system_theme', JSON.stringify(theme));
      },
      { lang: options.lang ?? 'en', theme: options.colorScheme ?? 'light' },
    );
    if (options.session) await signInContext(context, options.session);
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

function serverAlerts(suite: ReturnType<typeof browserSuite>, session: TestSession) {
  return sessionClient(suite.app.baseUrl, session).call('appalert_msrv/alert_list', {});
}

describe.skipIf(!chromiumPath)('alerts in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it.each(LANGUAGES)(
    'creates an alert from the bell, lists it, pauses and deletes it ($lang)',
    async ({ lang, sentence, paused, deleteLabel }) => {
      const session = await signUpUser(suite.app.baseUrl);
      await onPhone(suite, { lang, session }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${suite.app.baseUrl}/#${COIN_PAGE}`);
        await page.getByTestId('alert-bell').click({ timeout: 30_000 });
        await page.getByTestId('alert-form').waitFor({ timeout: 20_000 });

        // An empty level is refused beside the field with the catalogue's text, and nothing is sent.
        await page.getByTestId('alert-save').click();
        expect((await page.getByTestId('alert-error-level').innerText()).trim()).toBe(
          validationMessage('alert_price_level', lang),
        );
        expect((await serverAlerts(suite, session)).list).toEqual([]);

        await page.getByTestId('alert-level').locator('input').fill(String(LEVEL));
        await page.getByTestId('alert-save').click();
        await page.waitForFunction((path) => window.location.hash.startsWith(`#${path}`), ALERTS);
        const row = page.locator('li[data-testid^="alert-row-"]');
        await row.first().waitFor({ timeout: 20_000 });
        expect(await row.count()).toBe(1);
        expect(await row.getByTestId('alert-sentence').innerText()).toBe(sentence);
        expect(await page.getByTestId('alert-count').innerText()).toBe(`1 / ${ALERT_LIMIT}`);
        const [saved] = (await serverAlerts(suite, session)).list;
        expect(saved).toMatchObject({
          coin_id: 'bitcoin',
          kind: 'price_above',
          level: LEVEL,
          currency: 'usd',
          repeat: 'once',
          paused: false,
        });

        await row.getByTestId('alert-toggle').click();
        await expect.poll(() => row.getAttribute('data-paused')).toBe('true');
        expect(await row.innerText()).toContain(paused);
        expect((await serverAlerts(suite, session)).list[0]?.paused).toBe(true);

        await row.getByTestId('alert-delete-row').click();
        await page.locator('.adm-dialog').getByRole('button', { name: deleteLabel, exact: true }).click();
        await page.getByTestId('alerts-empty').waitFor({ timeout: 20_000 });
        expect((await serverAlerts(suite, session)).list).toEqual([]);
        expect(errors).toEqual([]);
      });
    },
  );

  it('edits an alert from its row: the form opens filled in and saves the new level', async () => {
    const session = await signUpUser(suite.app.baseUrl);
    const created = await sessionClient(suite.app.baseUrl, session).call('appalert_msrv/alert_create', {
      coin_id: 'ethereum',
      kind: 'change_down',
      level: 5,
      window: '1h',
      repeat: 'repeat',
      cooldown_minutes: 60,
    });
    await onPhone(suite, { session }, async (page) => {
      await page.goto(`${suite.app.baseUrl}/#${ALERTS}`);
      await page
        .getByTestId(`alert-row-${created.id}`)
        .getByTestId('alert-row-edit')
        .click({ timeout: 30_000 });
      const level = page.getByTestId('alert-level').locator('input');
      await level.waitFor({ timeout: 20_000 });
      expect(await level.inputValue()).toBe('5');
      await level.fill('7.5');
      await page.getByTestId('alert-save').click();
      await page.getByTestId(`alert-row-${created.id}`).waitFor({ timeout: 20_000 });
      expect(
        await page.getByTestId(`alert-row-${created.id}`).getByTestId('alert-sentence').innerText(),
      ).toBe('Falls 7.5% within 1 h');
      expect((await serverAlerts(suite, session)).list[0]).toMatchObject({ level: 7.5, window: '1h' });
    });
  });

  it('gives a visitor the login tip from the bell', async () => {
    await onPhone(suite, {}, async (page) => {
      await page.goto(`${suite.app.baseUrl}/#${COIN_PAGE}`);
      await page.getByTestId('alert-bell').click({ timeout: 30_000 });
      await page.getByText('You need to log in first to use this feature').waitFor({ timeout: 10_000 });
    });
  });

  describe('accessibility (axe-core)', () => {
    const SCREENS = [
      { route: COIN_PAGE, ready: 'alert-bell' },
      { route: '/pages/user/alertEdit/index?coin=bitcoin', ready: 'alert-now' },
      { route: '/pages/user/alertEdit/index?id={id}', ready: 'alert-delete' },
      { route: ALERTS, ready: 'alert-sentence' },
      { route: `${ALERTS}?tab=history`, ready: 'firings-empty' },
      { route: '/pages/tabbar/user/index', ready: 'entry-alerts' },
    ];
    for (const colorScheme of ['light', 'dark'] as const) {
      it.each(SCREENS)(`has no serious or critical violations on $route (${colorScheme})`, async (screen) => {
        const session = await signUpUser(suite.app.baseUrl);
        const client = sessionClient(suite.app.baseUrl, session);
        const alert = await client.call('appalert_msrv/alert_create', {
          coin_id: 'bitcoin',
          kind: 'price_below',
          level: 1,
          currency: 'eur',
          repeat: 'once',
        });
        await client.call('appalert_msrv/alert_create', { coin_id: 'solana', kind: 'integrity_flag' });
        await client.call('appalert_msrv/alert_update', { id: alert.id, paused: true });
        let found: string[] = [];
        await onPhone(suite, { colorScheme, session }, async (page) => {
          await page.goto(`${suite.app.baseUrl}/#${screen.route.replace('{id}', String(alert.id))}`);
          await page.getByTestId(screen.ready).first().waitFor({ timeout: 30_000 });
          found = await seriousViolations(page);
        });
        expect(found).toEqual([]);
      });
    }
  });
});

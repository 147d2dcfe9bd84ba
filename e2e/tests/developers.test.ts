import { readFileSync } from 'node:fs';

import { API_KEYS_PER_USER, type AppLanguage } from '@coinlens/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousViolations } from '../support/axe.js';
import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser, type TestSession } from '../support/session.js';

const ME_TAB = '/pages/tabbar/user/index';
const DEVELOPERS = '/pages/user/developers/index';

interface DeveloperTexts {
  developers: { title: string; keys: { revoke: string } };
}

function texts(language: AppLanguage): DeveloperTexts {
  const url = new URL(`../../apps/web/src/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as DeveloperTexts;
}

/** Runs `use` on a phone-sized page in `lang` and `colorScheme`, signed in as `session`, closing it after. */
async function onPhone(
  suite: ReturnType<typeof browserSuite>,
  options: { lang: AppLanguage; colorScheme: 'light' | 'dark'; session: TestSession },
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newPhoneContext(suite.browser, { colorScheme: options.colorScheme });
  try {
    await context.addInitScript(
      ({ lang, theme }) => {
        localStorage.setItem('coinlens_language', JSON.stringify(lang));
        localStorage.setItem('coinlens_system_theme', JSON.stringify(theme));
      },
      { lang: options.lang, theme: options.colorScheme },
    );
    await signInContext(context, options.session);
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The open API's ping, called as a CoinGecko client would with the key in its demo header. */
function ping(baseUrl: string, secret: string): Promise<number> {
  return fetch(`${baseUrl}/api/v3/ping`, { headers: { 'x-cg-demo-api-key': secret } }).then(
    (response) => response.status,
  );
}

describe.skipIf(!chromiumPath)('Open API keys in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it.each([
    { lang: 'en', colorScheme: 'light' },
    { lang: 'zh-Hans', colorScheme: 'dark' },
  ] as const)(
    'creates a key from the Me tab, calls the API with it, and revokes it ($lang, $colorScheme)',
    async ({ lang, colorScheme }) => {
      const text = texts(lang).developers;
      const session = await signUpUser(suite.app.baseUrl);
      const client = sessionClient(suite.app.baseUrl, session);
      await onPhone(suite, { lang, colorScheme, session }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${suite.app.baseUrl}/#${ME_TAB}`);
        await page.getByTestId('entry-developers').click({ timeout: 30_000 });
        await page.waitForFunction((path) => window.location.hash.startsWith(`#${path}`), DEVELOPERS);
        expect(await page.getByTestId('page-title').innerText()).toBe(text.title);

        // No key yet: the empty state invites the first, and the base URL and reference are there to copy and open.
        await page.getByTestId('api-keys-empty').waitFor({ timeout: 20_000 });
        expect(await page.getByTestId('developers-base-url').innerText()).toBe(`${suite.app.baseUrl}/api/v3`);
        expect(await page.getByTestId('developers-docs').getAttribute('href')).toBe('/api/docs');
        expect(await page.getByTestId('api-key-count').innerText()).toBe(`0 / ${API_KEYS_PER_USER}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByTestId('api-key-label-input').locator('input').fill('e2e bot');
        await page.getByTestId('api-key-create').click();
        const secret = (await page.getByTestId('api-key-secret').innerText({ timeout: 20_000 })).trim();
        expect(secret.length).toBeGreaterThan(20);
        expect(await page.getByTestId('api-key-curl').innerText()).toBe(
          `curl -H "x-cg-demo-api-key: ${secret}" ${suite.app.baseUrl}/api/v3/ping`,
        );

        const [saved] = (await client.call('appsys_msrv/api_key_list', {})).list;
        expect(saved).toMatchObject({ label: 'e2e bot', hint: secret.slice(-4) });
        const row = page.getByTestId(`api-key-row-${saved!.id}`);
        await row.waitFor({ timeout: 20_000 });
        expect(await row.getByTestId('api-key-hint').innerText()).toBe(`…${secret.slice(-4)}`);
        expect(await row.getByTestId('api-key-label').innerText()).toBe('e2e bot');
        expect(await page.getByTestId('api-keys-empty').count()).toBe(0);
        // The secret box, the row and the form together.
        expect(await seriousViolations(page)).toEqual([]);

        expect(await ping(suite.app.baseUrl, secret)).toBe(200);

        // Dismissed, the secret is gone from the screen for good.
        await page.getByTestId('api-key-secret-dismiss').click();
        await page.getByTestId('api-key-secret-box').waitFor({ state: 'detached' });
        expect(await page.content()).not.toContain(secret);

        await row.getByTestId('api-key-revoke').click();
        await page
          .locator('.adm-dialog')
          .getByRole('button', { name: text.keys.revoke, exact: true })
          .click();
        await page.getByTestId('api-keys-empty').waitFor({ timeout: 20_000 });
        expect((await client.call('appsys_msrv/api_key_list', {})).list).toEqual([]);
        await expect
          .poll(() => ping(suite.app.baseUrl, secret), { timeout: 40_000, interval: 1_000 })
          .toBe(401);
        expect(errors).toEqual([]);
      });
    },
  );
});

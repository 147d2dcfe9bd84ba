import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBuiltApp } from '../support/app-server.js';
import type { RunningApp } from '../support/app-server.js';
import { chromiumPath, collectPageErrors, launchBrowser, newPhoneContext } from '../support/browser.js';
import { readEmailCode } from '../support/outbox.js';
import { routeUrl } from '../support/routes.js';

const ME_TAB = '/pages/tabbar/user/index';

async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}

async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForFunction((expected) => window.location.hash.startsWith(`#${expected}`), path);
}

async function nicknameOnMeTab(page: Page): Promise<string> {
  const nickname = page.getByTestId('profile-nickname');
  await nickname.waitFor({ state: 'visible', timeout: 15_000 });
  return (await nickname.innerText()).trim();
}

describe.skipIf(!chromiumPath)('accounts in a phone-sized Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // No SMTP: codes go to the dev outbox, readable from loopback.
    app = await startBuiltApp({ SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('registers with an email code, logs out, logs in again and sees one current session', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'Secret123';
    const nickname = 'Lens Tester';
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      // A visitor opens the Me tab and goes to the login page, then to the register step.
      await page.goto(routeUrl(app.baseUrl, { path: ME_TAB }));
      await page.getByTestId('login-entry').click();
      await page.getByTestId('auth-step-login').waitFor();
      await page.getByText('No account? Register').click();
      await page.getByTestId('auth-step-register').waitFor();

      await fill(page, 'input-email', email);
      await fill(page, 'input-password', password);
      await fill(page, 'input-repeatPassword', password);
      await fill(page, 'input-nickname', nickname);
      await page.getByTestId('input-country').click();
      await fill(page, 'country-search', 'Singapore');
      await page.getByTestId('country-SG').click();
      await page.getByTestId('country-picker').waitFor({ state: 'detached' });
      expect((await page.getByTestId('input-country').innerText()).trim()).toBe('Singapore');
      await page.getByTestId('input-agreed').click();
      await page.getByTestId('auth-submit').click();

      // The email-code step: the code comes from the dev outbox; resending waits for the countdown.
      await page.getByTestId('auth-step-emailCode').waitFor();
      expect(await page.getByTestId('resend-code').isDisabled()).toBe(true);
      expect(await page.getByTestId('resend-code').innerText()).toMatch(/^Resend in \d+ s$/);
      const code = await readEmailCode(app.baseUrl, email);
      await fill(page, 'input-code', code);
      await page.getByTestId('auth-submit').click();

      // Signed in: the Me tab shows the nickname.
      await waitForRoute(page, ME_TAB);
      expect(await nicknameOnMeTab(page)).toBe(nickname);

      // Log out from Settings, after the confirmation.
      await page.getByTestId('entry-settings').click();
      await page.getByTestId('logout').click();
      await page.getByText('Are you sure to log out?').waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await waitForRoute(page, ME_TAB);
      await page.getByTestId('login-entry').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('coinlens_user'))).toBeNull();

      // Log in again with the password.
      await page.getByTestId('login-entry').click();
      await page.getByTestId('auth-step-login').waitFor();
      await fill(page, 'input-email', email);
      await fill(page, 'input-password', password);
      await page.getByTestId('auth-submit').click();
      await waitForRoute(page, ME_TAB);
      expect(await nicknameOnMeTab(page)).toBe(nickname);

      // Account security: the logged-out session is gone; the one left is this device.
      await page.getByTestId('entry-security').click();
      await page.getByTestId('security-email').waitFor();
      const sessions = page.getByTestId('session-item');
      expect(await sessions.count()).toBe(1);
      expect(await sessions.first().getByTestId('session-current').innerText()).toBe('This device');
      expect(await page.getByTestId('sign-out-others').isDisabled()).toBe(true);

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';

describe.skipIf(!chromiumPath)('app-level behaviours in a phone-sized Chromium', () => {
  const suite = browserSuite();

  it('offers the copied share of another user once, clears the clipboard and opens it on confirm', async () => {
    const context = await newPhoneContext(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.baseUrl });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/user/index`);
    await page.getByTestId('page-user').waitFor();
    const shared = `Satoshi shared "Bitcoin" with you: ${suite.app.baseUrl}/#/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC FXH_999 — Coinlens`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), shared);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByText('Open the copied link?').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('');
    // A second look while the dialog is open shows no second dialog.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await page.getByText('Open the copied link?').count()).toBe(1);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('page-currencyIntro').waitFor();
    expect(page.url()).toContain('coin_id=bitcoin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays quiet when the browser refuses clipboard access, and ignores text that is not a share', async () => {
    const context = await newPhoneContext(suite.browser);
    await context.grantPermissions(['clipboard-write'], { origin: suite.app.baseUrl });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/user/index`);
    await page.getByTestId('page-user').waitFor();
    await page.evaluate(() => navigator.clipboard.writeText('just some text FXH_1'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(500);
    expect(await page.getByText('Open the copied link?').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the version, checks for updates, and offers the app download with a QR code of the website', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/system/aboutUs/index`);
    expect(await page.getByTestId('about-version').textContent()).toContain('V1.0.8');
    const qr = page.getByTestId('about-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toBe(suite.app.baseUrl);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
    await page.getByTestId('about-check-update').click();
    await page.getByText('You have the latest version').waitFor();
    await page.getByTestId('about-install').click();
    await page.getByText(/Add to Home screen/).waitFor();
    await context.close();
  });

  it('opens the user agreement and the privacy policy in the embedded web view while registering', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/system/loginRegister/index`);
    for (const [link, title] of [
      ['User Agreement', 'Coinlens User Agreement'],
      ['Privacy Policy', 'Coinlens Privacy Policy'],
    ] as const) {
      await page.getByRole('button', { name: 'No account? Register' }).click();
      await page.getByRole('button', { name: link }).click();
      await page.getByTestId('webview-frame').waitFor();
      // The document is framed by the app's own origin; `frame-ancestors 'none'` would leave the frame empty.
      await page
        .frameLocator('[data-testid="webview-frame"]')
        .getByRole('heading', { name: title })
        .waitFor();
      await page.goBack();
      await page.getByTestId('page-loginRegister').waitFor();
    }
    await context.close();
  });

  it('is installable: a manifest with icons and the web+coinlens protocol', async () => {
    const response = await fetch(`${suite.app.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      icons: { src: string; sizes: string }[];
      protocol_handlers: { protocol: string; url: string }[];
    };
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.protocol_handlers).toEqual([{ protocol: 'web+coinlens', url: './#/link?u=%s' }]);
    for (const icon of manifest.icons)
      expect((await fetch(`${suite.app.baseUrl}/${icon.src}`)).status).toBe(200);
  });

  it('opens a web+coinlens link through the in-app link route', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const link = encodeURIComponent('web+coinlens:coin?id=ethereum&symbol=ETH');
    await page.goto(`${suite.app.baseUrl}/#/link?u=${link}`);
    await page.getByTestId('page-currencyIntro').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain('coin_id=ethereum');
    await context.close();
  });

  it('registers the service worker and routes a tapped push by its type', async () => {
    const context = await newPhoneContext(suite.browser);
    const page = await context.newPage();
    const push = encodeURIComponent(JSON.stringify({ type: 'coin', coinId: 'bitcoin', symbol: 'BTC' }));
    await page.goto(`${suite.app.baseUrl}/?push=${push}#/pages/tabbar/market/index`);
    await page.getByTestId('page-currencyIntro').waitFor({ timeout: 20_000 });
    expect(page.url()).toContain('coin_id=bitcoin');
    expect(page.url()).not.toContain('push=');
    await expect
      .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
      .toBe(true);
    const sw = await fetch(`${suite.app.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(await sw.text()).toContain('notificationclick');
    await context.close();
  });
});

import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded build); CHROME_PATH overrides. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export const chromiumPath = findChromium();

if (!chromiumPath && process.env.CI === 'true') {
  throw new Error('CI=true requires Chromium for the browser tests: apt-get install -y chromium');
}

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PhoneOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
}

/** A phone-sized context (390×844, touch, 3× pixels) like a current mid-size handset. */
export function newPhoneContext(browser: Browser, options: PhoneOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
}

/** Collects console errors and uncaught page errors so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { startBuiltApp, type RunningApp } from './app-server.js';
import { launchBrowser } from './browser.js';

export interface BrowserSuite {
  readonly app: RunningApp;
  readonly browser: Browser;
}

/** The built app on a fresh data folder and one Chromium, started before a file's tests and stopped after. */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startBuiltApp(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
  };
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { startBuiltApp, type RunningApp } from './app-server.js';
import { launchBrowser } from './browser.js';
import { sharedApp } from './shared-app.js';

export interface BrowserSuite {
  readonly app: RunningApp;
  readonly browser: Browser;
}

/**
 * The built app and one Chromium for a file's tests. A file that needs settings of its own (`env`) gets its own
 * app on a fresh data folder, started before its tests and stopped after; any other file uses the run's shared app.
 */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = Object.keys(env).length === 0 ? sharedApp() : await startBuiltApp(env);
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

import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

import { startBuiltApp, type RunningApp } from './app-server.js';
import { findChromium } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedAppUrl: string;
  }
}

/**
 * The one built app the files share when they need no settings of their own: a server start (data folder,
 * history backfill, first score) is the slowest part of a browser file, and most files only need the default
 * app. Every caller of the run reaches it from 127.0.0.1, so the limits per address are those of a proxy in
 * front of many users (TRUST_PROXY: a test that needs callers of its own names them with X-Forwarded-For, as
 * the sign-up helper does) and the rate, cost and live budgets per address are raised; the limits themselves are the server suite's subject.
 */
export const SHARED_APP_ENV: Readonly<Record<string, string>> = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
  COST_BUDGET_MS_PER_SECOND: '1000',
  COST_BUDGET_CONCURRENT_CALLS: '100',
  LIVE_CONNECTIONS_PER_ADDRESS: '20000',
  LIVE_COINS_PER_ADDRESS: '10000000',
  LIVE_BYTES_PER_SECOND_PER_ADDRESS: '1073741824',
};

/** Vitest's global setup: starts the shared app before the first file and stops it after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Chromium every browser file is skipped (CI requires it), and nothing needs the app.
  if (findChromium() === null) return () => Promise.resolve();
  const app = await startBuiltApp(SHARED_APP_ENV);
  project.provide('sharedAppUrl', app.baseUrl);
  return () => app.stop();
}

/** The shared app, seen from a test file: stopping it is the global setup's job, not the file's. */
export function sharedApp(): RunningApp {
  const baseUrl = inject('sharedAppUrl');
  return {
    baseUrl,
    output: () => '(the shared app runs in the test runner; its output is not kept per file)',
    stop: () => Promise.resolve(),
  };
}

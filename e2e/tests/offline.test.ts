import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const webDistDir = path.resolve(repositoryRoot, process.env.WEB_DIST_DIR || 'apps/web/dist');

const FIVE_MINUTES_MS = 5 * 60_000;

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // The first install downloads the whole shell: slow on a busy machine.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 90_000,
  });
}

/** Makes the kept copy five minutes old, so the banner's age is the stored time, not the page's. */
/** `key`: the kept copy's storage key (`coinlens_offline_<name>`, `coinlens_account_offline_<name>` for a user's own). */
async function ageSnapshot(page: Page, key: string): Promise<void> {
  await page.waitForFunction((storageKey) => localStorage.getItem(storageKey) !== null, key);
  await page.evaluate(
    ({ storageKey, ageMs }) => {
      const kept = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as { savedAt: number };
      localStorage.setItem(storageKey, JSON.stringify({ ...kept, savedAt: Date.now() - ageMs }));
    },
    { storageKey: key, ageMs: FIVE_MINUTES_MS },
  );
}

async function goOfflineAndReload(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

const BANNER = {
  en: { locale: 'en-US', text: 'Offline — data from 5 min ago' },
  vi: { locale: 'vi-VN', text: 'Ngoại tuyến — dữ liệu từ 5 phút trước' },
  'zh-Hans': { locale: 'zh-CN', text: '离线 · 显示5分钟前的数据' },
} as const;

/**
 * The served build, in a folder of its own: a release replaces its sw.js as `vite build` would write it
 * (the server reads static files on each request, so the next update check finds it).
 */
const servedBuild = mkdtempSync(path.join(tmpdir(), 'coinlens-web-offline-'));
cpSync(webDistDir, servedBuild, { recursive: true });
for (const suffix of ['.br', '.gz']) rmSync(path.join(servedBuild, `sw.js${suffix}`), { force: true });
const firstServiceWorker = readFileSync(path.join(servedBuild, 'sw.js'), 'utf8');
afterAll(() => {
  rmSync(servedBuild, { recursive: true, force: true });
});

/**
 * Serves the service worker of the next release: index.html changed, so its precache list names a new
 * revision of it. `extraShellFile` adds an entry the server does not have, so installing that one fails.
 */
function release(label: string, extraShellFile?: string): void {
  const indexEntry = /\{"revision":"[0-9a-f]+","url":"index\.html"\}/;
  if (!indexEntry.test(firstServiceWorker)) throw new Error('sw.js has no precache entry for index.html');
  const extra = extraShellFile ? `,{"revision":"${label}","url":"${extraShellFile}"}` : '';
  writeFileSync(
    path.join(servedBuild, 'sw.js'),
    firstServiceWorker.replace(indexEntry, `{"revision":"${label}","url":"index.html"}${extra}`),
  );
}

/**
 * Per shell file: long enough that the worker's first progress report (after a batch of files) comes well after
 * the "found" stage has been drawn, even on a busy machine; 30 ms once let both land in one render.
 */
const SHELL_FILE_DELAY_MS = 300;
/**
 * How long the slowed download of a whole release may take: the service worker fetches every file of the shell
 * (190 on 2026-11-30, a few at a time), each held 300 ms — about 25 s alone, and CI's loaded machine once took
 * past 30 s. A bound, not a pace: the test goes on as soon as the download is done.
 */
const SLOW_DOWNLOAD_MS = 90_000;

/** Slows the shell's files down (the service worker's downloads too), so each download stage can be seen. */
async function slowShellFiles(context: BrowserContext, delayMs: number): Promise<void> {
  await context.route('**/assets/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/** Each page's console warnings and errors, from `recordUpdateStages` on. */
const warningsOf = new WeakMap<Page, string[]>();

/** Records every stage the update overlay shows (across reloads), in order, without repeats. */
async function recordUpdateStages(page: Page): Promise<string[]> {
  const stages: string[] = [];
  const warnings: string[] = [];
  warningsOf.set(page, warnings);
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.exposeBinding('reportUpdateStage', (_source, stage: string) => {
    if (stages[stages.length - 1] !== stage) stages.push(stage);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { reportUpdateStage: (stage: string) => void }).reportUpdateStage;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="app-update"]')?.getAttribute('data-stage');
      if (stage) report(stage);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-stage'],
    });
  });
  return stages;
}

/** The page's service workers, the overlay's stages and the console's warnings, for a wait that timed out. */
async function updateWaitFailure(page: Page, stages: readonly string[]): Promise<string> {
  const workers = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      controller: navigator.serviceWorker.controller?.state ?? null,
      installing: registration?.installing?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      active: registration?.active?.state ?? null,
    };
  });
  const warnings = warningsOf.get(page) ?? [];
  return `stages ${JSON.stringify(stages)}, workers ${JSON.stringify(workers)}, warnings ${JSON.stringify(warnings)}`;
}

/** Waits for the overlay's `testId`; on a timeout, says what the overlay and the service workers had reached. */
async function waitForUpdateStage(page: Page, testId: string, stages: readonly string[]): Promise<void> {
  try {
    await page.getByTestId(testId).waitFor({ timeout: SLOW_DOWNLOAD_MS });
  } catch (error) {
    throw new Error(`${testId} never showed: ${await updateWaitFailure(page, stages)}`, { cause: error });
  }
}

describe.skipIf(!chromiumPath)('offline start and the version update, in a phone-sized Chromium', () => {
  const suite = browserSuite({ WEB_DIST_DIR: servedBuild });

  for (const [language, banner] of Object.entries(BANNER)) {
    it(`starts offline from the service worker with the last market list and its age (${language})`, async () => {
      const context = await newPhoneContext(suite.browser, { locale: banner.locale });
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index`);
      await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 30_000 });
      await waitForServiceWorkerControl(page);
      await ageSnapshot(page, 'coinlens_offline_coin_list');
      await goOfflineAndReload(context, page);
      const shown = page.getByTestId('offline-banner');
      await shown.waitFor({ timeout: 30_000 });
      expect(await shown.textContent()).toBe(banner.text);
      await page.getByTestId('coin-row-bitcoin').waitFor();
      expect(await page.locator('[data-testid^="coin-row-"]').count()).toBeGreaterThan(5);
      expect(await page.getByTestId('coins-coins-query-error').count()).toBe(0);
      // The market's global figures are kept too: shown with their own time, not a blank strip.
      await page.getByTestId('market-breadth').waitFor();
      expect(await page.getByTestId('global-stats').innerText()).toMatch(/\d/);
      await context.close();
    }, 180_000);
  }

  it('starts offline with the signed-in user’s watch list and its age', async () => {
    const session = await signUpUser(suite.app.baseUrl);
    await sessionClient(suite.app.baseUrl, session).call('appmarket_msrv/watch_coins_add', {
      coin_ids: ['ethereum', 'solana'],
    });
    const context = await newPhoneContext(suite.browser);
    await signInContext(context, session);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index?tab=favourites`);
    await page.getByTestId('favourites-list').getByTestId('coin-row-solana').waitFor({ timeout: 30_000 });
    await waitForServiceWorkerControl(page);
    await ageSnapshot(page, 'coinlens_account_offline_watch_coins');
    await goOfflineAndReload(context, page);
    const list = page.getByTestId('favourites-list');
    await list.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
    expect(await list.getByTestId('offline-banner').textContent()).toBe(BANNER.en.text);
    expect(
      await list
        .locator('[data-testid^="coin-row-"]')
        .evaluateAll((rows) => rows.map((row) => row.dataset.testid)),
    ).toEqual(['coin-row-ethereum', 'coin-row-solana']);
    await context.close();
  }, 180_000);

  describe('a new release', () => {
    it('walks the update overlay through the service worker lifecycle and restarts on the new version', async () => {
      release('first');
      const context = await newPhoneContext(suite.browser);
      const page = await context.newPage();
      const stages = await recordUpdateStages(page);
      await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index`);
      await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 30_000 });
      await waitForServiceWorkerControl(page);
      const firstShell = await page.evaluate(() => caches.keys());
      expect(firstShell).toHaveLength(1);
      expect(stages).toEqual([]);

      release('second');
      await slowShellFiles(context, SHELL_FILE_DELAY_MS);
      // The app looks for a new version when it is shown again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await waitForUpdateStage(page, 'app-update-accept', stages);
      expect(await page.getByTestId('app-update-stage').textContent()).toBe('Download complete');
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await page.getByTestId('app-update-accept').click();
      await page.waitForFunction(
        () => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate,
        undefined,
        { timeout: 30_000 },
      );
      await page.getByTestId('coin-row-bitcoin').waitFor({ timeout: 30_000 });

      expect(stages).toEqual(['found', 'downloading', 'downloaded', 'installing', 'installed']);
      await waitForServiceWorkerControl(page);
      const secondShell = await page.evaluate(() => caches.keys());
      expect(secondShell).toHaveLength(1);
      expect(secondShell).not.toEqual(firstShell);
      expect(await page.getByTestId('app-update').count()).toBe(0);
      await context.close();
    }, 240_000);

    it('shows a failed update with a retry that downloads it again', async () => {
      release('third');
      const context = await newPhoneContext(suite.browser);
      const page = await context.newPage();
      const stages = await recordUpdateStages(page);
      await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/market/index`);
      await waitForServiceWorkerControl(page);

      // The next release lists a file its server does not have: installing it fails.
      release('broken', 'assets/missing-file.js');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      // The broken release's install fails at its first batch of shell files (in ms, alone); CI once waited 90 s
      // for this beside the other suites (stop 48), so a timeout says what the overlay and the workers reached.
      await waitForUpdateStage(page, 'app-update-retry', stages);
      expect(await page.getByTestId('app-update-stage').textContent()).toBe(
        'The update failed. Download it again?',
      );

      release('fourth');
      await slowShellFiles(context, SHELL_FILE_DELAY_MS);
      // The app checks again whenever version_check answers: on a slow machine it may find the broken release
      // and fail once more before the click, which is right. Until the click, the broken release only fails.
      const beforeRetry = stages.length;
      expect(stages.slice(stages.indexOf('failed'))).toEqual(
        Array.from({ length: beforeRetry - stages.indexOf('failed') }, (_, index) =>
          index % 2 === 0 ? 'failed' : 'found',
        ),
      );
      expect(stages.at(-1)).toBe('failed');
      await page.getByTestId('app-update-retry').click();
      await waitForUpdateStage(page, 'app-update-accept', stages);
      expect(stages.slice(beforeRetry - 1)).toEqual(['failed', 'found', 'downloading', 'downloaded']);
      await context.close();
    }, 240_000);
  });
});

import { GatewayError } from '@coinlens/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserSuite } from '../support/browser-suite.js';
import { chromiumPath, collectPageErrors, newPhoneContext } from '../support/browser.js';
import { eventually, visitorClient } from '../support/gateway.js';
import { sessionClient, signInContext, signUpUser, type TestSession } from '../support/session.js';

// Every payload calls __xss(n) (or alert) if it ever runs; the page records the calls.
const NICKNAME_PAYLOAD_UI = '"><svg onload=__xss>'; // 20 characters: the nickname limit
const NICKNAME_PAYLOAD_API = '<img src=x onerror=a>';
/** The most hostile nickname the rules allow: quote, dot, dash, middle dot and words a filter might fear. */
const SAFE_HOSTILE_NICKNAME = "x'.onerror·alert-1";
const BIO_PAYLOAD =
  '"><svg onload=__xss(1)><img src=x onerror=__xss(2)><script>__xss(3)</script>' +
  '<a href="javascript:__xss(4)">j</a>{{constructor.constructor(\'__xss(5)\')()}}';
const COMMENT_PAYLOAD =
  '<img src=x onerror=__xss(6)><script>__xss(7)</script>"><svg onload=__xss(8)>' +
  '<a href="javascript:__xss(9)">link</a><iframe src="javascript:alert(10)"></iframe>' +
  '<div style="background:url(javascript:__xss(11))">x</div>\';alert(12);//';

interface Watch {
  errors: string[];
  dialogs: string[];
}

/** Defines the payloads' target before any app script runs, and records dialogs and console errors. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; watch: Watch }> {
  const page = await context.newPage();
  const watch: Watch = { errors: collectPageErrors(page), dialogs: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, watch };
}

/** Elements or attributes that only parsed payload markup could have put into the document. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        'body [onload], body [onerror], body [onclick], body script, img[src="x"], a[href^="javascript:"], iframe[src^="javascript:"]',
      ),
      (element) => element.outerHTML.slice(0, 80),
    ),
  );
}

async function xssCalls(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __xssCalls: number[] }).__xssCalls);
}

async function expectNothingRan(page: Page, watch: Watch): Promise<void> {
  // Give late handlers (image errors, lazy frames) the chance to fire before judging.
  await page.waitForTimeout(500);
  expect(await xssCalls(page)).toEqual([]);
  expect(await injectedMarkup(page)).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.errors).toEqual([]);
}

describe.skipIf(!chromiumPath)('hostile nicknames, bios and comments execute nothing', () => {
  const suite = browserSuite();
  let session: TestSession;
  let context: BrowserContext;
  let article: { id: number; title: string };

  beforeAll(async () => {
    session = await signUpUser(suite.app.baseUrl);
    context = await newPhoneContext(suite.browser);
    await context.addInitScript(() => {
      const calls: number[] = [];
      Object.assign(window, { __xssCalls: calls, __xss: (n = 0) => calls.push(n) });
    });
    await signInContext(context, session);
    const client = visitorClient(suite.app.baseUrl);
    article = await eventually(async () => {
      const news = await client.call('appcontent_msrv/news_list', { page: 1, page_size: 5 });
      return news.list[0] ? { id: news.list[0].id, title: news.list[0].title } : undefined;
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the detectors see markup and calls when a payload does run (control)', async () => {
    const { page } = await watchedPage(context);
    await page.goto(`${suite.app.baseUrl}/#/pages/system/aboutUs/index`);
    await page.getByTestId('page-aboutUs').waitFor({ timeout: 20_000 });
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="__xss(99)">');
      (window as unknown as { __xss: (n: number) => void }).__xss(98);
    });
    expect(await injectedMarkup(page)).toHaveLength(1);
    expect(await xssCalls(page)).toEqual([98]);
    await page.close();
  });

  it('refuses markup in a nickname, in the form and at the server', async () => {
    const { page, watch } = await watchedPage(context);
    await page.goto(`${suite.app.baseUrl}/#/pages/system/YourInfo/index`);
    const nickname = page.getByTestId('input-nickname').locator('input');
    await nickname.waitFor({ timeout: 20_000 });
    await nickname.fill(NICKNAME_PAYLOAD_UI);
    await page.getByTestId('profile-save').click();
    await page.getByText("Nickname may use letters, digits, emoji, spaces and _ - . ' only").waitFor();
    await expectNothingRan(page, watch);

    const refused = await sessionClient(suite.app.baseUrl, session)
      .call('user_msrv/update_user_info', { nickname: NICKNAME_PAYLOAD_API })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(GatewayError);
    const profile = await sessionClient(suite.app.baseUrl, session).call('user_msrv/user_info', {});
    expect(profile.nickname).toBe(session.user.authorInfo.nickname);
    await page.close();
  });

  it('keeps a hostile bio and the most hostile allowed nickname as literal text on every screen', async () => {
    const { page, watch } = await watchedPage(context);
    await page.goto(`${suite.app.baseUrl}/#/pages/system/YourInfo/index`);
    const nickname = page.getByTestId('input-nickname').locator('input');
    const bio = page.getByRole('textbox', { name: 'Tell others about yourself' });
    await nickname.waitFor({ timeout: 20_000 });
    await nickname.fill(SAFE_HOSTILE_NICKNAME);
    await bio.fill(BIO_PAYLOAD);
    await page.getByTestId('profile-save').click();
    await expect
      .poll(async () => (await sessionClient(suite.app.baseUrl, session).call('user_msrv/user_info', {})).bio)
      .toBe(BIO_PAYLOAD);
    await expectNothingRan(page, watch);

    // Your info, loaded afresh from the server.
    await page.reload();
    await bio.waitFor({ timeout: 20_000 });
    await expect.poll(() => bio.inputValue()).toBe(BIO_PAYLOAD);
    expect(await nickname.inputValue()).toBe(SAFE_HOSTILE_NICKNAME);
    await expectNothingRan(page, watch);

    // The Me tab.
    await page.goto(`${suite.app.baseUrl}/#/pages/tabbar/user/index`);
    const shown = page.getByTestId('profile-nickname');
    await shown.waitFor({ timeout: 20_000 });
    await expect.poll(() => shown.innerText()).toBe(SAFE_HOSTILE_NICKNAME);
    await expectNothingRan(page, watch);
    await page.close();
  });

  it('shows a hostile comment and its author literally under a news article', async () => {
    await sessionClient(suite.app.baseUrl, session).call('user_msrv/update_user_info', {
      nickname: SAFE_HOSTILE_NICKNAME,
    });
    const { page, watch } = await watchedPage(context);
    await page.goto(
      `${suite.app.baseUrl}/#/pages/content/newsDetail/index?information_id=${article.id}&type=news`,
    );
    await page.getByTestId('article-title').waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Write a comment' }).fill(COMMENT_PAYLOAD);
    await page.getByTestId('comment-submit').click();
    const comment = page.getByTestId('comment').filter({ hasText: 'link</a>' });
    await comment.waitFor({ timeout: 20_000 });
    expect(await comment.locator('.cl-comment-text').innerText()).toBe(COMMENT_PAYLOAD);
    await expectNothingRan(page, watch);

    // Read back from the server's list on a fresh load.
    await page.reload();
    const reloaded = page.getByTestId('comment').filter({ hasText: 'link</a>' });
    await reloaded.waitFor({ timeout: 20_000 });
    expect(await reloaded.locator('.cl-comment-text').innerText()).toBe(COMMENT_PAYLOAD);
    expect(await reloaded.locator('.cl-comment-author').innerText()).toBe(SAFE_HOSTILE_NICKNAME);
    await expectNothingRan(page, watch);
    await page.close();
  });
});

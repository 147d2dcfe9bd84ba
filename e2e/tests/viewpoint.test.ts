import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBuiltApp, type RunningApp } from '../support/app-server.js';
import { chromiumPath, collectPageErrors, launchBrowser, newPhoneContext } from '../support/browser.js';
import { sessionClient, signInContext, signUpUser } from '../support/session.js';

/** A feed with script, event-handler and javascript: payloads in every field a reader sees. */
const HOSTILE_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile Wire</title><link>http://hostile.test/</link>
<item><title>Bitcoin &lt;img src=x onerror=alert(1)&gt; rallies</title><link>http://hostile.test/a</link><guid>h1</guid>
<pubDate>${new Date(Date.now() - 60_000).toUTCString()}</pubDate>
<description><![CDATA[<p onclick="alert(2)">Bitcoin up</p><script>alert(3)</script><img src="x" onerror="alert(4)"><a href="javascript:alert(5)">click</a><svg onload="alert(6)"></svg><iframe src="javascript:alert(7)"></iframe>]]></description></item>
</channel></rss>`;

describe.skipIf(!chromiumPath)(
  'the Viewpoint tab, articles, messages and ads in a phone-sized Chromium',
  () => {
    let feed: Server;
    let app: RunningApp;
    let browser: Awaited<ReturnType<typeof launchBrowser>>;

    beforeAll(async () => {
      feed = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(HOSTILE_FEED);
      });
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
      const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
      // The feed stands in on loopback, which the server refuses to fetch unless told it is a test.
      app = await startBuiltApp({ NEWS_FEEDS: feedUrl, FEEDS_ALLOW_PRIVATE_ADDRESSES: 'true' });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
      await new Promise((resolve) => feed.close(resolve));
    });

    it('reads flashes by day and votes once, after logging in', async () => {
      const session = await signUpUser(app.baseUrl);
      const context = await newPhoneContext(browser);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.baseUrl}/#/pages/tabbar/viewpoint/index`);
      const timeline = page.getByTestId('flash-timeline');
      await timeline.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('date-header').count()).toBeGreaterThan(0);
      // A visitor is asked to log in first.
      await page.getByTestId('flash').first().getByTestId('vote-bullish').click();
      await page.getByText('You need to log in first to use this feature').waitFor();
      await context.close();

      const signedIn = await newPhoneContext(browser);
      await signInContext(signedIn, session);
      const reader = await signedIn.newPage();
      await reader.goto(`${app.baseUrl}/#/pages/tabbar/viewpoint/index`);
      const first = reader.getByTestId('flash').first();
      await first.waitFor({ timeout: 30_000 });
      const bullish = first.getByTestId('vote-bullish');
      const before = Number(await bullish.locator('.cl-vote-count').textContent());
      await bullish.click();
      await expect.poll(() => bullish.getAttribute('aria-pressed')).toBe('true');
      expect(Number(await bullish.locator('.cl-vote-count').textContent())).toBe(before + 1);
      await first.getByTestId('vote-bearish').click();
      await reader.getByText('You have already voted on this flash').waitFor();
      expect(errors).toEqual([]);
      await signedIn.close();
    });

    it('opens a labelled sample article and takes a comment, never an empty one', async () => {
      const session = await signUpUser(app.baseUrl);
      const context = await newPhoneContext(browser);
      await signInContext(context, session);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.baseUrl}/#/pages/tabbar/viewpoint/index`);
      await page.getByRole('tab', { name: 'News' }).click();
      const sample = page
        .getByTestId('news-row')
        .filter({ has: page.getByTestId('sample-tag') })
        .first();
      await sample.waitFor({ timeout: 20_000 });
      await sample.click();
      await page.getByTestId('article-body').waitFor();
      expect((await page.getByTestId('article-title').textContent())?.length).toBeGreaterThan(10);
      await page.getByTestId('comment-submit').click();
      await page.getByText('Comments cannot be empty').first().waitFor();
      await page.getByRole('textbox', { name: 'Write a comment' }).fill('Clear and useful, thanks');
      await page.getByTestId('comment-submit').click();
      await page.getByTestId('comment').filter({ hasText: 'Clear and useful, thanks' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('renders a hostile feed item without running any of its script', async () => {
      const context = await newPhoneContext(browser);
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${app.baseUrl}/#/pages/tabbar/viewpoint/index`);
      await page.getByRole('tab', { name: 'News' }).click();
      const row = page.getByTestId('news-row').filter({ hasText: 'Hostile Wire' }).first();
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      const body = page.getByTestId('article-body');
      await body.waitFor();
      expect(await body.textContent()).toContain('Bitcoin up');
      const html = await body.innerHTML();
      expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg/i);
      await page.waitForTimeout(500);
      expect(dialogs).toEqual([]);
      await context.close();
    });

    it('shows new messages on the Me tab and counts them down as they are read', async () => {
      const session = await signUpUser(app.baseUrl);
      const client = sessionClient(app.baseUrl, session);
      await client.call('user_msrv/update_password', {
        original_password: 'Coinlens-e2e-1',
        password: 'Coinlens-e2e-2',
        repeat_password: 'Coinlens-e2e-2',
      });
      const context = await newPhoneContext(browser);
      await signInContext(context, session);
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/#/pages/tabbar/user/index`);
      const badge = page.getByTestId('unread-badge');
      await badge.waitFor({ timeout: 20_000 });
      expect(await badge.textContent()).toBe('1');
      await page.getByTestId('entry-messages').click();
      const row = page.getByTestId('message-row').first();
      await row.waitFor();
      expect(await row.getAttribute('data-read')).toBe('false');
      await row.click();
      await page.getByTestId('message-content').waitFor();
      await page.goBack();
      await expect.poll(() => page.getByTestId('message-row').first().getAttribute('data-read')).toBe('true');
      await page.goto(`${app.baseUrl}/#/pages/tabbar/user/index`);
      await page.getByTestId('entry-messages').waitFor();
      expect(await page.getByTestId('unread-badge').count()).toBe(0);
      await context.close();
    });

    it('closes an ad for the session; a reload brings it back', async () => {
      const context = await newPhoneContext(browser);
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/#/pages/tabbar/market/index`);
      const ad = page.getByTestId('ad-ad_market');
      await ad.waitFor({ timeout: 20_000 });
      expect(await ad.textContent()).toContain('Sponsored');
      await page.getByTestId('ad-close-ad_market').click();
      await expect.poll(() => ad.count()).toBe(0);
      await page.getByTestId('tab-platform').click();
      await page.getByTestId('ad-ad_platform').waitFor();
      await page.getByTestId('tab-market').click();
      await page.getByTestId('page-market').waitFor();
      expect(await page.getByTestId('ad-ad_market').count()).toBe(0);
      await page.reload();
      await page.getByTestId('ad-ad_market').waitFor({ timeout: 20_000 });
      await context.close();
    });
  },
);

import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Real captures beside the repository (../shared/external/realdata/rss, see its PROVENANCE.md).
const REAL_FOLDER = fileURLToPath(new URL('../../../../shared/external/realdata/rss/', import.meta.url));
const REAL_FEED = `${REAL_FOLDER}cointelegraph_rss_2026-09-30.xml`;
/** Just after the capture was taken: its items are news, not history. */
const CAPTURE_TIME = Date.UTC(2026, 8, 30, 18, 0);

const HOSTILE_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile Wire</title><link>http://hostile.test/</link>
<item><title>Bitcoin rallies &lt;script&gt;alert(1)&lt;/script&gt;</title><link>http://hostile.test/a?utm_source=x</link>
<guid>hostile-1</guid><pubDate>Wed, 30 Sep 2026 16:00:00 +0000</pubDate>
<description><![CDATA[<p onclick="steal()">Bitcoin up</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a><a href=" JaVaScRiPt:alert(2)">two</a><iframe src="http://evil.test"></iframe><svg onload="alert(3)"></svg>]]></description></item>
<item><title>Bitcoin rallies &lt;script&gt;alert(1)&lt;/script&gt;</title><link>http://hostile.test/a</link>
<guid>hostile-1-copy</guid><pubDate>Wed, 30 Sep 2026 16:05:00 +0000</pubDate><description>same story again</description></item>
</channel></rss>`;

function serve(
  routes: Record<string, () => { status: number; body: string; headers?: Record<string, string> }>,
) {
  const hits: Record<string, number> = {};
  const server: Server = createServer((request, response) => {
    const route = routes[request.url ?? ''];
    hits[request.url ?? ''] = (hits[request.url ?? ''] ?? 0) + 1;
    if (!route) return void response.writeHead(404).end();
    const answer = route();
    response.writeHead(answer.status, {
      'content-type': 'application/rss+xml; charset=utf-8',
      ...answer.headers,
    });
    response.end(answer.body);
  });
  return { server, hits };
}

describe('news feeds through the running server', () => {
  let feeds: ReturnType<typeof serve>;
  let server: TestServer;
  let base: string;
  const realAvailable = existsSync(REAL_FEED);

  beforeAll(async () => {
    feeds = serve({
      '/hostile.xml': () => ({ status: 200, body: HOSTILE_FEED, headers: { etag: '"v1"' } }),
      '/real.xml': () => ({
        status: 200,
        body: realAvailable ? readFileSync(REAL_FEED, 'utf8') : HOSTILE_FEED,
      }),
      '/broken.xml': () => ({ status: 200, body: '<rss><channel><item><title>oops' }),
    });
    await new Promise<void>((resolve) => feeds.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(feeds.server.address() as AddressInfo).port}`;
    server = await startTestServer(
      { NEWS_FEEDS: `${base}/hostile.xml,${base}/real.xml,${base}/broken.xml` },
      { now: () => CAPTURE_TIME },
    );
    await server.built.services.content.jobs.pollFeeds();
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => feeds.server.close(resolve));
  });

  it('stores feed items as news, sanitised, tagged to coins and without duplicates', async () => {
    const list = await callAs(server, 'appcontent_msrv/news_list', { page_size: 100 });
    const hostile = list.data.list.filter((item) => item.source.name === 'Hostile Wire');
    expect(hostile).toHaveLength(1);
    expect(hostile[0]?.title).toBe('Bitcoin rallies');
    expect(hostile[0]?.title).not.toMatch(/<script/i);
    expect(hostile[0]?.coins.map((coin) => coin.id)).toContain('bitcoin');
    expect(hostile[0]?.source.url).toBe('http://hostile.test/a');
    const detail = await callAs(server, 'appcontent_msrv/news_detail', {
      information_id: hostile[0]!.id,
      type: 'news',
    });
    const html = detail.data.content_html;
    expect(html).toContain('Bitcoin up');
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg/i);
  });

  it('ingests the real Cointelegraph capture', async ({ skip }) => {
    if (!realAvailable) skip();
    const list = await callAs(server, 'appcontent_msrv/news_list', { page_size: 100 });
    const real = list.data.list.filter((item) => item.source.name !== 'Hostile Wire' && !item.source.sample);
    expect(real.length).toBeGreaterThanOrEqual(20);
    for (const item of real) {
      expect(item.title.length).toBeGreaterThan(5);
      expect(item.source.url).toMatch(/^https:\/\/cointelegraph\.com\//);
      expect(item.time).toBeLessThanOrEqual(CAPTURE_TIME);
    }
    expect(real.some((item) => item.image_url?.startsWith('https://'))).toBe(true);
    const search = await callAs(server, 'appsearch_msrv/search', { keyword: 'bitcoin', type: 'news' });
    expect(search.data.news.total).toBeGreaterThan(1);
  });

  it('asks again with the validators, keeps a broken feed on back-off and loses nothing', async () => {
    const before = (await callAs(server, 'appcontent_msrv/news_list', { page_size: 100 })).data.total;
    const sources = await server.built.database.db.selectFrom('followed_sources').selectAll().execute();
    const broken = sources.find((source) => source.url.endsWith('/broken.xml'));
    expect(broken?.failures).toBe(1);
    expect(broken?.next_poll_at).toBeGreaterThan(CAPTURE_TIME);
    expect(sources.find((source) => source.url.endsWith('/hostile.xml'))?.etag).toBe('"v1"');
    await server.built.services.content.jobs.pollFeeds();
    expect((await callAs(server, 'appcontent_msrv/news_list', { page_size: 100 })).data.total).toBe(before);
  });
});

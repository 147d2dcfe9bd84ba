import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from '../support/accounts.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { startTestServer } from '../support/test-server.js';
import type { TestServer } from '../support/test-server.js';
import { describeFault, expectAnswerWithin, faultsBeyond, timed } from './outage-calls.js';

const FETCH_TIMEOUT_MS = 500;
const POLL_MS = 10_000;
/** One feed, one fetch bounded by 0.5 s, then a few database writes: 5 s for a loaded 2-core machine. */
const POLL_BOUND_MS = 5_000;
/** News answers from the database, never from the feed. */
const ANSWER_BOUND_MS = 5_000;
const DAY_MS = 86_400_000;

function feedXml(items: readonly { guid: string; title: string; at: number }[]): string {
  const entries = items.map(
    (item) => `<item><title>${item.title}</title><link>https://example.org/${item.guid}</link>
<guid>${item.guid}</guid><pubDate>${new Date(item.at).toUTCString()}</pubDate>
<description>${item.title}.</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Outage Wire</title>${entries.join('')}</channel></rss>`;
}

describe('news feed outages behind a fault proxy', () => {
  let clock = Date.now();
  const items = [{ guid: 'before', title: 'Bitcoin holds its range before the outage', at: clock }];
  let feed: Server;
  let proxy: FaultProxy;
  let server: TestServer;

  beforeAll(async () => {
    feed = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(items));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    proxy = await FaultProxy.start({ host: '127.0.0.1', port: (feed.address() as AddressInfo).port });
    server = await startTestServer(
      {
        NEWS_FEEDS: proxy.url('/news.xml'),
        FEEDS_ALLOW_PRIVATE_ADDRESSES: 'true',
        NEWS_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
        NEWS_POLL_MS: String(POLL_MS),
      },
      { now: () => clock },
    );
    await server.built.services.content.jobs.pollFeeds();
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await new Promise((resolve) => feed.close(resolve));
  });

  const titles = async () => {
    const answer = await expectAnswerWithin(ANSWER_BOUND_MS, () =>
      callAs(server, 'appcontent_msrv/news_list', { page_size: 100 }),
    );
    expect(answer.code).toBe(ErrorCode.Success);
    return answer.data.list.map((item) => item.title);
  };

  for (const fault of faultsBeyond(FETCH_TIMEOUT_MS)) {
    it(`keeps the news it has under ${describeFault(fault)} and reads the feed again after`, async () => {
      const before = await titles();
      expect(before).toContain(items[0]!.title);
      const story = { guid: fault.kind, title: `Story published during the ${fault.kind} outage`, at: clock };
      items.push(story);
      proxy.set(fault);
      clock += POLL_MS;
      const { ms } = await timed(() => server.built.services.content.jobs.pollFeeds());
      expect(ms, `the poll settled in ${Math.round(ms)} ms`).toBeLessThan(POLL_BOUND_MS);
      const during = await titles();
      expect(during).toEqual(before);

      proxy.set({ kind: 'pass' });
      // Past any back-off of a failing feed: the next due poll reads it, no restart.
      clock += DAY_MS;
      await server.built.services.content.jobs.pollFeeds();
      expect(await titles()).toContain(story.title);
    }, 60_000);
  }
});

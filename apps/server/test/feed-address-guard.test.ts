import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Wire</title>
<item><title>Bitcoin from loopback</title><link>http://loopback.test/1</link></item></channel></rss>`;

describe('the running server with private feed addresses refused (the production default)', () => {
  let feeds: Server;
  let server: TestServer;
  let feedUrl: string;
  let hits = 0;

  beforeAll(async () => {
    feeds = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/feed.xml`;
    server = await startTestServer({ NEWS_FEEDS: feedUrl, FEEDS_ALLOW_PRIVATE_ADDRESSES: 'false' });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => feeds.close(resolve));
  });

  it('never requests a feed on a loopback address and records why', async () => {
    await server.built.services.content.jobs.pollFeeds();
    expect(hits).toBe(0);
    const source = await server.built.database.db
      .selectFrom('followed_sources')
      .selectAll()
      .where('url', '=', feedUrl)
      .executeTakeFirstOrThrow();
    expect(source.failures).toBe(1);
    expect(source.last_error).toMatch(/refused: 127\.0\.0\.1 is not a public address/);
  });
});

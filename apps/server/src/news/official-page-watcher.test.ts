import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ANY_ADDRESS } from './address-guard.js';
import { FeedFetchError } from './feed-fetcher.js';
import type { PageValidators } from './official-page-watcher.js';
import { checkPageForChange as checkPage, pageTitle, visibleTextHash } from './official-page-watcher.js';

/** The test server is on loopback, which the default guard refuses (see fetch-address-guard.test.ts). */
const checkPageForChange = (pageUrl: string, previous: PageValidators, abort: AbortSignal) =>
  checkPage(pageUrl, previous, abort, { addressGuard: ANY_ADDRESS });

/** The page the local server answers with; tests change it between checks. */
const page = {
  announcement: 'Mainnet upgrade on 1 October.',
  nonce: 'n1',
  buildStamp: '2026-09-30T10:00:00Z',
  etag: null as string | null,
  status: 200,
  body: null as Buffer | null,
  contentType: 'text/html; charset=utf-8',
};
let requests: IncomingMessage['headers'][] = [];

function render(): string {
  return `<!DOCTYPE html><html><head>
<meta charset="utf-8"><title>Project &amp; Co — Announcements</title>
<script nonce="${page.nonce}">window.__BUILD__ = "${page.buildStamp}";</script>
<style nonce="${page.nonce}">.x{color:red}</style>
<link rel="stylesheet" href="/app.css?v=${page.nonce}">
</head><body data-build="${page.buildStamp}">
<!-- rendered at ${page.buildStamp} -->
<h1>Announcements</h1>
<p class="c-${page.nonce}">${page.announcement}</p>
</body></html>`;
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  requests.push(req.headers);
  if (page.status !== 200) {
    res.writeHead(page.status, { 'retry-after': '30' }).end();
    return;
  }
  if (page.etag !== null && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304).end();
    return;
  }
  res.writeHead(200, {
    'content-type': page.contentType,
    ...(page.etag === null ? {} : { etag: page.etag }),
  });
  res.end(page.body ?? render());
}

let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/announcements`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  Object.assign(page, {
    announcement: 'Mainnet upgrade on 1 October.',
    nonce: 'n1',
    buildStamp: '2026-09-30T10:00:00Z',
    etag: null,
    status: 200,
    body: null,
    contentType: 'text/html; charset=utf-8',
  });
  requests = [];
});

const none = { etag: null, lastModified: null, contentHash: null };
const signal = () => AbortSignal.timeout(10_000);

describe('checkPageForChange', () => {
  it('reports no change on the first check, with the hash and title to keep', async () => {
    const first = await checkPageForChange(url, none, signal());
    expect(first).toMatchObject({
      changed: false,
      etag: null,
      lastModified: null,
      title: 'Project & Co — Announcements',
    });
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores nonces, script timestamps, comments and attributes', async () => {
    const first = await checkPageForChange(url, none, signal());
    page.nonce = 'n2';
    page.buildStamp = '2026-09-30T11:00:00Z';
    const second = await checkPageForChange(url, first, signal());
    expect(second.changed).toBe(false);
    expect(second.contentHash).toBe(first.contentHash);
  });

  it('reports a change of the visible text', async () => {
    const first = await checkPageForChange(url, none, signal());
    page.announcement = 'Mainnet upgrade postponed to 8 October.';
    const second = await checkPageForChange(url, first, signal());
    expect(second.changed).toBe(true);
    expect(second.contentHash).not.toBe(first.contentHash);
  });

  it('uses the ETag: a 304 is no change and keeps the previous state', async () => {
    page.etag = '"p1"';
    const first = await checkPageForChange(url, none, signal());
    expect(first.etag).toBe('"p1"');
    page.announcement = 'changed, but the server says 304';
    const second = await checkPageForChange(url, first, signal());
    expect(requests[1]?.['if-none-match']).toBe('"p1"');
    expect(second).toEqual({ ...first, changed: false, title: null });
  });

  it('asks for HTML and decodes the charset the page declares', async () => {
    page.contentType = 'text/html';
    page.body = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>'),
      Buffer.from([0xb1, 0xc8, 0xcc, 0xd8, 0xb1, 0xd2]), // 比特币
      Buffer.from('</title></head><body>x</body></html>'),
    ]);
    const result = await checkPageForChange(url, none, signal());
    expect(result.title).toBe('比特币');
    expect(requests[0]?.accept).toMatch(/^text\/html/);
  });

  it('passes fetch failures on with their Retry-After', async () => {
    page.status = 503;
    const error = await checkPageForChange(url, none, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 30_000 });
  });
});

describe('visibleTextHash and pageTitle', () => {
  it('hashes only the visible text, with whitespace collapsed', () => {
    const a = visibleTextHash('<p>Hello   <b>world</b></p><script>var t=1</script>');
    expect(visibleTextHash('<div>\n Hello world\n</div><script>var t=2</script><style>p{}</style>')).toBe(a);
    expect(visibleTextHash('<p>Hello world!</p>')).not.toBe(a);
  });

  it('reads the title as text and returns null without one', () => {
    expect(pageTitle('<title>  A &lt;b&gt; &amp; c  </title>')).toBe('A <b> & c');
    expect(pageTitle('<title>1 < 2</title>')).toBe('1 < 2');
    expect(pageTitle('<p>no title</p>')).toBeNull();
    expect(pageTitle('<title>a<title>b</title>')).toBe('a<title>b');
    // A hostile page of unclosed titles: a linear scan answers at once (a lazy match over it took ~5 s).
    expect(pageTitle(`<head>${'<title>x'.repeat(50_000)}</head>`)).toBeNull();
    expect(pageTitle(`${'<title'.repeat(50_000)}`)).toBeNull();
    expect(pageTitle('<title> </title>')).toBeNull();
  });
});

import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ANY_ADDRESS } from './address-guard.js';
import type { FeedFetchOptions, FeedValidators } from './feed-fetcher.js';
import { DEFAULT_MAX_FEED_BYTES, FeedFetchError, fetchFeed, parseRetryAfter } from './feed-fetcher.js';
import { FeedParseError, parseFeed } from './feed-parser.js';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Local</title><link>http://localhost/</link>
<item><title>One</title><link>http://localhost/1</link></item></channel></rss>`;
const ETAG = '"feed-v1"';
const LAST_MODIFIED = 'Wed, 30 Sep 2026 17:00:00 GMT';
const MB = 1024 * 1024;

/** What the server saw and did, per test. */
const seen: { headers: IncomingMessage['headers'][]; streamed: { sent: number; finished: boolean } | null } =
  {
    headers: [],
    streamed: null,
  };

const noValidators = { etag: null, lastModified: null };
const signal = () => AbortSignal.timeout(15_000);

/** Writes `total` bytes of a feed whose single item is one enormous description, honouring backpressure. */
async function streamHugeFeed(res: ServerResponse, total: number, declareLength: boolean): Promise<void> {
  const head = Buffer.from(
    '<?xml version="1.0"?><rss><channel><title>Huge</title><item><title>x</title><description>',
  );
  const tail = Buffer.from('</description></item></channel></rss>');
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const state = { sent: 0, finished: false };
  seen.streamed = state;
  res.writeHead(200, {
    'content-type': 'application/rss+xml',
    ...(declareLength ? { 'content-length': String(total) } : {}),
  });
  const write = (data: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (res.destroyed) return resolve(false);
      state.sent += data.length;
      if (res.write(data)) return resolve(true);
      const onDrain = () => {
        res.off('close', onClose);
        resolve(true);
      };
      const onClose = () => {
        res.off('drain', onDrain);
        resolve(false);
      };
      res.once('drain', onDrain);
      res.once('close', onClose);
    });
  if (!(await write(head))) return;
  for (let left = total - head.length - tail.length; left > 0; left -= chunk.length)
    if (!(await write(left >= chunk.length ? chunk : chunk.subarray(0, left)))) return;
  if (!(await write(tail))) return;
  res.end(() => {
    state.finished = true;
  });
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.headers.push(req.headers);
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect !== null) {
    const left = Number(redirect[1]);
    res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/feed' }).end();
    return;
  }
  switch (path) {
    case '/feed':
      if (req.headers['if-none-match'] === ETAG || req.headers['if-modified-since'] === LAST_MODIFIED) {
        res.writeHead(304, { etag: ETAG }).end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8',
        etag: ETAG,
        'last-modified': LAST_MODIFIED,
      });
      res.end(FEED);
      return;
    case '/bare':
      res.writeHead(200).end(FEED);
      return;
    case '/gzip':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
      res.end(gzipSync(FEED));
      return;
    case '/br':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'br' });
      res.end(brotliCompressSync(FEED));
      return;
    case '/gzip-bomb':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(64 * MB)));
      return;
    case '/zstd':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'zstd' });
      res.end(FEED);
      return;
    case '/gbk':
      res.writeHead(200, { 'content-type': 'text/xml; charset=gbk' });
      res.end(
        Buffer.concat([
          Buffer.from('<?xml version="1.0"?><rss><channel><title>'),
          Buffer.from([0xb1, 0xc8, 0xcc, 0xd8, 0xb1, 0xd2]),
          Buffer.from('</title><item><title>x</title></item></channel></rss>'),
        ]),
      );
      return;
    case '/html':
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body>Not a feed</body></html>');
      return;
    case '/429':
      res.writeHead(429, { 'retry-after': '120' }).end('slow down');
      return;
    case '/503':
      res.writeHead(503, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() }).end();
      return;
    case '/500':
      res.writeHead(500).end();
      return;
    case '/404':
      res.writeHead(404).end();
      return;
    case '/huge':
      void streamHugeFeed(res, 10 * MB, false);
      return;
    case '/huge-declared':
      void streamHugeFeed(res, 10 * MB, true);
      return;
    case '/endless':
      void streamHugeFeed(res, 256 * MB, false);
      return;
    case '/to-ftp':
      res.writeHead(301, { location: 'ftp://files.example.com/feed.xml' }).end();
      return;
    case '/no-location':
      res.writeHead(302).end();
      return;
    case '/slow':
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss>');
      return; // never ends
    default:
      res.writeHead(404).end();
  }
}

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.headers = [];
  seen.streamed = null;
});

async function fetchError(promise: Promise<unknown>): Promise<FeedFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return error as FeedFetchError;
}

/** The test server is on loopback, which the default guard refuses (see fetch-address-guard.test.ts). */
const fetchLocal = (
  url: string,
  validators: FeedValidators,
  abort: AbortSignal,
  options: FeedFetchOptions = {},
) => fetchFeed(url, validators, abort, { addressGuard: ANY_ADDRESS, ...options });

describe('fetchFeed', () => {
  it('returns the body, its validators and its sha256; the body parses', async () => {
    const result = await fetchLocal(`${origin}/feed`, noValidators, signal());
    expect(result).toEqual({
      kind: 'ok',
      body: Buffer.from(FEED),
      contentType: 'application/rss+xml; charset=utf-8',
      etag: ETAG,
      lastModified: LAST_MODIFIED,
      contentHash: createHash('sha256').update(FEED).digest('hex'),
    });
    if (result.kind !== 'ok') return;
    expect(parseFeed(result.body, result.contentType).items.map((item) => item.title)).toEqual(['One']);
    expect(seen.headers[0]?.['if-none-match']).toBeUndefined();
    expect(seen.headers[0]?.['user-agent']).toMatch(/Coinlens/);
    expect(seen.headers[0]?.accept).toMatch(/application\/rss\+xml/);
  });

  it('sends If-None-Match and reports not_modified on 304', async () => {
    const result = await fetchLocal(`${origin}/feed`, { etag: ETAG, lastModified: null }, signal());
    expect(result).toEqual({ kind: 'not_modified' });
    expect(seen.headers[0]?.['if-none-match']).toBe(ETAG);
  });

  it('sends If-Modified-Since', async () => {
    const result = await fetchLocal(`${origin}/feed`, { etag: null, lastModified: LAST_MODIFIED }, signal());
    expect(result).toEqual({ kind: 'not_modified' });
    expect(seen.headers[0]?.['if-modified-since']).toBe(LAST_MODIFIED);
  });

  it('fetches again when the ETag no longer matches', async () => {
    const result = await fetchLocal(`${origin}/feed`, { etag: '"old"', lastModified: null }, signal());
    expect(result.kind).toBe('ok');
  });

  it('reports missing headers as null and passes options through', async () => {
    const result = await fetchLocal(`${origin}/bare`, noValidators, signal(), { userAgent: 'TestAgent/2' });
    expect(result).toMatchObject({ kind: 'ok', contentType: null, etag: null, lastModified: null });
    expect(seen.headers[0]?.['user-agent']).toBe('TestAgent/2');
  });

  it('delivers a GBK body that parseFeed decodes with the header charset', async () => {
    const result = await fetchLocal(`${origin}/gbk`, noValidators, signal());
    if (result.kind !== 'ok') throw new Error('expected a body');
    expect(parseFeed(result.body, result.contentType).title).toBe('比特币');
  });

  it('fetches an HTML page, which parseFeed then refuses', async () => {
    const result = await fetchLocal(`${origin}/html`, noValidators, signal());
    if (result.kind !== 'ok') throw new Error('expected a body');
    expect(() => parseFeed(result.body, result.contentType)).toThrow(FeedParseError);
  });

  it('surfaces Retry-After seconds on 429', async () => {
    const error = await fetchError(fetchLocal(`${origin}/429`, noValidators, signal()));
    expect(error).toMatchObject({ code: 'http_status', status: 429, retryAfterMs: 120_000 });
  });

  it('surfaces a Retry-After date on 503', async () => {
    const error = await fetchError(fetchLocal(`${origin}/503`, noValidators, signal()));
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBeGreaterThan(3_590_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(3_600_000);
  });

  it.each([500, 404])('throws with status and no Retry-After on %i', async (status) => {
    const error = await fetchError(fetchLocal(`${origin}/${status}`, noValidators, signal()));
    expect(error).toMatchObject({ status, retryAfterMs: null });
  });

  it.each([
    'ftp://example.com/feed.xml',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
    '//example.com/x',
  ])('rejects %j without a request', async (url) => {
    const error = await fetchError(fetchLocal(url, noValidators, signal()));
    expect(error.code).toBe('bad_url');
    expect(seen.headers).toHaveLength(0);
  });

  it('follows up to 5 redirects and keeps the validators', async () => {
    const result = await fetchLocal(`${origin}/redirect/5`, { etag: ETAG, lastModified: null }, signal());
    expect(result).toEqual({ kind: 'not_modified' });
    expect(seen.headers).toHaveLength(6);
    expect(seen.headers.every((headers) => headers['if-none-match'] === ETAG)).toBe(true);
  });

  it('gives up after 5 redirects', async () => {
    const error = await fetchError(fetchLocal(`${origin}/redirect/6`, noValidators, signal()));
    expect(error.code).toBe('redirects');
    expect(seen.headers).toHaveLength(6);
  });

  it('refuses a redirect to a non-http URL and a redirect without Location', async () => {
    expect((await fetchError(fetchLocal(`${origin}/to-ftp`, noValidators, signal()))).code).toBe('bad_url');
    expect((await fetchError(fetchLocal(`${origin}/no-location`, noValidators, signal()))).status).toBe(302);
  });

  it('throws too large for a 10 MB feed with the default limit, while streaming', async () => {
    expect(DEFAULT_MAX_FEED_BYTES).toBe(4 * MB);
    const error = await fetchError(fetchLocal(`${origin}/huge`, noValidators, signal()));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/too large/);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const error = await fetchError(fetchLocal(`${origin}/huge-declared`, noValidators, signal()));
    expect(error.code).toBe('too_large');
  });

  it('stops reading an endless body: the server cannot finish sending', async () => {
    const error = await fetchError(
      fetchLocal(`${origin}/endless`, noValidators, signal(), { maxBytes: 64 * 1024 }),
    );
    expect(error.code).toBe('too_large');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.streamed?.finished).toBe(false);
    // Far less than the 256 MB on offer: the connection was dropped, not drained.
    expect(seen.streamed?.sent ?? Infinity).toBeLessThan(64 * MB);
  });

  it('honours a smaller maxBytes exactly', async () => {
    const size = Buffer.byteLength(FEED);
    await expect(
      fetchLocal(`${origin}/feed`, noValidators, signal(), { maxBytes: size }),
    ).resolves.toMatchObject({
      kind: 'ok',
    });
    const error = await fetchError(
      fetchLocal(`${origin}/bare`, noValidators, signal(), { maxBytes: size - 1 }),
    );
    expect(error.code).toBe('too_large');
  });

  it('decodes gzip and brotli bodies, and refuses an encoding it did not ask for', async () => {
    for (const path of ['/gzip', '/br']) {
      const result = await fetchLocal(`${origin}${path}`, noValidators, signal());
      expect(result.kind === 'ok' && result.body.toString('utf8')).toBe(FEED);
    }
    expect(seen.headers[0]?.['accept-encoding']).toBe('gzip, deflate, br');
    expect((await fetchError(fetchLocal(`${origin}/zstd`, noValidators, signal()))).code).toBe('network');
  });

  it('counts decoded bytes: a small gzip bomb is too large', async () => {
    const error = await fetchError(fetchLocal(`${origin}/gzip-bomb`, noValidators, signal()));
    expect(error.code).toBe('too_large');
  });

  it("rethrows the caller's abort reason, before and during the request", async () => {
    const before = AbortSignal.abort(new Error('stopped before'));
    await expect(fetchLocal(`${origin}/feed`, noValidators, before)).rejects.toThrow('stopped before');
    expect(seen.headers).toHaveLength(0);

    const controller = new AbortController();
    const pending = fetchLocal(`${origin}/slow`, noValidators, controller.signal);
    setTimeout(() => controller.abort(new Error('stopped during')), 100);
    await expect(pending).rejects.toThrow('stopped during');
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchError(fetchLocal(`http://127.0.0.1:${port}/feed`, noValidators, signal()));
    expect(error).toMatchObject({ code: 'network', status: null });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 8, 30, 12, 0, 0);
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['soon', null],
    ['0', 0],
    ['120', 120_000],
    [' 30 ', 30_000],
    ['-5', null],
    ['1.5', null],
    ['Wed, 30 Sep 2026 12:01:00 GMT', 60_000],
    ['Wed, 30 Sep 2026 11:00:00 GMT', 0],
  ])('%j → %j', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { AddressGuard, ResolvedAddress } from './address-guard.js';
import { FeedFetchError, fetchFeed } from './feed-fetcher.js';
import { checkPageForChange } from './official-page-watcher.js';
import { isPublicAddress } from './public-address.js';

// No test here leaves the machine: the servers are on loopback, and every address that is not is refused before
// a connection is attempted (the fix under test); names resolve through the test's own resolver.

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';

/** Requests each server saw, by path. */
const hits = { origin: [] as string[], internal: [] as string[] };

function originHandler(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://origin');
  hits.origin.push(url.pathname);
  const to = url.searchParams.get('to');
  if (url.pathname === '/redirect' && to !== null) {
    res.writeHead(302, { location: to }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
}

function internalHandler(req: IncomingMessage, res: ServerResponse): void {
  hits.internal.push(req.url ?? '/');
  res.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
}

let origin: Server;
let internal: Server;
let originPort = 0;
let internalPort = 0;

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  origin = createServer(originHandler);
  // "::" takes both 127.0.0.1 and ::1, so a redirect to either would reach it if it were followed.
  internal = createServer(internalHandler);
  originPort = await listen(origin, '127.0.0.1');
  internalPort = await listen(internal, '::');
});

afterAll(async () => {
  await close(origin);
  await close(internal);
});

beforeEach(() => {
  hits.origin = [];
  hits.internal = [];
});

const none = { etag: null, lastModified: null };
const signal = () => AbortSignal.timeout(10_000);

/** Names of the test, each with the addresses "DNS" gives it. */
const ZONE: Readonly<Record<string, ResolvedAddress[]>> = {
  'feeds.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'intranet.test': [{ address: '10.0.0.7', family: 4 }],
  'six.test': [{ address: '::1', family: 6 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '192.168.1.10', family: 4 },
  ],
};

/**
 * The production rule (public addresses only) with one exception standing in for a public feed host: the
 * origin server, by its port. Everything else on loopback, the internal server included, is refused.
 */
function guardTrustingOrigin(resolved: string[] = []): AddressGuard {
  return {
    resolve: (hostname) => {
      resolved.push(hostname);
      const answer = ZONE[hostname];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    },
    permits: (address, url) => url.port === String(originPort) || isPublicAddress(address),
  };
}

async function failureOf(promise: Promise<unknown>): Promise<FeedFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return error as FeedFetchError;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '2002:7f00:1::1',
    'ff02::1',
    'localhost',
    'example.com',
    '',
  ])('refuses %j', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::1',
  ])('allows %j', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetches connect only to checked addresses', () => {
  it('refuses a loopback feed by default, before any request', async () => {
    const error = await failureOf(fetchFeed(`http://127.0.0.1:${originPort}/feed`, none, signal()));
    expect(error.code).toBe('address_refused');
    expect(hits.origin).toEqual([]);
  });

  it('refuses a loopback official page by default, before any request', async () => {
    const error = await failureOf(
      checkPageForChange(`http://127.0.0.1:${originPort}/page`, { ...none, contentHash: null }, signal()),
    );
    expect(error.code).toBe('address_refused');
    expect(hits.origin).toEqual([]);
  });

  it('follows a redirect to a permitted host (the control for the refusals below)', async () => {
    const to = `http://feeds.test:${originPort}/feed`;
    const result = await fetchFeed(
      `http://127.0.0.1:${originPort}/redirect?to=${encodeURIComponent(to)}`,
      none,
      signal(),
      { addressGuard: guardTrustingOrigin() },
    );
    expect(result.kind).toBe('ok');
    expect(hits.origin).toEqual(['/redirect', '/feed']);
  });

  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${internalPort}/feed`],
    ['loopback IPv4 as one number', () => `http://2130706433:${internalPort}/feed`],
    ['loopback IPv6', () => `http://[::1]:${internalPort}/feed`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${internalPort}/feed`],
    ['a name resolving to loopback IPv6', () => `http://six.test:${internalPort}/feed`],
    ['a private address', () => 'http://10.0.0.1/feed'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to the metadata service', () => 'http://metadata.test/latest/meta-data/'],
    ['a name resolving to a private address', () => 'http://intranet.test/admin'],
    ['a name with one public and one private address', () => 'http://mixed.test/feed'],
  ])('refuses a redirect to %s', async (_, target) => {
    const error = await failureOf(
      fetchFeed(
        `http://127.0.0.1:${originPort}/redirect?to=${encodeURIComponent(target())}`,
        none,
        signal(),
        {
          addressGuard: guardTrustingOrigin(),
        },
      ),
    );
    expect(error.code).toBe('address_refused');
    expect(hits.origin).toEqual(['/redirect']);
    expect(hits.internal).toEqual([]);
  });

  it('checks every hop of a chain, not only the first and the last', async () => {
    const last = `http://feeds.test:${originPort}/feed`;
    const middle = `http://127.0.0.1:${internalPort}/redirect?to=${encodeURIComponent(last)}`;
    const error = await failureOf(
      fetchFeed(`http://127.0.0.1:${originPort}/redirect?to=${encodeURIComponent(middle)}`, none, signal(), {
        addressGuard: guardTrustingOrigin(),
      }),
    );
    expect(error.code).toBe('address_refused');
    expect(hits.internal).toEqual([]);
  });

  it('connects to the address it checked, resolving each name once (no second lookup to rebind)', async () => {
    const resolved: string[] = [];
    // feeds.test exists only in the test's resolver: reaching the server proves the socket used its answer.
    const result = await fetchFeed(`http://feeds.test:${originPort}/feed`, none, signal(), {
      addressGuard: guardTrustingOrigin(resolved),
    });
    expect(result.kind).toBe('ok');
    expect(hits.origin).toEqual(['/feed']);
    expect(resolved).toEqual(['feeds.test']);
  });

  it('reports a name that does not resolve as a network failure', async () => {
    const error = await failureOf(
      fetchFeed('http://nowhere.test/feed', none, signal(), { addressGuard: guardTrustingOrigin() }),
    );
    expect(error.code).toBe('network');
  });
});

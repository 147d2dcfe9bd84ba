/**
 * Conditional GET of a feed (or any page) with a hard size limit. Redirects are followed by hand so every
 * hop is checked: http(s) only, at most MAX_REDIRECTS of them, and the host resolved and each of its addresses
 * checked by the address guard (public addresses only by default) before connecting to exactly those
 * addresses. The body is read as a stream and the connection is dropped as soon as more than `maxBytes`
 * arrived; the count is of decoded bytes, so a small gzip bomb is caught as well.
 */
import { createHash } from 'node:crypto';

import type { AddressGuard, ResolvedAddress } from './address-guard.js';
import { AddressRefusedError, checkedAddresses, PUBLIC_ADDRESSES_ONLY } from './address-guard.js';
import type { PinnedResponse } from './pinned-get.js';
import { pinnedGet } from './pinned-get.js';

/** What a fetch found: the feed did not change since `validators`, or its new body and validators. */
export type FeedFetchResult =
  | { kind: 'not_modified' }
  | {
      kind: 'ok';
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
      /** sha256 of `body`, hex. */
      contentHash: string;
    };

/** The validators from the previous successful fetch, sent as If-None-Match / If-Modified-Since. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

/** Options of fetchFeed. */
export interface FeedFetchOptions {
  /** Default DEFAULT_MAX_FEED_BYTES. */
  maxBytes?: number;
  userAgent?: string;
  /** Default: feed types first, anything else accepted. */
  accept?: string;
  /** Which addresses every hop may connect to; default PUBLIC_ADDRESSES_ONLY. */
  addressGuard?: AddressGuard;
  /** The whole fetch, redirects and body included; default DEFAULT_FEED_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Why a fetch failed. */
export type FeedFetchFailure =
  'bad_url' | 'address_refused' | 'network' | 'http_status' | 'redirects' | 'too_large';

/** A fetch that did not produce a body: `status` is the HTTP status when there was one. */
export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  readonly code: FeedFetchFailure;
  readonly status: number | null;
  /** From the response's Retry-After header, when it had a usable one. */
  readonly retryAfterMs: number | null;

  constructor(
    code: FeedFetchFailure,
    message: string,
    details: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

/** Default size limit of a fetched body: 4 MiB. */
export const DEFAULT_MAX_FEED_BYTES = 4 * 1024 * 1024;
/** A feed that has not answered in full by then is a failed poll (backed off), not a poll that never ends. */
export const DEFAULT_FEED_TIMEOUT_MS = 20_000;
/** Redirects followed before giving up. */
export const MAX_REDIRECTS = 5;
/** Sent unless the caller passes `userAgent`. */
export const DEFAULT_USER_AGENT = 'Coinlens-FeedReader/1.0';
const DEFAULT_ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * GETs `url` conditionally; throws FeedFetchError for anything but 2xx/304 (`network` when `timeoutMs` passes
 * first), and the caller's abort reason on abort.
 */
export async function fetchFeed(
  url: string,
  validators: FeedValidators,
  signal: AbortSignal,
  options: FeedFetchOptions = {},
): Promise<FeedFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    return await fetchBefore(url, validators, AbortSignal.any([signal, deadline]), options);
  } catch (error) {
    if (!deadline.aborted || signal.aborted) throw error;
    throw new FeedFetchError('network', `timed out after ${timeoutMs} ms`, { cause: error });
  }
}

async function fetchBefore(
  url: string,
  validators: FeedValidators,
  signal: AbortSignal,
  options: FeedFetchOptions,
): Promise<FeedFetchResult> {
  signal.throwIfAborted();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  let target = httpUrl(url);
  const headers: Record<string, string> = {
    accept: options.accept ?? DEFAULT_ACCEPT,
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
  };
  if (validators.etag !== null && validators.etag !== '') headers['if-none-match'] = validators.etag;
  if (validators.lastModified !== null && validators.lastModified !== '')
    headers['if-modified-since'] = validators.lastModified;

  const guard = options.addressGuard ?? PUBLIC_ADDRESSES_ONLY;

  for (let hops = 0; ; hops++) {
    const addresses = await addressesOf(target, guard, signal);
    let response: PinnedResponse;
    try {
      response = await pinnedGet(target, headers, addresses, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new FeedFetchError('network', `GET ${describe(target)} failed: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    const { status } = response;

    if (status >= 300 && status < 400 && status !== 304) {
      response.discard();
      const location = response.header('location');
      if (location === null)
        throw new FeedFetchError('http_status', `${status} without a Location`, { status });
      if (hops >= MAX_REDIRECTS)
        throw new FeedFetchError('redirects', `more than ${MAX_REDIRECTS} redirects`, { status });
      target = httpUrl(location, target);
      continue;
    }
    if (status === 304) {
      response.discard();
      return { kind: 'not_modified' };
    }
    if (status < 200 || status >= 300) {
      response.discard();
      throw new FeedFetchError('http_status', `GET ${describe(target)} answered ${status}`, {
        status,
        retryAfterMs: parseRetryAfter(response.header('retry-after'), Date.now()),
      });
    }

    const declaredLength = Number(response.header('content-length') ?? NaN);
    if (response.header('content-encoding') === null && declaredLength > maxBytes) {
      response.discard();
      throw tooLarge(maxBytes, status);
    }
    const body = await readLimited(response, maxBytes, signal);
    return {
      kind: 'ok',
      body,
      contentType: response.header('content-type'),
      etag: response.header('etag'),
      lastModified: response.header('last-modified'),
      contentHash: createHash('sha256').update(body).digest('hex'),
    };
  }
}

/** The checked addresses of one hop; a refused address is `address_refused`, a failed lookup `network`. */
async function addressesOf(
  target: URL,
  guard: AddressGuard,
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  try {
    return await checkedAddresses(target, guard);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof AddressRefusedError)
      throw new FeedFetchError('address_refused', `GET ${describe(target)} refused: ${error.message}`);
    throw new FeedFetchError('network', `resolving ${target.hostname} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * Retry-After as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Null when missing or unparseable; a date in the past is 0.
 */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1_000;
  // Date.parse reads "1.5" or "-5" as dates; an HTTP date has a month name and a time.
  if (!/[A-Za-z]{3}/.test(value) || !/\d{1,2}:\d{2}/.test(value)) return null;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

async function readLimited(response: PinnedResponse, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        response.discard();
        throw tooLarge(maxBytes, response.status);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new FeedFetchError('network', `reading the body failed: ${errorMessage(error)}`, {
      status: response.status,
      cause: error,
    });
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(maxBytes: number, status: number): FeedFetchError {
  return new FeedFetchError('too_large', `response too large: more than ${maxBytes} bytes`, { status });
}

function httpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FeedFetchError('bad_url', `not a URL: ${JSON.stringify(raw.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedFetchError('bad_url', `only http and https URLs can be fetched, not ${url.protocol}`);
  return url;
}

/** Origin and path only: query strings of feed URLs sometimes carry tokens. */
function describe(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

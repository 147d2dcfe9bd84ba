/**
 * CoinGecko's HTTP transport: client-side spacing between calls, the API key header, a per-call timeout
 * combined with the caller's signal, HTTP status → typed provider errors, JSON parsing and zod validation.
 * The API key lives in a private field and never appears in a message, a log line or `util.inspect`.
 */
import type { z } from 'zod';

import {
  MalformedResponseError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '@coinlens/market-model';

export const PROVIDER_NAME = 'coingecko';
/** Used when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

export type QueryValue = string | number | boolean | undefined;

export interface CoinGeckoHttpOptions {
  baseUrl: string;
  apiKey: string | undefined;
  apiKeyHeader: 'x-cg-demo-api-key' | 'x-cg-pro-api-key';
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  minIntervalMs: number;
  /** Clock for Retry-After dates. */
  now: () => number;
}

export class CoinGeckoHttp {
  readonly #apiKey: string | undefined;
  private readonly baseUrl: string;
  /** Earliest start of the next call (spacing), epoch ms of the real clock. */
  private nextSlotAt = 0;
  /** After a 429: calls before this instant fail at once without reaching the API. */
  private blockedUntil = 0;

  /** Everything but the key, which only `#apiKey` holds. */
  private readonly options: Omit<CoinGeckoHttpOptions, 'apiKey'>;

  constructor({ apiKey, ...options }: CoinGeckoHttpOptions) {
    this.#apiKey = apiKey && apiKey.length > 0 ? apiKey : undefined;
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get hasApiKey(): boolean {
    return this.#apiKey !== undefined;
  }

  /** GETs `path` (relative to the base URL) and validates the JSON answer with `schema`. */
  async get<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>> {
    const data = await this.getJson(path, query, signal);
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new MalformedResponseError(PROVIDER_NAME, describeIssues(path, data, parsed.error.issues));
    return parsed.data;
  }

  /** GETs `path` and returns the parsed JSON without validation. */
  async getJson(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    signal: AbortSignal,
  ): Promise<unknown> {
    signal.throwIfAborted();
    const remainingBlock = this.blockedUntil - Date.now();
    if (remainingBlock > 0) throw new RateLimitedError(PROVIDER_NAME, remainingBlock);
    await this.waitForSlot(signal);

    const url = this.url(path, query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#apiKey !== undefined) headers[this.options.apiKeyHeader] = this.#apiKey;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);

    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(url, { method: 'GET', headers, signal: combined });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new UnavailableError(
          PROVIDER_NAME,
          `GET ${path} timed out after ${this.options.timeoutMs} ms`,
          { cause: error },
        );
      throw new UnavailableError(PROVIDER_NAME, `GET ${path} failed: ${errorMessage(error)}`, {
        cause: error,
      });
    }

    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.options.now());
      this.blockedUntil = Math.max(this.blockedUntil, Date.now() + retryAfterMs);
      throw new RateLimitedError(PROVIDER_NAME, retryAfterMs);
    }
    if (response.status === 404)
      throw new NotFoundError(PROVIDER_NAME, `GET ${path} answered 404${errorDetail(text)}`);
    if (response.status >= 500 || response.status === 408)
      throw new UnavailableError(
        PROVIDER_NAME,
        `GET ${path} answered ${response.status}${errorDetail(text)}`,
      );
    if (response.status === 401 || response.status === 403)
      throw new UnavailableError(
        PROVIDER_NAME,
        `GET ${path} answered ${response.status} (API key missing, invalid or not allowed for this endpoint)${errorDetail(text)}`,
      );
    if (response.status < 200 || response.status >= 300)
      throw new MalformedResponseError(
        PROVIDER_NAME,
        `GET ${path} answered ${response.status}${errorDetail(text)}`,
      );

    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new MalformedResponseError(
        PROVIDER_NAME,
        `GET ${path} answered malformed JSON (${text.length} bytes)`,
        { cause: error },
      );
    }
  }

  private url(path: string, query: Readonly<Record<string, QueryValue>>): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const suffix = search.size > 0 ? `?${search.toString()}` : '';
    return `${this.baseUrl}${path}${suffix}`;
  }

  /** Reserves the next start slot `minIntervalMs` after the previous one and waits for it (abortable). */
  private async waitForSlot(signal: AbortSignal): Promise<void> {
    const interval = this.options.minIntervalMs;
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = slot + interval;
    const wait = slot - now;
    if (wait > 0) await sleep(wait, signal);
  }
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Missing or unparseable: 60 s.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(header: string | null, now: number): number {
  if (header === null) return DEFAULT_RETRY_AFTER_MS;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1_000);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return DEFAULT_RETRY_AFTER_MS;
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      const reason: unknown = signal.reason;
      reject(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** A short, single-line excerpt of an error body (CoinGecko answers `{"status":{"error_message":…}}` or `{"error":…}`). */
function errorDetail(text: string): string {
  let detail = text;
  try {
    const parsed = JSON.parse(text) as { status?: { error_message?: unknown }; error?: unknown };
    const message = parsed.status?.error_message ?? parsed.error;
    if (typeof message === 'string') detail = message;
  } catch {
    // not JSON: keep the raw text
  }
  const compact = detail.replace(/\s+/g, ' ').trim().slice(0, 160);
  return compact.length > 0 ? `: ${compact}` : '';
}

interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Names the first offending field: `GET /coins/markets: missing required field "current_price" at [0].current_price`. */
export function describeIssues(path: string, data: unknown, issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return `GET ${path}: response does not match the documented schema`;
  const location = formatPath(first.path);
  const field = [...first.path].reverse().find((key): key is string => typeof key === 'string') ?? '(root)';
  const missing = first.code === 'invalid_type' && valueAt(data, first.path) === undefined;
  const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
  if (missing) return `GET ${path}: missing required field "${field}" at ${location}${more}`;
  return `GET ${path}: invalid field "${field}" at ${location}: ${first.message}${more}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

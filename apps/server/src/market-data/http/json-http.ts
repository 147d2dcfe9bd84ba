/**
 * The one JSON-over-HTTP transport every keyed or keyless market source uses (CoinGecko, DefiLlama, GitHub,
 * Coin Metrics): one call at a time spaced by `minIntervalMs`, a per-call timeout combined with the caller's
 * signal, HTTP status → typed provider errors (a source may classify its own rate-limit answers first), JSON
 * parsing and zod validation. Headers (an API key among them) live in a private field and never appear in a
 * message, a log line or `util.inspect`.
 */
import type { z } from 'zod';

import {
  MalformedResponseError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '@coinlens/market-model';
import { sleep } from './abortable-sleep.js';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';
import { describeIssues } from './schema-issues.js';

export type QueryValue = string | number | boolean | undefined;

export interface JsonHttpOptions {
  provider: string;
  baseUrl: string;
  /** Sent with every request (e.g. an API key header); never logged. */
  headers?: Readonly<Record<string, string>>;
  fetch?: typeof globalThis.fetch;
  timeoutMs: number;
  minIntervalMs: number;
  /** Clock for Retry-After dates and a source's own reset times. */
  now: () => number;
  /** A source's own reading of a status (GitHub's 403 with `x-ratelimit-remaining: 0`): the retry delay, or null. */
  rateLimitDelay?: (status: number, headers: Headers, now: number) => number | null;
  /** Added to a 401/403's message: what the source's refusal usually means (a key missing or not allowed). */
  refusalHint?: string;
}

export interface JsonAnswer<T> {
  data: T;
  headers: Headers;
}

export class JsonHttp {
  readonly #headers: Readonly<Record<string, string>>;
  private readonly baseUrl: string;
  /** Earliest start of the next call (spacing), epoch ms of the real clock. */
  private nextSlotAt = 0;
  /** After a rate-limit answer: calls before this instant fail at once without reaching the source. */
  private blockedUntil = 0;
  private readonly options: Omit<JsonHttpOptions, 'headers'>;

  constructor({ headers, ...options }: JsonHttpOptions) {
    this.#headers = headers ?? {};
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** GETs `path` (relative to the base URL) and validates the JSON answer with `schema`. */
  async get<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    schema: S,
    signal: AbortSignal,
  ): Promise<JsonAnswer<z.output<S>>> {
    const { data, headers } = await this.getJson(path, query, signal);
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new MalformedResponseError(
        this.options.provider,
        describeIssues(path, data, parsed.error.issues),
      );
    return { data: parsed.data, headers };
  }

  /** GETs `path` and answers the parsed JSON without validation (null for 202/204). */
  async getJson(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    signal: AbortSignal,
  ): Promise<JsonAnswer<unknown>> {
    const { provider } = this.options;
    signal.throwIfAborted();
    const blocked = this.blockedUntil - Date.now();
    if (blocked > 0) throw new RateLimitedError(provider, blocked);
    await this.waitForSlot(signal);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await (this.options.fetch ?? globalThis.fetch)(this.url(path, query), {
        method: 'GET',
        headers: { accept: 'application/json', ...this.#headers },
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const why = timeout.aborted
        ? `timed out after ${this.options.timeoutMs} ms`
        : `failed: ${errorMessage(error)}`;
      throw new UnavailableError(provider, `GET ${path} ${why}`, { cause: error });
    }
    const { status } = response;
    const now = this.options.now();
    const delay =
      this.options.rateLimitDelay?.(status, response.headers, now) ??
      (status === 429
        ? (parseRetryAfter(response.headers.get('retry-after'), now) ?? DEFAULT_RETRY_AFTER_MS)
        : null);
    if (delay !== null) {
      this.blockedUntil = Math.max(this.blockedUntil, Date.now() + delay);
      throw new RateLimitedError(provider, delay);
    }
    const answered = `GET ${path} answered ${status}`;
    if (status === 404) throw new NotFoundError(provider, `${answered}${errorDetail(text)}`);
    if (status >= 500 || status === 408)
      throw new UnavailableError(provider, `${answered}${errorDetail(text)}`);
    if (status === 401 || status === 403) {
      const hint = this.options.refusalHint ? ` (${this.options.refusalHint})` : '';
      throw new UnavailableError(provider, `${answered}${hint}${errorDetail(text)}`);
    }
    if (status < 200 || status >= 300)
      throw new MalformedResponseError(provider, `${answered}${errorDetail(text)}`);
    if (status === 202 || status === 204) return { data: null, headers: response.headers };
    try {
      return { data: JSON.parse(text) as unknown, headers: response.headers };
    } catch (error) {
      throw new MalformedResponseError(
        provider,
        `GET ${path} answered malformed JSON (${text.length} bytes)`,
        {
          cause: error,
        },
      );
    }
  }

  private url(path: string, query: Readonly<Record<string, QueryValue>>): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    return `${this.baseUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
  }

  /** Reserves the next start slot `minIntervalMs` after the previous one and waits for it (abortable). */
  private async waitForSlot(signal: AbortSignal): Promise<void> {
    const interval = this.options.minIntervalMs;
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = slot + interval;
    if (slot > now) await sleep(slot - now, signal);
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * A short, single-line excerpt of an error body: the message of the usual JSON shapes (CoinGecko's
 * `{"status":{"error_message":…}}` or `{"error":…}`, GitHub's `{"message":…}`), else the raw text.
 */
function errorDetail(text: string): string {
  let detail = text;
  try {
    const parsed = JSON.parse(text) as {
      status?: { error_message?: unknown };
      error?: unknown;
      message?: unknown;
    };
    const message = parsed.status?.error_message ?? parsed.error ?? parsed.message;
    if (typeof message === 'string') detail = message;
  } catch {
    // not JSON: keep the raw text
  }
  const compact = detail.replace(/\s+/g, ' ').trim().slice(0, 160);
  return compact.length > 0 ? `: ${compact}` : '';
}

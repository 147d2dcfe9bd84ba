/**
 * A keyless-JSON-API transport for the smaller live sources (DefiLlama, GitHub): one call at a time spaced by
 * `minIntervalMs`, a per-call timeout combined with the caller's signal, HTTP status → typed provider errors
 * (a source may classify its own rate-limit answers first), JSON parsing and zod validation.
 */
import type { z } from 'zod';

import {
  MalformedResponseError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '@coinlens/market-model';
import { describeIssues, parseRetryAfter, sleep } from '../providers/coingecko/coingecko-http.js';

export interface JsonHttpOptions {
  provider: string;
  baseUrl: string;
  /** Sent with every request (e.g. an Authorization header); never logged. */
  headers?: Readonly<Record<string, string>>;
  fetch?: typeof globalThis.fetch;
  timeoutMs: number;
  minIntervalMs: number;
  now: () => number;
  /** A source's own reading of a status (GitHub's 403 with `x-ratelimit-remaining: 0`): the retry delay, or null. */
  rateLimitDelay?: (status: number, headers: Headers, now: number) => number | null;
}

export interface JsonAnswer<T> {
  data: T;
  headers: Headers;
}

export class JsonHttp {
  readonly #headers: Readonly<Record<string, string>>;
  private readonly baseUrl: string;
  private nextSlotAt = 0;
  private blockedUntil = 0;
  private readonly options: Omit<JsonHttpOptions, 'headers'>;

  constructor({ headers, ...options }: JsonHttpOptions) {
    this.#headers = headers ?? {};
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** GETs `path` and validates the JSON answer with `schema`. */
  async get<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, string | number | undefined>>,
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

  private async getJson(
    path: string,
    query: Readonly<Record<string, string | number | undefined>>,
    signal: AbortSignal,
  ): Promise<JsonAnswer<unknown>> {
    const { provider } = this.options;
    signal.throwIfAborted();
    const blocked = this.blockedUntil - Date.now();
    if (blocked > 0) throw new RateLimitedError(provider, blocked);
    await this.waitForSlot(signal);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const url = `${this.baseUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await (this.options.fetch ?? globalThis.fetch)(url, {
        headers: { accept: 'application/json', ...this.#headers },
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const why = timeout.aborted ? `timed out after ${this.options.timeoutMs} ms` : 'failed';
      throw new UnavailableError(provider, `GET ${path} ${why}`, { cause: error });
    }
    const { status } = response;
    const now = this.options.now();
    const delay =
      this.options.rateLimitDelay?.(status, response.headers, now) ??
      (status === 429 ? parseRetryAfter(response.headers.get('retry-after'), now) : null);
    if (delay !== null) {
      this.blockedUntil = Math.max(this.blockedUntil, Date.now() + delay);
      throw new RateLimitedError(provider, delay);
    }
    if (status === 404) throw new NotFoundError(provider, `GET ${path} answered 404`);
    if (status >= 500 || status === 408 || status === 401 || status === 403)
      throw new UnavailableError(provider, `GET ${path} answered ${status}`);
    if (status < 200 || status >= 300)
      throw new MalformedResponseError(provider, `GET ${path} answered ${status}`);
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

  private async waitForSlot(signal: AbortSignal): Promise<void> {
    const interval = this.options.minIntervalMs;
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = slot + interval;
    if (slot > now) await sleep(slot - now, signal);
  }
}

/**
 * CoinGecko through the one JSON transport (`http/json-http.ts`): its API key header, its refusal hint, and
 * answers without their headers (no CoinGecko reader needs them).
 */
import type { z } from 'zod';

import { JsonHttp } from '../../http/json-http.js';
import type { QueryValue } from '../../http/json-http.js';

export const PROVIDER_NAME = 'coingecko';

export interface CoinGeckoHttpOptions {
  baseUrl: string;
  apiKey: string | undefined;
  apiKeyHeader: 'x-cg-demo-api-key' | 'x-cg-pro-api-key';
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  minIntervalMs: number;
  now: () => number;
}

export class CoinGeckoHttp {
  private readonly http: JsonHttp;

  constructor({ apiKey, apiKeyHeader, ...options }: CoinGeckoHttpOptions) {
    this.http = new JsonHttp({
      ...options,
      provider: PROVIDER_NAME,
      headers: apiKey && apiKey.length > 0 ? { [apiKeyHeader]: apiKey } : {},
      refusalHint: 'API key missing, invalid or not allowed for this endpoint',
    });
  }

  /** GETs `path` (relative to the base URL) and validates the JSON answer with `schema`. */
  async get<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>> {
    return (await this.http.get(path, query, schema, signal)).data;
  }
}

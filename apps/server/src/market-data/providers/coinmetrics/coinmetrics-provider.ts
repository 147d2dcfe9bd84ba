/**
 * Coin Metrics' keyless Community API as an on-chain source: daily active addresses and transaction counts of
 * the large chains (`COINMETRICS_ASSETS`), the latest complete UTC day. One call for every mapped coin (paged
 * when Coin Metrics pages), spaced for the community tier's 10 requests per 6 s. See README.md.
 */
import type { Capability, OnChainSnapshot } from '@coinlens/market-model';
import { NotFoundError, PartialProvider, ProviderError } from '@coinlens/market-model';
import { JsonHttp } from '../../http/json-http.js';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from '../../http/retry-after.js';
import { coinMetricsAssetOf } from './coinmetrics-assets.js';
import type { DailyActivity } from './coinmetrics-mapping.js';
import { latestCompleteDays, toOnChainSnapshot } from './coinmetrics-mapping.js';
import type { AssetMetricsPage, AssetMetricsRow } from './coinmetrics-schemas.js';
import { assetMetricsPageSchema, errorEnvelopeSchema } from './coinmetrics-schemas.js';

export const COINMETRICS_BASE_URL = 'https://community-api.coinmetrics.io/v4';

const ASSET_METRICS = '/timeseries/asset-metrics';
const METRICS = 'AdrActCnt,TxCnt';
const DAY_MS = 86_400_000;

export interface CoinMetricsProviderOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Spacing between request starts. Default 700 ms (the community tier allows 10 requests per 6 s per IP). */
  minIntervalMs?: number;
  /** Days of rows asked for, so a day Coin Metrics has not finished yet falls back to the one before. Default 7. */
  lookbackDays?: number;
  /** Pages followed at most per call (one is normal). Default 5. */
  maxPages?: number;
  now?: () => number;
}

/**
 * A 429's delay: Retry-After when given, else `X-RateLimit-Reset` (seconds until the window resets, the
 * draft-polli-ratelimit-headers-03 form Coin Metrics documents), else the shared 60 s default.
 */
export function coinMetricsRateLimitDelay(status: number, headers: Headers, now: number): number | null {
  if (status !== 429) return null;
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) return parseRetryAfter(retryAfter, now) ?? DEFAULT_RETRY_AFTER_MS;
  const reset = headers.get('x-ratelimit-reset');
  const seconds = reset === null || reset.trim() === '' ? Number.NaN : Number(reset);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1_000) : DEFAULT_RETRY_AFTER_MS;
}

/**
 * Coin Metrics answers an asset it does not serve with 400 `bad_parameter` (its OpenAPI's "Asset not found");
 * the transport reads that as the 404 it means, so `JsonHttp` raises `NotFoundError` for it. Any other 400
 * passes through (and stays a malformed-request error).
 */
function unsupportedAsNotFound(base: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 400) return response;
    const text = await response.text();
    const unsupported = errorType(text) === 'bad_parameter';
    return new Response(text, {
      status: unsupported ? 404 : 400,
      statusText: unsupported ? 'Not Found' : response.statusText,
      headers: response.headers,
    });
  };
}

/** `error.type` of a Coin Metrics error envelope, or null when the body is not one. */
function errorType(text: string): string | null {
  try {
    const envelope = errorEnvelopeSchema.safeParse(JSON.parse(text));
    return envelope.success ? envelope.data.error.type : null;
  } catch {
    return null;
  }
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export class CoinMetricsProvider extends PartialProvider {
  readonly name = 'coinmetrics';
  readonly capabilities: ReadonlySet<Capability> = new Set<Capability>(['onChain']);
  private readonly http: JsonHttp;
  private readonly now: () => number;
  private readonly lookbackDays: number;
  private readonly maxPages: number;

  constructor(options: CoinMetricsProviderOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.lookbackDays = options.lookbackDays ?? 7;
    this.maxPages = options.maxPages ?? 5;
    this.http = new JsonHttp({
      provider: this.name,
      baseUrl: options.baseUrl ?? COINMETRICS_BASE_URL,
      fetch: unsupportedAsNotFound(options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
      timeoutMs: options.timeoutMs ?? 10_000,
      minIntervalMs: options.minIntervalMs ?? 700,
      now: this.now,
      rateLimitDelay: coinMetricsRateLimitDelay,
    });
  }

  /**
   * Snapshots of the asked coins Coin Metrics' community tier measures (others are left out). A coin whose
   * asset Coin Metrics does not serve, or that has no complete day in the window, is left out too.
   */
  override async getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    const coinOfAsset = new Map<string, string>();
    for (const coinId of new Set(coinIds)) {
      const asset = coinMetricsAssetOf(coinId);
      if (asset !== null && !coinOfAsset.has(asset)) coinOfAsset.set(asset, coinId);
    }
    if (coinOfAsset.size === 0) return [];
    const activity = await this.activity([...coinOfAsset.keys()], signal);
    const now = this.now();
    return [...coinOfAsset].flatMap(([asset, coinId]) => {
      const day = activity.get(asset);
      return day ? [toOnChainSnapshot(coinId, day, now)] : [];
    });
  }

  /** One daily row of Bitcoin's transaction count answers with the documented shape. */
  async healthCheck(signal: AbortSignal): Promise<boolean> {
    try {
      await this.http.get(
        ASSET_METRICS,
        { assets: 'btc', metrics: 'TxCnt', frequency: '1d', paging_from: 'end', page_size: 1 },
        assetMetricsPageSchema,
        signal,
      );
      return true;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) return false;
      throw error;
    }
  }

  /**
   * The latest complete day of every asset, in one call; when Coin Metrics refuses the batch for an asset it
   * does not serve, each asset is asked alone and the refused ones are left out. A 429 or an outage is the
   * call's error.
   */
  private async activity(
    assets: readonly string[],
    signal: AbortSignal,
  ): Promise<Map<string, DailyActivity>> {
    try {
      return latestCompleteDays(await this.rows(assets, signal), this.now());
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      if (assets.length === 1) return new Map();
    }
    const activity = new Map<string, DailyActivity>();
    for (const asset of assets) {
      try {
        for (const [key, day] of latestCompleteDays(await this.rows([asset], signal), this.now()))
          activity.set(key, day);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return activity;
  }

  /** The rows of the last `lookbackDays` days, newest page first, following `next_page_token`. */
  private async rows(assets: readonly string[], signal: AbortSignal): Promise<AssetMetricsRow[]> {
    const query = {
      assets: assets.join(','),
      metrics: METRICS,
      frequency: '1d',
      start_time: isoDay(this.now() - this.lookbackDays * DAY_MS),
      paging_from: 'end',
      page_size: Math.min(10_000, assets.length * (this.lookbackDays + 2)),
      ignore_unsupported_errors: 'true',
      ignore_forbidden_errors: 'true',
    };
    const rows: AssetMetricsRow[] = [];
    let token: string | null | undefined = null;
    for (let page = 0; page < this.maxPages; page++) {
      const answer: { data: AssetMetricsPage } = await this.http.get(
        ASSET_METRICS,
        token ? { ...query, next_page_token: token } : query,
        assetMetricsPageSchema,
        signal,
      );
      rows.push(...answer.data.data);
      token = answer.data.next_page_token;
      if (!token) break;
    }
    return rows;
  }
}

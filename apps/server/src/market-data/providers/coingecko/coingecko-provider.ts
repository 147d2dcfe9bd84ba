/**
 * CoinGecko's public REST API (v3, Demo or Pro) as a MarketDataProvider: coin and exchange profiles,
 * aggregate quotes, venue tickers, candles and exchange rates, plus helpers outside the interface
 * (supported currencies). See README.md for the endpoints,
 * the mapping and the rate-limit behaviour.
 */
import type {
  Capability,
  CandleQuery,
  TickerQuery,
  AggregateQuote,
  Candle,
  CoinProfile,
  CurrencyRate,
  DeveloperSnapshot,
  ExchangeProfile,
  ExchangeRates,
  Resolution,
  SocialSnapshot,
  VenueTicker,
} from '@coinlens/market-model';
import {
  MalformedResponseError,
  NotFoundError,
  ProviderError,
  PartialProvider,
  RateLimitedError,
} from '@coinlens/market-model';
import { candlesFromOhlc, candlesFromPoints, planCandles } from './coingecko-candles.js';
import { sleep } from '../../http/abortable-sleep.js';
import { CoinGeckoHttp, PROVIDER_NAME } from './coingecko-http.js';
import { toAggregateQuote, toCoinProfile, toExchangeProfile, toVenueTicker } from './coingecko-mapping.js';
import {
  coinDetailSchema,
  coinsMarketsSchema,
  exchangeDetailSchema,
  exchangeRatesSchema,
  exchangesSchema,
  marketChartSchema,
  ohlcSchema,
  pingSchema,
  supportedCurrenciesSchema,
  tickersSchema,
} from './coingecko-schemas.js';
import { repositoryOf, toDeveloperSnapshot, toSocialSnapshot } from './coingecko-signals.js';
import type { CoinDetail, CoinsMarketsEntry, ExchangeDetail, ExchangesEntry } from './coingecko-schemas.js';

export const COINGECKO_DEMO_BASE_URL = 'https://api.coingecko.com/api/v3';
export const COINGECKO_PRO_BASE_URL = 'https://pro-api.coingecko.com/api/v3';

export interface CoinGeckoProviderOptions {
  /** Default the Demo/public API, https://api.coingecko.com/api/v3. */
  baseUrl?: string;
  /** Sent in `apiKeyHeader` when given; never logged. */
  apiKey?: string;
  /** Default `x-cg-demo-api-key`; `x-cg-pro-api-key` for pro-api.coingecko.com. */
  apiKeyHeader?: 'x-cg-demo-api-key' | 'x-cg-pro-api-key';
  fetch?: typeof globalThis.fetch;
  /** Per request, including the body. Default 10 s. */
  timeoutMs?: number;
  /** Clock for timestamps CoinGecko does not give and for the candle window. Default Date.now. */
  now?: () => number;
  /** Client-side spacing between call starts. Default 2,100 ms (the Demo plan's 30 calls/min); tests pass 0. */
  minIntervalMs?: number;
  /** Coins listed by getCoins (top by market cap, `/coins/markets` pages of up to 250). Default 250. */
  maxCoins?: number;
  /** Of those, how many (top first) also get `/coins/{id}` detail facts. Default 50. */
  coinDetailLimit?: number;
  /** Exchanges listed by getExchanges (`/exchanges` pages of up to 250). Default 100. */
  maxExchanges?: number;
  /** Of those, how many (top first) also get `/exchanges/{id}` (centralised or DEX). Default 20. */
  exchangeDetailLimit?: number;
  /** Coin and exchange details are reused for this long. Default 24 h. */
  detailTtlMs?: number;
  /**
   * Profiles answer at once with the details already cached, and the missing details are fetched behind, one
   * call at a time, for the next call to find (a staged start: on the public tier 70 details take ~2.5 min).
   * Default false: each call waits for its details.
   */
  detailsInBackground?: boolean;
  /** Social and developer figures come from a coin detail no older than this (else it is fetched again). Default 6 h. */
  signalsTtlMs?: number;
  /** Venues whose tickers getTickers({}) reads when the query names neither coins nor venues. */
  tickerExchangeIds?: readonly string[];
  /** History the plan can serve (Demo: 365 days). */
  maxHistoryDays?: number;
}

const CAPABILITIES: readonly Capability[] = [
  'coins',
  'exchanges',
  'tickers',
  'quotes',
  'candles',
  'exchangeRates',
  'social',
  'developer',
];
const MARKETS_PAGE = 250;
const QUOTE_CHUNK = 200;
/** How long a coin list read answers quotes too (the first tick of a start follows the list at once). */
const RECENT_MARKETS_MS = 30_000;
const DEFAULT_TICKER_EXCHANGES = ['binance', 'gdax', 'kraken'] as const;
/** Failures in a row (other than a missing detail) that end reading details: the source is down. */
const FAILURES_IN_A_ROW = 3;

interface Cached<T> {
  value: T;
  at: number;
}

export class CoinGeckoProvider extends PartialProvider {
  readonly name = PROVIDER_NAME;
  readonly capabilities: ReadonlySet<Capability> = new Set(CAPABILITIES);

  private readonly http: CoinGeckoHttp;
  private readonly now: () => number;
  private readonly settings: Required<
    Pick<
      CoinGeckoProviderOptions,
      | 'maxCoins'
      | 'coinDetailLimit'
      | 'maxExchanges'
      | 'exchangeDetailLimit'
      | 'detailTtlMs'
      | 'detailsInBackground'
      | 'signalsTtlMs'
      | 'maxHistoryDays'
    >
  > & {
    tickerExchangeIds: readonly string[];
  };
  private readonly coinDetails = new Map<string, Cached<CoinDetail>>();
  private readonly exchangeDetails = new Map<string, Cached<ExchangeDetail>>();
  /** Coin and exchange ids CoinGecko answered 404 for, with when: not asked again soon. */
  private readonly missingDetails = new Map<string, number>();
  /** Coin details being fetched: profiles and signals asking for the same coin share one request. */
  private readonly coinDetailsInFlight = new Map<string, Promise<CoinDetail>>();
  /** One background detail fill at a time. */
  private fillingDetails = false;
  /** The last coin list read, which quotes within `RECENT_MARKETS_MS` reuse. */
  private recentMarkets: { at: number; byId: ReadonlyMap<string, CoinsMarketsEntry> } | null = null;

  constructor(options: CoinGeckoProviderOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.http = new CoinGeckoHttp({
      baseUrl: options.baseUrl ?? COINGECKO_DEMO_BASE_URL,
      apiKey: options.apiKey,
      apiKeyHeader: options.apiKeyHeader ?? 'x-cg-demo-api-key',
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: positive(options.timeoutMs, 10_000),
      minIntervalMs: Math.max(0, options.minIntervalMs ?? 2_100),
      now: this.now,
    });
    this.settings = {
      maxCoins: positive(options.maxCoins, 250),
      coinDetailLimit: Math.max(0, options.coinDetailLimit ?? 50),
      maxExchanges: positive(options.maxExchanges, 100),
      exchangeDetailLimit: Math.max(0, options.exchangeDetailLimit ?? 20),
      detailTtlMs: Math.max(0, options.detailTtlMs ?? 86_400_000),
      detailsInBackground: options.detailsInBackground ?? false,
      signalsTtlMs: Math.max(0, options.signalsTtlMs ?? 6 * 3_600_000),
      maxHistoryDays: positive(options.maxHistoryDays, 365),
      tickerExchangeIds: options.tickerExchangeIds ?? DEFAULT_TICKER_EXCHANGES,
    };
  }

  // ── coins ────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The top `maxCoins` coins by market cap (`/coins/markets`, paged), each enriched with its `/coins/{id}` detail
   * when one is cached (`detailTtlMs`; the signals read the same detail), and the first `coinDetailLimit` fetched
   * when missing. A detail that fails is skipped (that coin keeps its markets-only profile); a rate limit or
   * outage stops the remaining details for this call.
   */
  override async getCoins(signal: AbortSignal): Promise<CoinProfile[]> {
    const entries = await this.marketsPages(signal);
    const ids = entries.slice(0, this.settings.coinDetailLimit).map((entry) => entry.id);
    const details = await this.details(
      'coin',
      ids,
      this.coinDetails,
      (id, at) => this.coinDetail(id, at),
      signal,
    );
    return entries.map((entry) =>
      toCoinProfile(entry, details.get(entry.id) ?? this.cached(this.coinDetails, entry.id)),
    );
  }

  /** `/coins/{id}` with localization (names and descriptions per language) and without the heavy parts. */
  coinDetail(id: string, signal: AbortSignal): Promise<CoinDetail> {
    const pending = this.coinDetailsInFlight.get(id);
    if (pending) return pending;
    const request = this.fetchCoinDetail(id, signal).finally(() => this.coinDetailsInFlight.delete(id));
    this.coinDetailsInFlight.set(id, request);
    return request;
  }

  private async fetchCoinDetail(id: string, signal: AbortSignal): Promise<CoinDetail> {
    const detail = await this.http.get(
      `/coins/${encodeURIComponent(id)}`,
      {
        localization: true,
        tickers: false,
        market_data: false,
        community_data: true,
        developer_data: true,
        sparkline: false,
      },
      coinDetailSchema,
      signal,
    );
    this.coinDetails.set(id, { value: detail, at: this.now() });
    return detail;
  }

  // ── social and developer figures (community_data and developer_data of the coin detail) ───────────────

  /** Followers per platform from `/coins/{id}` (one call per coin whose detail is older than `signalsTtlMs`). */
  override getSocial(coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.fromDetails(coinIds, toSocialSnapshot, signal);
  }

  /** Repository activity from `/coins/{id}` (the same detail as getSocial: no call when both run together). */
  override getDeveloper(coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.fromDetails(coinIds, toDeveloperSnapshot, signal);
  }

  /** The `owner/name` of the coin's first GitHub repository, when a cached detail lists one (no call). */
  repositoryOf(coinId: string): string | null {
    const entry = this.coinDetails.get(coinId);
    return entry ? repositoryOf(entry.value) : null;
  }

  /**
   * Maps each coin's fresh detail; coins CoinGecko does not know or cannot describe are left out. A short rate
   * limit is waited out and a coin that fails skipped (the next read asks again); `FAILURES_IN_A_ROW` failures in
   * a row stop the fetching. What was gathered is returned, or the last failure when nothing was.
   */
  private async fromDetails<T>(
    coinIds: readonly string[],
    map: (detail: CoinDetail, now: number) => T | null,
    signal: AbortSignal,
  ): Promise<T[]> {
    const results: T[] = [];
    let failures = 0;
    let lastFailure: Error | null = null;
    for (const id of new Set(coinIds)) {
      const entry = this.coinDetails.get(id);
      let detail = entry && this.now() - entry.at <= this.settings.signalsTtlMs ? entry.value : null;
      if (!detail) {
        if (this.knownMissing(`coin:${id}`)) continue;
        try {
          detail = await this.patiently(() => this.coinDetail(id, signal), true, signal);
          failures = 0;
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          if (this.rememberMissing(`coin:${id}`, error)) continue;
          lastFailure = error instanceof Error ? error : new Error(String(error));
          if (++failures < FAILURES_IN_A_ROW) continue;
          break;
        }
      }
      const mapped = map(detail, this.now());
      if (mapped !== null) results.push(mapped);
    }
    if (results.length === 0 && lastFailure !== null) throw lastFailure;
    return results;
  }

  private async marketsPages(signal: AbortSignal): Promise<CoinsMarketsEntry[]> {
    const perPage = Math.min(MARKETS_PAGE, this.settings.maxCoins);
    const entries: CoinsMarketsEntry[] = [];
    for (let page = 1; entries.length < this.settings.maxCoins; page++) {
      const batch = await this.http.get(
        '/coins/markets',
        { vs_currency: 'usd', order: 'market_cap_desc', per_page: perPage, page, sparkline: false },
        coinsMarketsSchema,
        signal,
      );
      entries.push(...batch);
      if (batch.length < perPage) break;
    }
    const listed = dedupeById(entries).slice(0, this.settings.maxCoins);
    this.recentMarkets = { at: this.now(), byId: new Map(listed.map((entry) => [entry.id, entry])) };
    return listed;
  }

  // ── quotes ───────────────────────────────────────────────────────────────────────────────────────────

  /** `/coins/markets?ids=…` in chunks; coins without a current price are left out. */
  override async getQuotes(coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]> {
    const quotes: AggregateQuote[] = [];
    // The coin list was read moments ago (start-up): its prices are the quotes, without asking again. Once
    // only: a later tick answering the same read would call old prices new while the source may be down.
    const recent =
      this.recentMarkets && this.now() - this.recentMarkets.at <= RECENT_MARKETS_MS
        ? this.recentMarkets
        : null;
    this.recentMarkets = null;
    const ids: string[] = [];
    for (const id of new Set(coinIds)) {
      const entry = recent?.byId.get(id);
      const quote = entry ? toAggregateQuote(entry, this.now()) : null;
      if (quote) quotes.push(quote);
      else ids.push(id);
    }
    for (let start = 0; start < ids.length; start += QUOTE_CHUNK) {
      const chunk = ids.slice(start, start + QUOTE_CHUNK);
      const entries = await this.http.get(
        '/coins/markets',
        { vs_currency: 'usd', ids: chunk.join(','), per_page: MARKETS_PAGE, page: 1, sparkline: false },
        coinsMarketsSchema,
        signal,
      );
      const now = this.now();
      for (const entry of entries) {
        const quote = toAggregateQuote(entry, now);
        if (quote) quotes.push(quote);
      }
    }
    return quotes;
  }

  // ── exchanges ────────────────────────────────────────────────────────────────────────────────────────

  /** `/exchanges` (paged), the first `exchangeDetailLimit` enriched with `/exchanges/{id}` (cached). */
  override async getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    const perPage = Math.min(MARKETS_PAGE, this.settings.maxExchanges);
    const entries: ExchangesEntry[] = [];
    for (let page = 1; entries.length < this.settings.maxExchanges; page++) {
      const batch = await this.http.get('/exchanges', { per_page: perPage, page }, exchangesSchema, signal);
      entries.push(...batch);
      if (batch.length < perPage) break;
    }
    const listed = dedupeById(entries).slice(0, this.settings.maxExchanges);
    const ids = listed.slice(0, this.settings.exchangeDetailLimit).map((entry) => entry.id);
    const details = await this.details(
      'exchange',
      ids,
      this.exchangeDetails,
      (id, at) => this.exchangeDetail(id, at),
      signal,
    );
    return listed.map((entry) =>
      toExchangeProfile(entry, details.get(entry.id) ?? this.cached(this.exchangeDetails, entry.id)),
    );
  }

  async exchangeDetail(id: string, signal: AbortSignal): Promise<ExchangeDetail> {
    const detail = await this.http.get(
      `/exchanges/${encodeURIComponent(id)}`,
      { dex_pair_format: 'symbol' },
      exchangeDetailSchema,
      signal,
    );
    this.exchangeDetails.set(id, { value: detail, at: this.now() });
    return detail;
  }

  // ── tickers ──────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Venue tickers (first page, 100 per call): per venue `/exchanges/{id}/tickers` (filtered by `coin_ids` when
   * coins are named too), else per coin `/coins/{id}/tickers`, else the `tickerExchangeIds` venues.
   */
  override async getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    const coinIds = query.coinIds && query.coinIds.length > 0 ? [...new Set(query.coinIds)] : null;
    const exchangeIds =
      query.exchangeIds && query.exchangeIds.length > 0
        ? [...new Set(query.exchangeIds)]
        : coinIds
          ? null
          : [...this.settings.tickerExchangeIds];
    const tickers: VenueTicker[] = [];
    if (exchangeIds) {
      for (const exchangeId of exchangeIds) {
        const page = await this.http.get(
          `/exchanges/${encodeURIComponent(exchangeId)}/tickers`,
          { coin_ids: coinIds?.join(','), dex_pair_format: 'symbol', depth: 'true', page: 1 },
          tickersSchema,
          signal,
        );
        this.collectTickers(page.tickers, tickers, coinIds);
      }
    } else if (coinIds) {
      for (const coinId of coinIds) {
        const page = await this.http.get(
          `/coins/${encodeURIComponent(coinId)}/tickers`,
          { dex_pair_format: 'symbol', depth: 'true', page: 1 },
          tickersSchema,
          signal,
        );
        this.collectTickers(page.tickers, tickers, null);
      }
    }
    return tickers;
  }

  private collectTickers(
    source: Parameters<typeof toVenueTicker>[0][],
    into: VenueTicker[],
    coinIds: readonly string[] | null,
  ): void {
    const now = this.now();
    for (const raw of source) {
      if (coinIds && !coinIds.includes(raw.coin_id)) continue;
      const ticker = toVenueTicker(raw, now);
      if (ticker) into.push(ticker);
    }
  }

  // ── candles ──────────────────────────────────────────────────────────────────────────────────────────

  /** Candles from `/market_chart` and `/ohlc`, chosen by resolution (see coingecko-candles.ts and README). */
  override async getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]> {
    signal.throwIfAborted();
    const now = this.now();
    const to = Math.min(query.to, now);
    if (query.from >= to) return [];
    const plan = planCandles(query.resolution, query.from, now, this.settings.maxHistoryDays);
    if (plan.kind === 'none') return [];
    const from = Math.max(query.from, plan.from);
    const coin = encodeURIComponent(query.coinId);
    if (plan.kind === 'market_chart') {
      const chart = await this.marketChart(coin, plan.days, signal);
      return candlesFromPoints(chart.prices, chart.total_volumes, query.resolution, from, to, now);
    }
    const rows = await this.http.get(
      `/coins/${coin}/ohlc`,
      { vs_currency: 'usd', days: plan.ohlcDays },
      ohlcSchema,
      signal,
    );
    const chart = await this.marketChart(coin, plan.chartDays, signal);
    return candlesFromOhlc(rows, plan.bodyMs, chart.total_volumes, query.resolution, from, to, now);
  }

  /** Where the plan's history stops (the public tier: 365 days of daily candles, 90 of hourly, 1 of 5-minute). */
  historyHorizon(resolution: Resolution, now: number): number {
    const plan = planCandles(resolution, 0, now, this.settings.maxHistoryDays);
    return plan.kind === 'none' ? now : plan.from;
  }

  private marketChart(coin: string, days: number, signal: AbortSignal) {
    return this.http.get(
      `/coins/${coin}/market_chart`,
      { vs_currency: 'usd', days },
      marketChartSchema,
      signal,
    );
  }

  // ── exchange rates ───────────────────────────────────────────────────────────────────────────────────

  /** `/exchange_rates` gives units per 1 BTC; per USD = value ÷ the USD value. */
  override async getExchangeRates(signal: AbortSignal): Promise<ExchangeRates> {
    const { rates } = await this.http.get('/exchange_rates', {}, exchangeRatesSchema, signal);
    const usd = rates.usd;
    if (!usd)
      throw new MalformedResponseError(
        this.name,
        'GET /exchange_rates: missing required field "usd" at rates.usd',
      );
    if (!(usd.value > 0))
      throw new MalformedResponseError(
        this.name,
        'GET /exchange_rates: invalid field "value" at rates.usd.value: must be positive',
      );
    const converted: CurrencyRate[] = [];
    for (const [code, rate] of Object.entries(rates)) {
      if (!(Number.isFinite(rate.value) && rate.value > 0)) continue;
      converted.push({
        code: code.toUpperCase(),
        name: rate.name,
        unit: rate.unit,
        type: rate.type === 'fiat' || rate.type === 'commodity' ? rate.type : 'crypto',
        perUsd: rate.value / usd.value,
      });
    }
    return { rates: converted, timestamp: this.now() };
  }

  // ── helpers outside the interface ────────────────────────────────────────────────────────────────────

  /** `/simple/supported_vs_currencies`: the `vs_currency` codes CoinGecko accepts (lower case). */
  getSupportedCurrencies(signal: AbortSignal): Promise<string[]> {
    return this.http.get('/simple/supported_vs_currencies', {}, supportedCurrenciesSchema, signal);
  }

  /** `/ping` answers; false on any provider failure (a caller's abort still throws). */
  async healthCheck(signal: AbortSignal): Promise<boolean> {
    try {
      await this.http.get('/ping', {}, pingSchema, signal);
      return true;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ProviderError) return false;
      throw error;
    }
  }

  /**
   * The details of `ids` (top first): cached ones, and the rest fetched now or, with `detailsInBackground`,
   * behind the answer. Fetching stops at the first failure other than a missing or malformed detail (a limit
   * or an outage: the next call tries again); that coin or exchange keeps its list-derived profile.
   */
  private async details<T>(
    kind: 'coin' | 'exchange',
    ids: readonly string[],
    cache: Map<string, Cached<T>>,
    fetchOne: (id: string, signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
  ): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const id of ids) {
      const detail = this.cached(cache, id);
      if (detail) found.set(id, detail);
      else if (!this.knownMissing(`${kind}:${id}`)) missing.push(id);
    }
    /**
     * In the caller's time the first limit or outage ends the fetching; behind the answer a rate limit is waited
     * out and a failing detail skipped (the next fill retries it), until FAILURES_IN_A_ROW fail in a row.
     */
    const fetchAll = async (within: AbortSignal, background: boolean) => {
      let failures = 0;
      for (const id of missing) {
        // The signals may have read it meanwhile (a background fill takes minutes on the public tier).
        const meanwhile = this.cached(cache, id);
        if (meanwhile) {
          found.set(id, meanwhile);
          continue;
        }
        try {
          found.set(id, await this.patiently(() => fetchOne(id, within), background, within));
          failures = 0;
        } catch (error) {
          if (within.aborted) throw within.reason;
          if (this.rememberMissing(`${kind}:${id}`, error)) continue;
          if (!background || ++failures >= FAILURES_IN_A_ROW) return;
        }
      }
    };
    if (!this.settings.detailsInBackground) {
      await fetchAll(signal, false);
      return found;
    }
    if (missing.length > 0 && !this.fillingDetails) {
      this.fillingDetails = true;
      // Not the caller's signal: the fill outlives the call; bounded so a stopped server is not held for long.
      void fetchAll(AbortSignal.timeout(missing.length * 30_000), true)
        .catch(() => undefined)
        .finally(() => (this.fillingDetails = false));
    }
    return found;
  }

  /** The call, and where `patient`, once more after a rate limit's Retry-After (at most a minute) has passed. */
  private async patiently<T>(call: () => Promise<T>, patient: boolean, signal: AbortSignal): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!patient || !(error instanceof RateLimitedError) || error.retryAfterMs > 60_000) throw error;
      await sleep(error.retryAfterMs, signal);
      return call();
    }
  }

  /** Whether CoinGecko said of this detail, within `detailTtlMs`, that it has none (404). */
  private knownMissing(key: string): boolean {
    const at = this.missingDetails.get(key);
    return at !== undefined && this.now() - at <= this.settings.detailTtlMs;
  }

  /**
   * Remembers a 404 so it is not asked again soon; false for any other failure. An unreadable answer is not
   * remembered: it may be one bad response, and a day without the coin's details is too long a price for it.
   */
  private rememberMissing(key: string, error: unknown): boolean {
    if (!(error instanceof NotFoundError)) return false;
    this.missingDetails.set(key, this.now());
    return true;
  }

  private cached<T>(cache: Map<string, Cached<T>>, id: string): T | null {
    const entry = cache.get(id);
    if (!entry) return null;
    if (this.now() - entry.at > this.settings.detailTtlMs) {
      cache.delete(id);
      return null;
    }
    return entry.value;
  }
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function dedupeById<T extends { id: string }>(entries: readonly T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true)));
}

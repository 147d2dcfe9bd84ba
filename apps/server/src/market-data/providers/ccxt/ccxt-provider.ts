/**
 * Exchange tickers, order books and trades through ccxt, for the venues named in `exchanges`. Each venue's ccxt
 * module is imported on its first use (ccxt-modules.ts), so a server that does not configure this provider never
 * loads ccxt, and one that does loads only its venues. See README.md.
 */
import type { Exchange, MarketInterface as Market, Ticker } from 'ccxt';

import type {
  Capability,
  PairQuery,
  TickerQuery,
  ExchangeProfile,
  OrderBookSnapshot,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import {
  MalformedResponseError,
  NotFoundError,
  ProviderError,
  RateLimitedError,
  UnavailableError,
  PartialProvider,
  UnsupportedError,
} from '@coinlens/market-model';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from '../../http/retry-after.js';
import type { PairIdentity } from './ccxt-mapping.js';
import {
  bookSide,
  bookTimestamp,
  DEFAULT_PAR_QUOTES,
  defaultCoinIdOf,
  rewriteApiUrls,
  toExchangeProfile,
  toTradePrints,
  toVenueTicker,
} from './ccxt-mapping.js';
import { loadCcxtErrors, loadExchangeClass } from './ccxt-modules.js';
import type { CcxtErrors } from './ccxt-modules.js';

/** A market to seed instead of loading the exchange's market list over the network. */
export interface SeedMarket {
  /** The exchange's own id, e.g. `BTCUSDT`, `XXBTZUSD`, `BTC-USD`. */
  id: string;
  /** ccxt's unified symbol, e.g. `BTC/USDT`. */
  symbol: string;
  base: string;
  quote: string;
  baseId?: string;
  quoteId?: string;
}

export interface CcxtProviderOptions {
  /** ccxt exchange ids, e.g. `['binance', 'kraken', 'coinbase']`. */
  exchanges: readonly string[];
  /** Unified symbols to follow per exchange (e.g. `{ binance: ['BTC/USDT'] }`); default every spot market. */
  symbols?: Readonly<Record<string, readonly string[]>>;
  /** Replace the scheme and host of every public REST URL of an exchange (tests: the replay server). */
  urlOverrides?: Readonly<Record<string, string>>;
  /** Per HTTP request (ccxt's `timeout`). Default 10 s. */
  timeoutMs?: number;
  now?: () => number;
  /** Base symbol → coin id; default a table of well-known coins (CoinGecko ids), anything else skipped. */
  coinIdOf?: (baseSymbol: string) => string | null;
  /** USD value of one unit of a non-par quote currency (e.g. BTC, EUR); null or absent: that pair is skipped. */
  usdRateOf?: (currency: string) => number | null;
  /** Quotes taken at par with USD. Default USD, USDT, USDC. */
  parQuotes?: readonly string[];
  /** Markets to seed per exchange: no market-list request is made for that exchange. */
  markets?: Readonly<Record<string, readonly SeedMarket[]>>;
  /** ccxt id → the app's exchange id (VenueTicker.exchangeId, ExchangeProfile.id, PairQuery.exchangeId). Default identity. */
  exchangeIdOf?: (ccxtId: string) => string;
  /** Force one ticker method per exchange; default fetchTickers when the exchange has it, else fetchTicker per symbol. */
  tickerMethod?: Readonly<Record<string, 'fetchTickers' | 'fetchTicker'>>;
  /** ccxt's own request throttling by each exchange's published rate limit. Default true. */
  enableRateLimit?: boolean;
  /** Extra ccxt constructor settings per exchange (deep-merged by ccxt). */
  exchangeConfig?: Readonly<Record<string, Record<string, unknown>>>;
}

const NAME = 'ccxt';
const CAPABILITIES: readonly Capability[] = ['tickers', 'orderBooks', 'trades', 'exchanges'];
/**
 * The most order-book levels per side each venue serves in one REST call (Binance /api/v3/depth `limit` ≤ 5,000;
 * Kraken /0/public/Depth `count` ≤ 500): a deeper ask is cut to it rather than refused. Venues not listed get
 * what is asked.
 */
export const BOOK_LEVEL_LIMITS: Readonly<Record<string, number>> = { binance: 5_000, kraken: 500 };

const UNKNOWN_PAIR =
  /unknown (asset )?pair|invalid symbol|unknown symbol|symbol not found|market not found|product not found/i;

interface Venue {
  ccxtId: string;
  appId: string;
  exchange: Exchange;
  marketsReady: boolean;
}

export class CcxtProvider extends PartialProvider {
  readonly name = NAME;
  readonly capabilities: ReadonlySet<Capability> = new Set(CAPABILITIES);

  private readonly ccxtIds: readonly string[];
  private readonly now: () => number;
  private readonly coinIdOf: (base: string) => string | null;
  private readonly exchangeIdOf: (ccxtId: string) => string;
  private readonly parQuotes: ReadonlySet<string>;
  private readonly venues = new Map<string, Promise<Venue>>();
  /** ccxt's error classes, once the first venue is created. */
  private errors: CcxtErrors | undefined;

  constructor(private readonly options: CcxtProviderOptions) {
    super();
    const ids: readonly string[] = options.exchanges ?? [];
    if (ids.length === 0) throw new Error('CcxtProvider needs at least one exchange id');
    this.ccxtIds = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
    this.now = options.now ?? Date.now;
    this.coinIdOf = options.coinIdOf ?? defaultCoinIdOf;
    this.exchangeIdOf = options.exchangeIdOf ?? ((id) => id);
    this.parQuotes = new Set((options.parQuotes ?? DEFAULT_PAR_QUOTES).map((code) => code.toUpperCase()));
  }

  // ── exchanges ────────────────────────────────────────────────────────────────────────────────────────

  /** Profiles from ccxt's own description of each venue (no network). */
  override async getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    signal.throwIfAborted();
    const venues = await Promise.all(this.ccxtIds.map((id) => this.venue(id)));
    return venues.map((venue) => toExchangeProfile(venue.exchange, venue.appId));
  }

  // ── tickers ──────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Tickers of the configured symbols (default every spot market whose base maps to a coin and whose quote
   * converts to USD) on the named venues (default all). A venue that fails drops only its own tickers; when
   * every venue fails, the first failure is thrown.
   */
  override async getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    signal.throwIfAborted();
    const wanted =
      query.exchangeIds && query.exchangeIds.length > 0
        ? this.ccxtIds.filter((id) => query.exchangeIds!.includes(this.exchangeIdOf(id)))
        : this.ccxtIds;
    if (wanted.length === 0) return [];
    const coinIds = query.coinIds && query.coinIds.length > 0 ? new Set(query.coinIds) : null;
    const results = await Promise.allSettled(wanted.map((id) => this.venueTickers(id, coinIds, signal)));
    if (signal.aborted) throw signal.reason;
    const tickers: VenueTicker[] = [];
    const failures: unknown[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') tickers.push(...result.value);
      else failures.push(result.reason);
    }
    if (failures.length === results.length) throw failures[0];
    return tickers;
  }

  private async venueTickers(
    ccxtId: string,
    coinIds: ReadonlySet<string> | null,
    signal: AbortSignal,
  ): Promise<VenueTicker[]> {
    const venue = await this.venue(ccxtId);
    await this.ensureMarkets(venue, signal);
    const configured = this.options.symbols?.[ccxtId];
    const pairs = new Map<string, { pair: PairIdentity; usdPerQuote: number }>();
    for (const market of candidateMarkets(venue.exchange, configured)) {
      if (!market || !isSpot(market)) continue;
      const identity = this.identity(venue, market);
      if (!identity || (coinIds && !coinIds.has(identity.coinId))) continue;
      const usdPerQuote = this.usdPerUnit(identity.quote);
      if (usdPerQuote === null) continue;
      pairs.set(market.symbol, { pair: identity, usdPerQuote });
    }
    if (pairs.size === 0) return [];

    const method =
      this.options.tickerMethod?.[ccxtId] ??
      (venue.exchange.has.fetchTickers ? 'fetchTickers' : 'fetchTicker');
    const raw: Ticker[] = [];
    if (method === 'fetchTickers') {
      const symbols = configured ? [...pairs.keys()] : undefined;
      const tickers = await this.call(venue, signal, () => venue.exchange.fetchTickers(symbols));
      if (tickers === null || typeof tickers !== 'object')
        throw new MalformedResponseError(this.name, `${ccxtId} fetchTickers: not a ticker dictionary`);
      raw.push(...Object.values(tickers));
    } else {
      for (const symbol of pairs.keys()) {
        try {
          raw.push(await this.call(venue, signal, () => venue.exchange.fetchTicker(symbol)));
        } catch (error) {
          if (error instanceof NotFoundError) continue;
          throw error;
        }
      }
    }

    // One unusable ticker among many is dropped; a single-ticker answer, or a batch where none is usable, is malformed.
    const now = this.now();
    const tickers: VenueTicker[] = [];
    let unusable: string | null = null;
    for (const ticker of raw) {
      const symbol: unknown = (ticker as Ticker | null | undefined)?.symbol;
      const entry = typeof symbol === 'string' ? pairs.get(symbol) : undefined;
      if (typeof symbol !== 'string' || !entry) continue;
      const mapped = toVenueTicker(ticker, entry.pair, entry.usdPerQuote, now);
      if (mapped) tickers.push(mapped);
      else if (method === 'fetchTicker')
        throw new MalformedResponseError(
          this.name,
          `${ccxtId} fetchTicker ${symbol}: missing required field "last"`,
        );
      else unusable ??= symbol;
    }
    if (tickers.length === 0 && unusable !== null)
      throw new MalformedResponseError(
        this.name,
        `${ccxtId} fetchTickers ${unusable}: missing required field "last"`,
      );
    return tickers;
  }

  // ── order books and trades ───────────────────────────────────────────────────────────────────────────

  override async getOrderBook(
    pair: PairQuery,
    depth: number,
    signal: AbortSignal,
  ): Promise<OrderBookSnapshot> {
    const { venue, market, identity } = await this.resolvePair(pair, signal);
    const limit = Math.max(1, Math.min(Math.floor(depth), BOOK_LEVEL_LIMITS[venue.ccxtId] ?? Infinity));
    const book = await this.call(venue, signal, () => venue.exchange.fetchOrderBook(market.symbol, limit));
    if (book === null || typeof book !== 'object')
      throw new MalformedResponseError(
        this.name,
        `${venue.ccxtId} fetchOrderBook ${market.symbol}: not an order book`,
      );
    const bids = bookSide(book.bids, 'bids', limit);
    if (!bids)
      throw new MalformedResponseError(
        this.name,
        `${venue.ccxtId} fetchOrderBook ${market.symbol}: invalid field "bids"`,
      );
    const asks = bookSide(book.asks, 'asks', limit);
    if (!asks)
      throw new MalformedResponseError(
        this.name,
        `${venue.ccxtId} fetchOrderBook ${market.symbol}: invalid field "asks"`,
      );
    return { ...identity, bids, asks, timestamp: bookTimestamp(book, this.now()) };
  }

  override async getTrades(
    pair: PairQuery,
    since: number | null,
    signal: AbortSignal,
  ): Promise<TradePrint[]> {
    const { venue, market, identity } = await this.resolvePair(pair, signal);
    const trades = await this.call(venue, signal, () =>
      venue.exchange.fetchTrades(market.symbol, since ?? undefined),
    );
    if (!Array.isArray(trades))
      throw new MalformedResponseError(
        this.name,
        `${venue.ccxtId} fetchTrades ${market.symbol}: not a list of trades`,
      );
    return toTradePrints(trades, identity, since, this.now());
  }

  /** True when at least one venue answers its market list. */
  async healthCheck(signal: AbortSignal): Promise<boolean> {
    const results = await Promise.allSettled(
      this.ccxtIds.map(async (id) => {
        const venue = await this.venue(id);
        await this.ensureMarkets(venue, signal);
      }),
    );
    if (signal.aborted) throw signal.reason;
    return results.some((result) => result.status === 'fulfilled');
  }

  // ── internals ────────────────────────────────────────────────────────────────────────────────────────

  /** The ccxt instance of a venue, created once: public URLs overridden, markets seeded, spot markets only. */
  private venue(ccxtId: string): Promise<Venue> {
    let venue = this.venues.get(ccxtId);
    if (!venue) {
      venue = this.createVenue(ccxtId);
      this.venues.set(ccxtId, venue);
      venue.catch(() => this.venues.delete(ccxtId));
    }
    return venue;
  }

  private async createVenue(ccxtId: string): Promise<Venue> {
    const [Constructor, errors] = await Promise.all([loadExchangeClass(ccxtId), loadCcxtErrors()]);
    this.errors = errors;
    if (!Constructor) throw new NotFoundError(this.name, `unknown ccxt exchange "${ccxtId}"`);
    const exchange = new Constructor({
      timeout: this.options.timeoutMs ?? 10_000,
      enableRateLimit: this.options.enableRateLimit ?? true,
      // Public market data only: no currency list (often a private endpoint), spot markets by default.
      has: { fetchCurrencies: false },
      options: { defaultType: 'spot' },
      ...(this.options.exchangeConfig?.[ccxtId] ?? {}),
    });
    restrictToSpot(exchange);
    rejectMalformedJson(exchange, errors);
    const override = this.options.urlOverrides?.[ccxtId];
    if (override) exchange.urls.api = rewriteApiUrls(exchange.urls.api, override);
    const seed = this.options.markets?.[ccxtId];
    if (seed) exchange.setMarkets(seed.map(seedMarket));
    return { ccxtId, appId: this.exchangeIdOf(ccxtId), exchange, marketsReady: seed !== undefined };
  }

  /** loadMarkets, retried on the next call after a failure (ccxt would otherwise keep the rejected promise). */
  private async ensureMarkets(venue: Venue, signal: AbortSignal): Promise<void> {
    if (venue.marketsReady) return;
    await this.call(venue, signal, () => venue.exchange.loadMarkets(true));
    venue.marketsReady = true;
  }

  private async resolvePair(
    pair: PairQuery,
    signal: AbortSignal,
  ): Promise<{ venue: Venue; market: Market; identity: PairIdentity }> {
    signal.throwIfAborted();
    const ccxtId = this.ccxtIds.find((id) => this.exchangeIdOf(id) === pair.exchangeId);
    if (!ccxtId) throw new NotFoundError(this.name, `exchange "${pair.exchangeId}" is not configured`);
    const venue = await this.venue(ccxtId);
    await this.ensureMarkets(venue, signal);
    const quote = pair.quote.toUpperCase();
    for (const market of candidateMarkets(venue.exchange, this.options.symbols?.[ccxtId])) {
      if (!market || !isSpot(market) || market.quote?.toUpperCase() !== quote) continue;
      const identity = this.identity(venue, market);
      if (identity && identity.coinId === pair.coinId) return { venue, market, identity };
    }
    throw new NotFoundError(this.name, `${ccxtId} has no ${pair.coinId}/${quote} market`);
  }

  private identity(venue: Venue, market: Market): PairIdentity | null {
    const base = market.base?.toUpperCase();
    const quote = market.quote?.toUpperCase();
    if (!base || !quote) return null;
    const coinId = this.coinIdOf(base);
    return coinId ? { exchangeId: venue.appId, coinId, base, quote } : null;
  }

  private usdPerUnit(quote: string): number | null {
    if (this.parQuotes.has(quote)) return 1;
    const rate = this.options.usdRateOf?.(quote);
    return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null;
  }

  /** Runs a ccxt call, honouring the caller's signal (ccxt takes none: the request is left to time out). */
  private async call<T>(venue: Venue, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    try {
      return await raceAbort(run(), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw this.mapError(error, venue);
    }
  }

  /** ccxt's error classes → the provider's typed errors. */
  private mapError(error: unknown, venue: Venue): Error {
    if (error instanceof ProviderError) return error;
    const ccxt = this.errors;
    const message = `${venue.ccxtId}: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      400,
    );
    if (ccxt) {
      if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.DDoSProtection) {
        const headers = venue.exchange.last_response_headers ?? {};
        const retryAfter = headers['Retry-After'] ?? headers['retry-after'];
        return new RateLimitedError(
          this.name,
          parseRetryAfter(retryAfter, this.now()) ?? DEFAULT_RETRY_AFTER_MS,
        );
      }
      if (error instanceof ccxt.BadSymbol) return new NotFoundError(this.name, message, { cause: error });
      // ccxt files every HTTP 404 under ExchangeNotAvailable; for a pair request it means the pair is not there.
      if (
        error instanceof ccxt.ExchangeNotAvailable &&
        !(error instanceof ccxt.OnMaintenance) &&
        / 404 /.test(error.message)
      )
        return new NotFoundError(this.name, message, { cause: error });
      if (error instanceof ccxt.NotSupported)
        return new UnsupportedError(this.name, message, { cause: error });
      if (error instanceof ccxt.NetworkError)
        return new UnavailableError(this.name, message, { cause: error });
      // Some venues report an unknown pair as a generic ExchangeError (Kraken: "EQuery:Unknown asset pair").
      if (error instanceof ccxt.ExchangeError && UNKNOWN_PAIR.test(error.message))
        return new NotFoundError(this.name, message, { cause: error });
    }
    return new MalformedResponseError(this.name, message, { cause: error });
  }
}

/** The configured symbols' markets, or every market of the venue. */
function candidateMarkets(
  exchange: Exchange,
  configured: readonly string[] | undefined,
): (Market | undefined)[] {
  const markets = (exchange.markets ?? {}) as Record<string, Market | undefined>;
  return configured ? configured.map((symbol) => markets[symbol]) : Object.values(markets);
}

function isSpot(market: Market): boolean {
  return market.spot !== false && market.contract !== true && market.active !== false;
}

/** Many exchanges list spot, swap, futures and options by default; only spot is asked for. */
function restrictToSpot(exchange: Exchange): void {
  const option: unknown = exchange.options.fetchMarkets;
  if (Array.isArray(option) && option.includes('spot')) exchange.options.fetchMarkets = ['spot'];
  else if (
    option !== null &&
    typeof option === 'object' &&
    Array.isArray((option as { types?: unknown }).types) &&
    (option as { types: unknown[] }).types.includes('spot')
  )
    (option as { types: string[] }).types = ['spot'];
}

/**
 * ccxt hands an unparseable 2xx body to the exchange's parser as a string, which then yields empty structures
 * (an empty book, no tickers). Such a body is rejected here as ccxt's BadResponse instead.
 */
function rejectMalformedJson(exchange: Exchange, ccxt: CcxtErrors): void {
  const original = exchange.onRestResponse.bind(exchange) as (...args: unknown[]) => unknown;
  exchange.onRestResponse = (
    statusCode: unknown,
    statusText: unknown,
    url: unknown,
    method: unknown,
    ...rest: unknown[]
  ): unknown => {
    const body = original(statusCode, statusText, url, method, ...rest);
    if (
      typeof statusCode === 'number' &&
      statusCode >= 200 &&
      statusCode < 300 &&
      typeof body === 'string' &&
      body.length > 0
    ) {
      try {
        JSON.parse(body);
      } catch {
        throw new ccxt.BadResponse(
          `${exchange.id} ${String(method)} ${String(url)} answered malformed JSON (${body.length} bytes)`,
        );
      }
    }
    return body;
  };
}

function seedMarket(seed: SeedMarket): Record<string, unknown> {
  return {
    id: seed.id,
    symbol: seed.symbol,
    base: seed.base,
    quote: seed.quote,
    baseId: seed.baseId ?? seed.base,
    quoteId: seed.quoteId ?? seed.quote,
    type: 'spot',
    spot: true,
    margin: false,
    swap: false,
    future: false,
    option: false,
    contract: false,
    active: true,
    precision: { amount: undefined, price: undefined },
    limits: { amount: {}, price: {}, cost: {}, leverage: {} },
    info: {},
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

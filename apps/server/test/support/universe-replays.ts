/**
 * Replays of every live source for a whole universe, on loopback, built at run time from the real material of
 * ../shared/external (never copied into the repository; `universeMaterialPresent` says whether it is here):
 *
 * - CoinGecko (universe/coingecko-universe.ts): the real 250-coin `/coins/markets` capture, paged and filtered,
 *   its prices moving with the clock; a distinct `/coins/{id}` detail and `/coins/{id}/tickers` over 25 venues per
 *   coin; `market_chart` and `ohlc` on each coin's own price, strictly inside its recorded ATH/ATL; `/exchanges`,
 *   `/exchanges/{id}`, `/exchanges/{id}/tickers`, `/exchange_rates`, `/ping`.
 * - ccxt's Binance and Kraken (universe/ccxt-venues.ts): real market lists, real tapes played in real time, real
 *   books, laid onto the universe's prices and volumes.
 * - DefiLlama, Coin Metrics, GitHub and news as in live-replays.ts (the same routes, test/support/replay-routes.ts).
 * - Failures sprinkled in (universe/faults.ts), fixed by the seed: 404s for the coins CoinGecko "does not know",
 *   429s with `Retry-After`, timeouts and dropped connections on CoinGecko; Kraken slow, rate-limited and timing
 *   out now and then; Binance clean.
 *
 * `counts` tallies requests per source and route (`coingecko /coins/{id}/tickers`, `binance depth`, …);
 * `env` is the server's environment (MARKET_SOURCE=live, every base URL, the request spacing and time limit).
 */
import { ReplayServer } from '../../src/market-data/testing/replay-server.js';
import type { RecordedRequest, ReplayResponse } from '../../src/market-data/testing/replay-server.js';
import { routeCoinMetrics, routeDefiLlama, routeGitHub } from './replay-routes.js';
import { CcxtVenues } from './universe/ccxt-venues.js';
import { CoinGeckoUniverse } from './universe/coingecko-universe.js';
import { FaultPlan, NO_FAULTS, RequestCounts } from './universe/faults.js';
import type { FaultKind, SourceFaults } from './universe/faults.js';
import {
  binanceDeepBook,
  binanceExchangeInfo,
  capturedMarkets,
  catalogCoins,
  catalogExchanges,
  cointelegraphFeed,
  krakenAssetPairs,
  krakenBook,
  providerFixture,
  tapesByName,
} from './universe/material.js';

export { universeMaterialPresent, SHARED_EXTERNAL } from './universe/material.js';
export type { CoinGeckoUniverse } from './universe/coingecko-universe.js';

export interface UniverseReplayOptions {
  /** Fixes the universe and its failures. Default `coinlens-soak`. */
  seed?: string;
  /** The server's per-request time limit (MARKET_REQUEST_TIMEOUT_MS); timeouts are held 1.5 s longer. Default 2,000. */
  requestTimeoutMs?: number;
  /** CoinGecko's request spacing (COINGECKO_MIN_INTERVAL_MS). Default 50. */
  coingeckoSpacingMs?: number;
  /** Failures per source; default the sprinkling described above. `false`: none. */
  faults?: Partial<Record<'coingecko' | 'binance' | 'kraken', SourceFaults>> | false;
  now?: () => number;
}

export interface UniverseReplays {
  universe: CoinGeckoUniverse;
  coingecko: ReplayServer;
  /** Binance under `/api/v3/…`, Kraken under `/0/public/…` (two servers: their failures are their own). */
  binance: ReplayServer;
  kraken: ReplayServer;
  defillama: ReplayServer;
  /** Coin Metrics' community API (on-chain activity). */
  coinmetrics: ReplayServer;
  github: ReplayServer;
  /** News and official posts. */
  news: ReplayServer;
  counts: RequestCounts;
  /** Failures served, per source and kind. */
  failures: RequestCounts;
  env: Record<string, string>;
  close(): Promise<void>;
}

const DEFAULT_FAULTS: Record<'coingecko' | 'binance' | 'kraken', SourceFaults> = {
  coingecko: {
    rateLimited: 0.02,
    retryAfterSeconds: 2,
    timedOut: 0.01,
    dropped: 0.005,
    sparedFirst: 4,
    spare: (path) => path === '/ping',
  },
  binance: NO_FAULTS,
  kraken: {
    rateLimited: 0.03,
    retryAfterSeconds: 1,
    timedOut: 0.03,
    dropped: 0.01,
    latencyMs: [150, 700],
    sparedFirst: 1,
  },
};

/** CoinGecko's routes with their count labels. */
function coingeckoRoute(path: string): string {
  if (path.startsWith('/coins/markets')) return '/coins/markets';
  if (/^\/coins\/[^/]+\/tickers$/.test(path)) return '/coins/{id}/tickers';
  if (/^\/coins\/[^/]+\/market_chart$/.test(path)) return '/coins/{id}/market_chart';
  if (/^\/coins\/[^/]+\/ohlc$/.test(path)) return '/coins/{id}/ohlc';
  if (/^\/coins\/[^/]+$/.test(path)) return '/coins/{id}';
  if (/^\/exchanges\/[^/]+\/tickers$/.test(path)) return '/exchanges/{id}/tickers';
  if (/^\/exchanges\/[^/]+$/.test(path)) return '/exchanges/{id}';
  return path;
}

const notFound = (what: string): ReplayResponse => ({ status: 404, json: { error: `${what} not found` } });

export async function startUniverseReplays(options: UniverseReplayOptions = {}): Promise<UniverseReplays> {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 'coinlens-soak';
  const timeoutMs = options.requestTimeoutMs ?? 2_000;
  const start = now();
  const universe = new CoinGeckoUniverse({
    seed,
    start,
    capture: capturedMarkets(),
    catalog: catalogCoins(),
    catalogExchanges: catalogExchanges(),
    exchangeRates: providerFixture('coingecko', 'exchange-rates.json') as ConstructorParameters<
      typeof CoinGeckoUniverse
    >[0]['exchangeRates'],
  });
  const venues = new CcxtVenues(
    universe,
    {
      binanceExchangeInfo: binanceExchangeInfo(),
      krakenAssetPairs: krakenAssetPairs(),
      binanceBooks: { bitcoin: binanceDeepBook('btcusdt'), ethereum: binanceDeepBook('ethusdt') },
      krakenBooks: { bitcoin: krakenBook('XBT/CHF'), ethereum: krakenBook('ETH/CHF') },
      tapes: tapesByName(),
    },
    start,
  );
  const faults = new FaultPlan(
    seed,
    timeoutMs + 1_500,
    options.faults === false ? {} : { ...DEFAULT_FAULTS, ...(options.faults ?? {}) },
  );
  const counts = new RequestCounts();
  const failures = new RequestCounts();
  const serverOptions = { maxLog: 2_000, maxDelayMs: 30_000 };
  const startOne = () => ReplayServer.start(serverOptions);
  const [coingecko, binance, kraken, defillama, coinmetrics, github, news] = await Promise.all([
    startOne(),
    startOne(),
    startOne(),
    startOne(),
    startOne(),
    startOne(),
    startOne(),
  ]);

  /** One catch-all route per server: count, maybe fail, else answer (unknown paths 404, as the real APIs). */
  const serve = (
    server: ReplayServer,
    source: 'coingecko' | 'binance' | 'kraken',
    label: (path: string) => string,
    answer: (request: RecordedRequest, at: number) => ReplayResponse | null,
  ) =>
    server.route({ path: () => true }, (request) => {
      counts.hit(source, label(request.path));
      const decision = faults.decide(source, request);
      if (decision.failure) {
        failures.hit(source, decision.kind as FaultKind);
        return decision.failure;
      }
      const response = answer(request, now()) ?? notFound(request.path);
      return decision.delayMs > 0 ? { ...response, delayMs: decision.delayMs } : response;
    });

  const ping = providerFixture('coingecko', 'ping.json');
  const currencies = providerFixture('coingecko', 'supported-vs-currencies.json');
  serve(coingecko, 'coingecko', coingeckoRoute, (request, at) => {
    const { path, query } = request;
    const json = (value: unknown, what: string): ReplayResponse =>
      value === null ? notFound(what) : { json: value };
    if (path === '/ping') return { json: ping };
    if (path === '/simple/supported_vs_currencies') return { json: currencies };
    if (path === '/coins/markets') return { json: universe.markets(query, at) };
    if (path === '/exchanges') return { json: universe.exchanges(query, at) };
    if (path === '/exchange_rates') return { json: universe.exchangeRates(at) };
    let match = /^\/coins\/([^/]+)\/(tickers|market_chart|ohlc)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      if (match[2] === 'tickers') return json(universe.coinTickers(id, at), 'coin');
      if (match[2] === 'market_chart') return json(universe.marketChart(id, query, at), 'coin');
      return json(universe.ohlc(id, query, at), 'coin');
    }
    match = /^\/coins\/([^/]+)$/.exec(path);
    if (match) return json(universe.detail(decodeURIComponent(match[1]!), at), 'coin');
    match = /^\/exchanges\/([^/]+)\/tickers$/.exec(path);
    if (match) return json(universe.exchangeTickers(decodeURIComponent(match[1]!), query, at), 'exchange');
    match = /^\/exchanges\/([^/]+)$/.exec(path);
    if (match) return json(universe.exchangeDetail(decodeURIComponent(match[1]!), at), 'exchange');
    return null;
  });
  const venueLabel = (path: string) => path.replace(/^\/(api\/v3|0\/public)\//, '');
  serve(binance, 'binance', venueLabel, (request, at) => venues.binanceRoute(request, at));
  serve(kraken, 'kraken', venueLabel, (request, at) => venues.krakenRoute(request, at));
  routeDefiLlama(defillama);
  routeCoinMetrics(coinmetrics);
  routeGitHub(github);
  news.route(
    { path: '/news.xml' },
    { body: cointelegraphFeed(), headers: { 'content-type': 'application/rss+xml' } },
  );

  const servers = [coingecko, binance, kraken, defillama, coinmetrics, github, news];
  return {
    universe,
    coingecko,
    binance,
    kraken,
    defillama,
    coinmetrics,
    github,
    news,
    counts,
    failures,
    env: {
      MARKET_SOURCE: 'live',
      COINGECKO_BASE_URL: coingecko.url,
      COINGECKO_MIN_INTERVAL_MS: String(options.coingeckoSpacingMs ?? 50),
      DEFILLAMA_BASE_URL: defillama.url,
      COINMETRICS_BASE_URL: coinmetrics.url,
      GITHUB_API_URL: github.url,
      CCXT_EXCHANGES: 'binance,kraken',
      CCXT_URL_OVERRIDES: `binance=${binance.url},kraken=${kraken.url}`,
      NEWS_FEEDS: `${news.url}/news.xml`,
      OFFICIAL_SOURCES: `bitcoin=${news.url}/news.xml`,
      MARKET_REQUEST_TIMEOUT_MS: String(timeoutMs),
      MARKET_TICK_MS: '1000',
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

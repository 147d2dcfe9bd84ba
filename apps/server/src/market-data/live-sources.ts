/**
 * `MARKET_SOURCE=live`: CoinGecko for coins, quotes, candles, rates, exchanges, tickers, social and developer;
 * ccxt for order books and trades; DefiLlama and Coin Metrics for on-chain (merged); GitHub as the developer
 * fallback. Each source sits behind its own ProviderFacade, so its concurrency, time limit and 429 pause are its
 * own: a CoinGecko rate limit does not hold up ccxt's books and vice versa. Request spacing lives in each source's HTTP layer
 * (CoinGecko 2.1 s, DefiLlama and GitHub 1 s, Coin Metrics 0.7 s, ccxt its per-exchange limiter), which is where a
 * limit counts calls.
 */
import type { AppConfig } from '../config/config.js';
import { CompositeProvider } from './composite-provider.js';
import type { FacadeOptions } from './provider-facade.js';
import { ProviderFacade } from './provider-facade.js';
import { CcxtProvider } from './providers/ccxt/ccxt-provider.js';
import { CoinGeckoProvider } from './providers/coingecko/coingecko-provider.js';
import { CoinMetricsProvider } from './providers/coinmetrics/coinmetrics-provider.js';
import { DefiLlamaProvider } from './providers/defillama/defillama-provider.js';
import { GitHubProvider } from './providers/github/github-provider.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** ccxt ids whose CoinGecko exchange id differs (tickers, and so PairQuery, carry CoinGecko's ids). */
const COINGECKO_EXCHANGE_IDS: Readonly<Record<string, string>> = { coinbase: 'gdax' };

/** The largest spot pairs per venue whose books and tapes are sampled. */
export const CCXT_DEFAULT_SYMBOLS: Readonly<Record<string, readonly string[]>> = {
  binance: ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT', 'BNB/USDT', 'DOGE/USDT'],
  kraken: ['BTC/USD', 'ETH/USD', 'SOL/USD', 'XRP/USD'],
  coinbase: ['BTC/USD', 'ETH/USD', 'SOL/USD', 'XRP/USD'],
  bitstamp: ['BTC/USD', 'ETH/USD', 'XRP/USD'],
  gemini: ['BTC/USD', 'ETH/USD', 'SOL/USD'],
};

/** Per source: multi-call methods (250 coin details) may take minutes, each HTTP request is bounded below. */
const FACADES: Readonly<
  Record<'coingecko' | 'ccxt' | 'defillama' | 'coinmetrics' | 'github', Omit<FacadeOptions, 'now'>>
> = {
  coingecko: {
    timeoutMs: 20 * MINUTE,
    maxConcurrent: 2,
    minIntervalMs: 0,
    maxBatchSize: 250,
    // Profiles and signals a minute only: the provider keeps the details they are mapped from itself (24 h, 6 h), and
    // a re-read must find the details fetched since, not the first answer of a staged start (list-only, partial).
    cacheTtlMs: { profiles: MINUTE, rates: 5 * MINUTE, signals: MINUTE },
  },
  ccxt: {
    timeoutMs: 30_000,
    maxConcurrent: 4,
    minIntervalMs: 0,
    maxBatchSize: 1_000,
    cacheTtlMs: { profiles: 6 * HOUR, rates: MINUTE, signals: MINUTE },
  },
  defillama: {
    timeoutMs: 3 * MINUTE,
    maxConcurrent: 1,
    minIntervalMs: 0,
    maxBatchSize: 1_000,
    cacheTtlMs: { profiles: HOUR, rates: HOUR, signals: HOUR },
  },
  // Daily figures of ~9 chains in one request: read at most hourly, 700 ms apart in its HTTP layer (10 per 6 s).
  coinmetrics: {
    timeoutMs: MINUTE,
    maxConcurrent: 1,
    minIntervalMs: 700,
    maxBatchSize: 1_000,
    cacheTtlMs: { profiles: HOUR, rates: HOUR, signals: HOUR },
  },
  github: {
    timeoutMs: 3 * MINUTE,
    maxConcurrent: 1,
    minIntervalMs: 0,
    maxBatchSize: 1_000,
    cacheTtlMs: { profiles: HOUR, rates: HOUR, signals: HOUR },
  },
};

export function createCoinGecko(
  config: AppConfig,
  now: () => number,
  staged: { detailsInBackground?: boolean; coinDetailLimit?: number } = {},
): CoinGeckoProvider {
  return new CoinGeckoProvider({
    ...staged,
    baseUrl: config.COINGECKO_BASE_URL,
    ...(config.COINGECKO_API_KEY ? { apiKey: config.COINGECKO_API_KEY } : {}),
    minIntervalMs: config.COINGECKO_MIN_INTERVAL_MS,
    ...requestTimeout(config),
    now,
  });
}

/** MARKET_REQUEST_TIMEOUT_MS for every source when set; otherwise each keeps its own default. */
function requestTimeout(config: AppConfig): { timeoutMs?: number } {
  return config.MARKET_REQUEST_TIMEOUT_MS === undefined
    ? {}
    : { timeoutMs: config.MARKET_REQUEST_TIMEOUT_MS };
}

/** The composed live provider (already behind its per-source facades). */
export function createLiveProvider(config: AppConfig, now: () => number): CompositeProvider {
  const facade = (provider: ConstructorParameters<typeof ProviderFacade>[0], name: keyof typeof FACADES) =>
    new ProviderFacade(provider, { ...FACADES[name], now });
  // Live start is staged: profiles answer from the market list at once, every coin's details fill in behind.
  const coingeckoSource = createCoinGecko(config, now, {
    detailsInBackground: true,
    coinDetailLimit: Number.POSITIVE_INFINITY,
  });
  const coingecko = facade(coingeckoSource, 'coingecko');
  const ccxt = facade(
    new CcxtProvider({
      exchanges: config.CCXT_EXCHANGES,
      symbols: CCXT_DEFAULT_SYMBOLS,
      urlOverrides: config.CCXT_URL_OVERRIDES,
      exchangeIdOf: (id) => COINGECKO_EXCHANGE_IDS[id] ?? id,
      ...requestTimeout(config),
      now,
    }),
    'ccxt',
  );
  const defillama = facade(
    new DefiLlamaProvider({ baseUrl: config.DEFILLAMA_BASE_URL, ...requestTimeout(config), now }),
    'defillama',
  );
  const coinmetrics = facade(
    new CoinMetricsProvider({ baseUrl: config.COINMETRICS_BASE_URL, ...requestTimeout(config), now }),
    'coinmetrics',
  );
  const github = facade(
    new GitHubProvider({
      baseUrl: config.GITHUB_API_URL,
      ...(config.GITHUB_TOKEN ? { token: config.GITHUB_TOKEN } : {}),
      repositoryOf: (coinId) => coingeckoSource.repositoryOf(coinId),
      ...requestTimeout(config),
      now,
    }),
    'github',
  );
  return new CompositeProvider(
    'live',
    {
      coins: [coingecko],
      quotes: [coingecko],
      candles: [coingecko],
      exchangeRates: [coingecko],
      exchanges: [coingecko],
      tickers: [coingecko],
      social: [coingecko],
      developer: [coingecko, github],
      orderBooks: [ccxt],
      trades: [ccxt],
      onChain: [defillama, coinmetrics],
    },
    coingecko,
  );
}

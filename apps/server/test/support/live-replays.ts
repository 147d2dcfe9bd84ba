/**
 * Replays of every live source on loopback, for a server started with MARKET_SOURCE=live (or auto) that never
 * touches the internet: CoinGecko (the real captures of ../shared/external/coingecko-captured when present,
 * else the provider's hand-written fixtures), DefiLlama, Coin Metrics and GitHub (their fixtures), ccxt's
 * Binance and Kraken (the ccxt fixtures, served under each exchange's API paths). `env` holds the base URLs to
 * pass to the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { ReplayServer } from '../../src/market-data/testing/replay-server.js';
import { routeCoinMetrics, routeDefiLlama, routeGitHub } from './replay-routes.js';

const PROVIDERS = new URL('../../src/market-data/providers/', import.meta.url);
const CAPTURED = fileURLToPath(
  new URL('../../../../../shared/external/coingecko-captured/', import.meta.url),
);

function json(provider: string, name: string): unknown {
  return JSON.parse(readFileSync(new URL(`${provider}/__fixtures__/${name}`, PROVIDERS), 'utf8'));
}

function captured(name: string, fallback: () => unknown, as: 'json' | 'text' = 'json'): unknown {
  const path = `${CAPTURED}${name}`;
  if (!existsSync(path)) return fallback();
  const text = readFileSync(path, 'utf8');
  return as === 'json' ? (JSON.parse(text) as unknown) : text;
}

const MINIMAL_FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Replay</title>
<item><title>Bitcoin holds above its range</title><link>https://example.org/a</link><guid>a</guid>
<pubDate>Thu, 26 Nov 2026 08:00:00 GMT</pubDate><description>Replayed item.</description></item>
</channel></rss>`;

export interface LiveReplays {
  coingecko: ReplayServer;
  defillama: ReplayServer;
  /** Coin Metrics' community API: `/timeseries/asset-metrics` answers its fixture whatever the assets asked. */
  coinmetrics: ReplayServer;
  github: ReplayServer;
  /** Binance under `/api/v3/…`, Kraken under `/0/public/…` on one server. */
  exchanges: ReplayServer;
  /** MARKET_SOURCE=live and every base URL; spread into the server's environment. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLiveReplays(): Promise<LiveReplays> {
  const [coingecko, defillama, coinmetrics, github, exchanges] = await Promise.all([
    ReplayServer.start(),
    ReplayServer.start(),
    ReplayServer.start(),
    ReplayServer.start(),
    ReplayServer.start(),
  ]);
  const cg = (name: string) => json('coingecko', name);
  coingecko
    .json('/ping', cg('ping.json'))
    .json(
      '/coins/markets',
      captured('coins_markets.json', () => cg('coins-markets.json')),
    )
    // Last registered wins: the detail pattern must not swallow /coins/markets.
    .json(/^\/coins\/(?!markets$|categories$)[^/]+$/, cg('coin-bitcoin.json'))
    .json(/^\/coins\/[^/]+\/tickers$/, cg('coin-tickers-bitcoin.json'))
    .json(
      /^\/coins\/[^/]+\/market_chart$/,
      captured('market_chart.json', () => cg('market-chart-bitcoin-1d.json')),
    )
    .json(/^\/coins\/[^/]+\/ohlc$/, cg('ohlc-bitcoin-1d.json'))
    .json('/exchanges', cg('exchanges.json'))
    .json(/^\/exchanges\/[^/]+$/, cg('exchange-binance.json'))
    .json(/^\/exchanges\/[^/]+\/tickers$/, cg('exchange-tickers-binance.json'))
    .json('/exchange_rates', cg('exchange-rates.json'));
  routeDefiLlama(defillama);
  routeCoinMetrics(coinmetrics);
  routeGitHub(github);
  const cx = (name: string) => json('ccxt', name);
  exchanges
    .json('/api/v3/exchangeInfo', cx('binance-exchangeInfo.json'))
    .json('/api/v3/ticker/24hr', cx('binance-ticker-24hr.json'))
    .json('/api/v3/depth', cx('binance-depth-BTCUSDT.json'))
    .json('/api/v3/aggTrades', cx('binance-aggTrades-BTCUSDT.json'))
    .json('/0/public/AssetPairs', cx('kraken-AssetPairs.json'))
    .json('/0/public/Ticker', cx('kraken-Ticker.json'))
    .json('/0/public/Depth', cx('kraken-Depth-XXBTZUSD.json'))
    .json('/0/public/Trades', cx('kraken-Trades-XXBTZUSD.json'));
  // News and an official blog on loopback too: a live server would otherwise read the default public feeds.
  const feed = captured('../realdata/rss/cointelegraph_rss_2026-09-30.xml', () => MINIMAL_FEED, 'text');
  exchanges.route(
    { path: '/news.xml' },
    { body: feed as string, headers: { 'content-type': 'application/rss+xml' } },
  );
  const servers = [coingecko, defillama, coinmetrics, github, exchanges];
  return {
    coingecko,
    defillama,
    coinmetrics,
    github,
    exchanges,
    env: {
      MARKET_SOURCE: 'live',
      COINGECKO_BASE_URL: coingecko.url,
      DEFILLAMA_BASE_URL: defillama.url,
      COINMETRICS_BASE_URL: coinmetrics.url,
      GITHUB_API_URL: github.url,
      CCXT_EXCHANGES: 'binance,kraken',
      CCXT_URL_OVERRIDES: `binance=${exchanges.url},kraken=${exchanges.url}`,
      NEWS_FEEDS: `${exchanges.url}/news.xml`,
      OFFICIAL_SOURCES: `bitcoin=${exchanges.url}/news.xml`,
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

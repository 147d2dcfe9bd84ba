import {
  coinDetailQuery,
  coinListQuery,
  coinMarketsQuery,
  exchangesQuery,
  marketChartQuery,
  ohlcQuery,
  searchQuery,
  simplePriceQuery,
  tickersQuery,
  type CoinListItem,
  type KlineRange,
} from '@coinlens/contract';
import { z } from 'zod';

import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { addressKey } from '../../security/address-key.js';
import type { CurrencyService } from '../market/currency.service.js';
import type { MarketService } from '../market/market.service.js';
import type { SearchService } from '../search/search.service.js';
import {
  coinDetailView,
  coinMarketsRow,
  inCurrencies,
  marketChart,
  ohlcRows,
  simplePriceEntry,
} from './coingecko-coins.js';
import type { ChartCandle } from './coingecko-coins.js';
import { exchangeDetailView, exchangeRow, tickerRow } from './coingecko-exchanges.js';
import type { TickerContext } from './coingecko-exchanges.js';
import { OpenApiError } from './open-api-error.js';
import { defineRoute, idParams } from './open-api-route.js';
import type { OpenApiRoute } from './open-api-route.js';

export interface CoinGeckoDependencies {
  market: MarketService;
  currencies: CurrencyService;
  search: SearchService;
  snapshot: MarketSnapshot;
  now: () => number;
}

/** How long each kind of answer may be cached: prices move every tick, daily history once a day. */
const PRICES_SECONDS = 10;
const LISTS_SECONDS = 60;
const CHART_SECONDS = 300;
const DAILY_SECONDS = 3_600;

const noQuery = z.object({});
const TICKERS_PER_PAGE = 100;
const DAY_MS = 86_400_000;

/** The stored chart a span of days reads from (CoinGecko's automatic granularity: 5-minutely, hourly, daily). */
function rangeForDays(days: number | 'max'): KlineRange {
  if (days === 'max') return 'All';
  if (days <= 1) return 'D';
  if (days <= 7) return 'W';
  return days <= 365 ? 'Y' : 'All';
}

/** The CoinGecko-compatible routes under `/api/v3`, each answered from the market store the app reads. */
export function coinGeckoRoutes({
  market,
  currencies,
  search,
  snapshot,
  now,
}: CoinGeckoDependencies): OpenApiRoute[] {
  const rates = () => new Map(currencies.rates().map((rate) => [rate.currency_code, rate.rate]));
  const usdOf = (coinId: string) => snapshot.coins.get(coinId)?.price ?? null;
  const converter = (code: string) => {
    try {
      return currencies.converter(code);
    } catch {
      throw new OpenApiError(400, 'invalid_parameter', `vs_currency: unsupported currency '${code}'`);
    }
  };
  const requireCoin = (id: string) => {
    const state = snapshot.coins.get(id);
    if (!state) throw new OpenApiError(404, 'coin_not_found', 'coin not found');
    return state;
  };
  const tickerContext = (image: (logo: string) => string): TickerContext => ({
    btcUsd: usdOf('bitcoin'),
    ethUsd: usdOf('ethereum'),
    integrity: (exchangeId) => snapshot.exchanges.get(exchangeId)?.score?.integrity ?? null,
    coinIdOfSymbol: (symbol) => {
      const coin = snapshot.coinBySymbolOrId(symbol.toLowerCase());
      return coin && coin.profile.symbol.toLowerCase() === symbol.toLowerCase() ? coin.profile.id : null;
    },
    coinMarketCapUsd: (coinId) => snapshot.coins.get(coinId)?.metrics?.circulatingMarketCap ?? null,
    image,
  });
  const chartCandles = async (id: string, currency: string, days: number | 'max'): Promise<ChartCandle[]> => {
    requireCoin(id);
    converter(currency);
    const chart = await market.kline(id, rangeForDays(days), currency, AbortSignal.timeout(10_000));
    const since = days === 'max' ? -Infinity : now() - days * DAY_MS;
    return chart.candles.filter((candle) => candle.time >= since);
  };

  return [
    defineRoute({
      path: '/ping',
      summary: 'Whether the API is up',
      shape: 'PingServer',
      query: noQuery,
      maxAgeSeconds: 0,
      answer: () => ({ gecko_says: '(V3) Coinlens is up' }),
    }),
    defineRoute({
      path: '/simple/supported_vs_currencies',
      summary: 'The currencies prices can be asked in',
      shape: 'SupportedCurrencies',
      query: noQuery,
      maxAgeSeconds: DAILY_SECONDS,
      answer: () => currencies.rates().map((rate) => rate.currency_code),
    }),
    defineRoute({
      path: '/simple/price',
      summary: 'Prices of coins by id or symbol in one or more currencies',
      shape: 'SimplePrice',
      query: simplePriceQuery,
      maxAgeSeconds: PRICES_SECONDS,
      answer: ({ query }) => {
        const ids = new Set(query.ids ?? []);
        for (const symbol of query.symbols ?? []) {
          const coin = snapshot.coinBySymbolOrId(symbol);
          if (coin && coin.profile.symbol.toLowerCase() === symbol) ids.add(coin.profile.id);
        }
        const known = [...ids].filter((id) => snapshot.coins.has(id));
        const byCurrency = new Map<string, Map<string, CoinListItem>>();
        const priced = new Set(currencies.rates().map((rate) => rate.currency_code));
        for (const code of query.vs_currencies) {
          if (!priced.has(code)) continue;
          const items = market.coinsByIds(known, code, 'en');
          byCurrency.set(code, new Map(items.map((item) => [item.id, item])));
        }
        const include = {
          marketCap: query.include_market_cap,
          volume: query.include_24hr_vol,
          change: query.include_24hr_change,
          lastUpdated: query.include_last_updated_at,
        };
        return Object.fromEntries(
          known.map((id) => {
            const items = new Map<string, CoinListItem>();
            for (const [code, byId] of byCurrency) {
              const item = byId.get(id);
              if (item) items.set(code, item);
            }
            return [id, simplePriceEntry(items, include)];
          }),
        );
      },
    }),
    defineRoute({
      path: '/coins/list',
      summary: "Every coin's id, symbol and name",
      shape: 'CoinsList',
      query: coinListQuery,
      maxAgeSeconds: DAILY_SECONDS,
      answer: ({ query }) =>
        [...snapshot.coins.values()].map(({ profile }) => ({
          id: profile.id,
          symbol: profile.symbol.toLowerCase(),
          name: profile.name,
          ...(query.include_platform ? { platforms: {} } : {}),
        })),
    }),
    defineRoute({
      path: '/coins/markets',
      summary: 'Coins with price, market cap, volume and changes, sorted and paged',
      shape: 'CoinsMarkets',
      query: coinMarketsQuery,
      maxAgeSeconds: PRICES_SECONDS,
      answer: ({ query, image }) => {
        const money = converter(query.vs_currency);
        const [key, direction] = query.order.split(/_(?=asc|desc)/) as [string, 'asc' | 'desc'];
        let coins = market.orderedCoins(
          {
            sort: key === 'volume' ? 'amount_24h' : 'circulating_market_cap',
            order: direction,
            filter: 'all',
            hide_low_quality: false,
            ...(query.category ? { concept: query.category } : {}),
          },
          null,
        );
        if (key === 'id')
          coins = [...coins].sort((a, b) =>
            direction === 'asc'
              ? a.profile.id.localeCompare(b.profile.id)
              : b.profile.id.localeCompare(a.profile.id),
          );
        const ids = query.ids ? new Set(query.ids) : null;
        const symbols = query.symbols ? new Set(query.symbols) : null;
        const names = query.names
          ? new Set(query.names.split(',').map((name) => name.trim().toLowerCase()))
          : null;
        if (ids || symbols || names)
          coins = coins.filter(
            ({ profile }) =>
              ids?.has(profile.id) ||
              symbols?.has(profile.symbol.toLowerCase()) ||
              names?.has(profile.name.toLowerCase()),
          );
        const start = (query.page - 1) * query.per_page;
        const pageStates = coins.slice(start, start + query.per_page);
        const items = market.coinsByIds(
          pageStates.map((coin) => coin.profile.id),
          money.currency,
          'en',
        );
        return items.map((item, index) =>
          coinMarketsRow(item, pageStates[index]!, {
            sparkline: query.sparkline,
            windows: query.price_change_percentage ?? [],
            perUsd: money.perUsd,
            image,
          }),
        );
      },
    }),
    defineRoute({
      path: '/coins/:id',
      perCaller: true,
      summary: 'One coin: its data, market figures and first 100 tickers',
      shape: 'CoinsID',
      params: idParams,
      query: coinDetailQuery,
      maxAgeSeconds: PRICES_SECONDS,
      answer: ({ params, query, image, ip }) => {
        const state = requireCoin(params.id);
        const detail = market.coinDetail(params.id, 'usd', 'en', addressKey(ip));
        const view = coinDetailView(detail, state, rates(), {
          marketData: query.market_data,
          sparkline: query.sparkline,
          image,
        });
        if (!query.tickers) return view;
        const context = tickerContext(image);
        const tickers = market
          .coinTickers(params.id, 1, TICKERS_PER_PAGE, 'usd')
          .list.map((ticker) => tickerRow(ticker, context, false));
        return { ...view, tickers };
      },
    }),
    defineRoute({
      path: '/coins/:id/tickers',
      summary: "A coin's tickers on every venue, 100 a page",
      shape: 'CoinsIdTickers',
      params: idParams,
      query: tickersQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: ({ params, query, image }) => {
        const state = requireCoin(params.id);
        const context = tickerContext(image);
        const all = market.coinTickers(params.id, 1, 10_000, 'usd').list;
        const chosen = query.exchange_ids
          ? all.filter((t) => query.exchange_ids!.includes(t.exchange_id))
          : all;
        const sorted = query.order.startsWith('volume')
          ? [...chosen].sort((a, b) =>
              query.order === 'volume_asc' ? a.amount_24h - b.amount_24h : b.amount_24h - a.amount_24h,
            )
          : [...chosen].sort((a, b) => {
              const difference =
                (context.integrity(b.exchange_id) ?? -1) - (context.integrity(a.exchange_id) ?? -1);
              return (
                (query.order === 'trust_score_asc' ? -difference : difference) || b.amount_24h - a.amount_24h
              );
            });
        const start = (query.page - 1) * TICKERS_PER_PAGE;
        return {
          name: state.profile.name,
          tickers: sorted
            .slice(start, start + TICKERS_PER_PAGE)
            .map((ticker) => tickerRow(ticker, context, query.include_exchange_logo)),
        };
      },
    }),
    defineRoute({
      path: '/coins/:id/market_chart',
      summary: "A coin's prices and volumes over a span of days",
      shape: 'CoinsMarketChart',
      params: idParams,
      query: marketChartQuery,
      maxAgeSeconds: CHART_SECONDS,
      answer: async ({ params, query }) =>
        marketChart(await chartCandles(params.id, query.vs_currency, query.days)),
    }),
    defineRoute({
      path: '/coins/:id/ohlc',
      summary: "A coin's candles over a span of days",
      shape: 'CoinsOHLC',
      params: idParams,
      query: ohlcQuery,
      maxAgeSeconds: CHART_SECONDS,
      answer: async ({ params, query }) =>
        ohlcRows(
          await chartCandles(params.id, query.vs_currency, query.days === 'max' ? 'max' : Number(query.days)),
        ),
    }),
    defineRoute({
      path: '/exchanges',
      summary: 'Exchanges by ExRank, paged',
      shape: 'Exchanges',
      query: exchangesQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: ({ query, image }) =>
        market
          .exchangeList(
            { page: query.page, page_size: query.per_page, sort: 'ex_rank', kind: 'all', currency: 'usd' },
            'en',
          )
          .list.map((item) => exchangeRow(item, image, market.exchangeDetail(item.id, 'usd', 'en'))),
    }),
    defineRoute({
      path: '/exchanges/:id',
      summary: 'One exchange with its first 100 tickers',
      shape: 'ExchangesId',
      params: idParams,
      query: noQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: ({ params, image }) => {
        if (!market.hasExchange(params.id))
          throw new OpenApiError(404, 'exchange_not_found', 'exchange not found');
        const detail = market.exchangeDetail(params.id, 'usd', 'en');
        const context = tickerContext(image);
        const tickers = market
          .exchangeTickers(params.id, 1, TICKERS_PER_PAGE, 'usd')
          .list.map((ticker) => tickerRow(ticker, context, false));
        return exchangeDetailView(detail, tickers, image);
      },
    }),
    defineRoute({
      path: '/exchanges/:id/tickers',
      summary: "An exchange's tickers, 100 a page",
      shape: 'CoinsIdTickers',
      params: idParams,
      query: tickersQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: ({ params, query, image }) => {
        if (!market.hasExchange(params.id))
          throw new OpenApiError(404, 'exchange_not_found', 'exchange not found');
        const detail = market.exchangeDetail(params.id, 'usd', 'en');
        const context = tickerContext(image);
        const all = market.exchangeTickers(params.id, 1, 100_000, 'usd').list;
        const chosen = query.coin_ids ? all.filter((t) => query.coin_ids!.includes(t.coin_id)) : all;
        const sorted =
          query.order === 'volume_asc' ? [...chosen].sort((a, b) => a.amount_24h - b.amount_24h) : chosen;
        const start = (query.page - 1) * TICKERS_PER_PAGE;
        return {
          name: detail.name,
          tickers: sorted
            .slice(start, start + TICKERS_PER_PAGE)
            .map((ticker) => tickerRow(ticker, context, query.include_exchange_logo)),
        };
      },
    }),
    defineRoute({
      path: '/search',
      perCaller: true,
      summary: 'Coins, exchanges and sectors matching a query',
      shape: 'Search',
      query: searchQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: async ({ query, image, ip }) => {
        const found = await search.search(
          { keyword: query.query, type: 'all', page: 1, page_size: 25, currency: 'usd' },
          'en',
          addressKey(ip),
        );
        return {
          coins: found.coins.list.map((coin) => ({
            id: coin.id,
            name: coin.name,
            api_symbol: coin.id,
            symbol: coin.symbol,
            market_cap_rank: coin.price === null ? null : coin.rank,
            thumb: image(coin.logo),
            large: image(coin.logo),
          })),
          exchanges: found.exchanges.list.map((exchange) => ({
            id: exchange.id,
            name: exchange.name,
            market_type: 'spot',
            thumb: image(exchange.logo),
            large: image(exchange.logo),
          })),
          icos: [],
          categories: found.concepts.list.map((concept) => ({ id: concept.id, name: concept.name })),
          nfts: [],
        };
      },
    }),
    defineRoute({
      path: '/search/trending',
      summary: 'The most viewed coins of the last day',
      shape: 'TrendingSearch',
      query: noQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: async ({ image }) => {
        const hot = await market.hotSearchCoins(15, 'usd', 'en');
        const btcUsd = usdOf('bitcoin');
        const inBtc = (usd: number | null) => (usd === null || !btcUsd ? null : usd / btcUsd);
        const money = (usd: number | null) =>
          usd === null ? null : `$${Math.round(usd).toLocaleString('en-US')}`;
        return {
          coins: hot.list.map((coin, index) => ({
            item: {
              id: coin.id,
              // CoinGecko's internal number: Coinlens has none.
              coin_id: null,
              name: coin.name,
              symbol: coin.symbol,
              market_cap_rank: coin.price === null ? null : coin.rank,
              thumb: image(coin.logo),
              small: image(coin.logo),
              large: image(coin.logo),
              slug: coin.id,
              price_btc: inBtc(coin.price),
              score: index,
              data: {
                price: coin.price,
                price_btc: inBtc(coin.price)?.toString() ?? null,
                price_change_percentage_24h: coin.change_24h === null ? {} : { usd: coin.change_24h },
                market_cap: money(coin.circulating_market_cap),
                market_cap_btc: inBtc(coin.circulating_market_cap)?.toString() ?? null,
                total_volume: money(coin.amount_24h),
                total_volume_btc: inBtc(coin.amount_24h)?.toString() ?? null,
                sparkline: null,
                content: null,
              },
            },
          })),
          nfts: [],
          categories: [],
        };
      },
    }),
    defineRoute({
      path: '/global',
      summary: 'The whole market: cap, volume, dominance, counts',
      shape: 'Global',
      query: noQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: () => {
        const stats = market.globalStats('usd');
        const perCurrency = rates();
        return {
          data: {
            active_cryptocurrencies: stats.coin_count,
            upcoming_icos: null,
            ongoing_icos: null,
            ended_icos: null,
            markets: stats.exchange_count,
            total_market_cap: inCurrencies(stats.total_market_cap, perCurrency),
            total_volume: inCurrencies(stats.total_volume_24h, perCurrency),
            market_cap_percentage: { btc: stats.btc_dominance, eth: stats.eth_dominance },
            market_cap_change_percentage_24h_usd: stats.market_cap_change_24h,
            volume_change_percentage_24h_usd: null,
            updated_at: Math.floor(stats.as_of / 1000),
          },
        };
      },
    }),
    defineRoute({
      path: '/exchange_rates',
      summary: "BTC's price in every supported currency",
      shape: 'ExchangeRates',
      query: noQuery,
      maxAgeSeconds: LISTS_SECONDS,
      answer: () => {
        const btcUsd = usdOf('bitcoin');
        if (btcUsd === null) throw new OpenApiError(503, 'not_ready', 'the market has no BTC price yet');
        const names = new Map(currencies.supported().map((entry) => [entry.currency_code, entry]));
        const rows: [string, { name: string; unit: string; value: number; type: string }][] = [
          ['btc', { name: 'Bitcoin', unit: 'BTC', value: 1, type: 'crypto' }],
        ];
        for (const rate of currencies.rates()) {
          if (rate.currency_code === 'btc') continue;
          rows.push([
            rate.currency_code,
            {
              name: names.get(rate.currency_code)?.en_name ?? rate.currency_code.toUpperCase(),
              unit: rate.unit,
              value: btcUsd * rate.rate,
              type: rate.currency_type,
            },
          ]);
        }
        return { rates: Object.fromEntries(rows) };
      },
    }),
  ];
}

/**
 * The whole-universe replays (test/support/universe-replays.ts) answer what the real providers read: CoinGecko's
 * answers parse with the adapter's own schemas and through CoinGeckoProvider, ccxt reads Binance's and Kraken's
 * real books and tapes through CcxtProvider, and the universe keeps its promises (distinct details, no figure past
 * the recorded ATH/ATL, the coins it does not know answer 404). Skipped without ../shared/external.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CcxtProvider } from '../src/market-data/providers/ccxt/ccxt-provider.js';
import { CoinGeckoProvider } from '../src/market-data/providers/coingecko/coingecko-provider.js';
import {
  coinDetailSchema,
  coinsMarketsSchema,
  exchangeDetailSchema,
  exchangesSchema,
  marketChartSchema,
  ohlcSchema,
  tickersSchema,
} from '../src/market-data/providers/coingecko/coingecko-schemas.js';
import { startUniverseReplays, universeMaterialPresent } from './support/universe-replays.js';
import type { UniverseReplays } from './support/universe-replays.js';

const signal = () => AbortSignal.timeout(20_000);

describe.skipIf(!universeMaterialPresent)('the whole-universe replays', () => {
  let replays: UniverseReplays;
  const get = async (path: string) => {
    const response = await fetch(`${replays.coingecko.url}${path}`);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    replays = await startUniverseReplays({ faults: false });
  });
  afterAll(async () => {
    await replays?.close();
  });

  it('serves the 250 captured coins paged and by id, with prices that move and stay inside the record', async () => {
    const page = coinsMarketsSchema.parse((await get('/coins/markets?per_page=100&page=3')).body);
    expect(page).toHaveLength(50);
    const byIds = coinsMarketsSchema.parse((await get('/coins/markets?ids=ethereum,bitcoin')).body);
    expect(byIds.map((coin) => coin.id).sort()).toEqual(['bitcoin', 'ethereum']);
    const ethereum = byIds.find((coin) => coin.id === 'ethereum')!;
    expect(ethereum.ath).toBe(4878.26);
    expect(ethereum.ath_date).toBe('2021-11-10T14:24:19.604Z');
    for (const coin of replays.universe.coins) {
      const history = marketChartSchema.parse(
        replays.universe.marketChart(coin.entry.id, { days: '365' }, Date.now()) ?? {
          prices: [],
          market_caps: [],
          total_volumes: [],
        },
      );
      for (const [, price] of history.prices) {
        expect(price!).toBeLessThan(coin.entry.ath);
        expect(price!).toBeGreaterThan(coin.entry.atl);
      }
    }
  });

  it('gives every known coin its own detail and tickers, and 404 for the coins it does not know', async () => {
    const seen = new Set<string>();
    for (const coin of replays.universe.coins.slice(0, 250)) {
      const detail = await get(`/coins/${coin.entry.id}`);
      if (!coin.known) {
        expect(detail.status).toBe(404);
        continue;
      }
      const parsed = coinDetailSchema.parse(detail.body);
      expect(parsed.links.homepage?.[0]).toMatch(/^https:\/\//);
      expect(parsed.description.en).toBeTruthy();
      seen.add(parsed.description.en!);
    }
    expect(seen.size).toBe(250 - replays.universe.unknownCoinIds.length);
    const tickers = tickersSchema.parse((await get('/coins/bitcoin/tickers?depth=true')).body);
    expect(tickers.tickers.length).toBeGreaterThanOrEqual(15);
    const venues = new Set(tickers.tickers.map((ticker) => ticker.market.identifier));
    expect(venues).toContain('binance');
    expect(venues).toContain('kraken');
    const staked = tickersSchema.parse((await get('/coins/staked-ether/tickers')).body);
    expect(staked.tickers).toEqual([]);
    expect(replays.universe.centralisedCoinIds.length).toBeGreaterThan(180);
  });

  it('lists 25 venues with years, countries and kinds, their details and tickers', async () => {
    const list = exchangesSchema.parse((await get('/exchanges?per_page=250&page=1')).body);
    expect(list).toHaveLength(25);
    const uniswap = exchangeDetailSchema.parse((await get('/exchanges/uniswap_v3')).body);
    expect(uniswap.centralized).toBe(false);
    const binance = exchangeDetailSchema.parse((await get('/exchanges/binance')).body);
    expect(binance).toMatchObject({ centralized: true, year_established: 2017 });
    const page = tickersSchema.parse((await get('/exchanges/binance/tickers?page=2')).body);
    expect(page.tickers.length).toBeGreaterThan(0);
    ohlcSchema.parse((await get('/coins/ethereum/ohlc?vs_currency=usd&days=30')).body);
  });

  it('reads through the real CoinGecko adapter', async () => {
    const provider = new CoinGeckoProvider({
      baseUrl: replays.coingecko.url,
      minIntervalMs: 0,
      coinDetailLimit: 3,
    });
    const coins = await provider.getCoins(signal());
    expect(coins).toHaveLength(250);
    const tickers = await provider.getTickers({ coinIds: ['bitcoin', 'ethereum'] }, signal());
    expect(tickers.filter((ticker) => typeof ticker.depthUsd2pctUp === 'number').length).toBeGreaterThan(20);
  });

  it('serves real books and tapes to ccxt, played in real time', async () => {
    const ccxt = new CcxtProvider({
      exchanges: ['binance', 'kraken'],
      symbols: { binance: ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'], kraken: ['BTC/USD', 'ETH/USD'] },
      urlOverrides: { binance: replays.binance.url, kraken: replays.kraken.url },
      enableRateLimit: false,
    });
    const book = await ccxt.getOrderBook(
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      1_000,
      signal(),
    );
    expect(book.bids).toHaveLength(1_000);
    const mid = (book.bids[0]![0] + book.asks[0]![0]) / 2;
    const price = replays.universe.priceAt(replays.universe.byId.get('bitcoin')!, Date.now());
    expect(Math.abs(mid / price - 1)).toBeLessThan(0.01);
    const since = Date.now() - 60_000;
    const trades = await ccxt.getTrades(
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      since,
      signal(),
    );
    expect(trades.length).toBeGreaterThan(100);
    expect(trades.every((trade) => trade.timestamp >= since && trade.timestamp <= Date.now())).toBe(true);
    const kraken = await ccxt.getTrades(
      { exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' },
      Date.now() - 3 * 60_000,
      signal(),
    );
    expect(kraken.length).toBeGreaterThan(0);
    const krakenBook = await ccxt.getOrderBook(
      { exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' },
      100,
      signal(),
    );
    expect(krakenBook.asks.length).toBeGreaterThan(50);
    expect(replays.counts.of('binance', 'depth')).toBe(1);
    expect(replays.counts.of('kraken', 'Trades')).toBe(1);
  });
});

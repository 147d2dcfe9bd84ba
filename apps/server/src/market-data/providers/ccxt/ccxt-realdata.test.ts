/**
 * The ccxt adapter fed real, captured exchange REST responses (Binance, Kraken, Coinbase, Gemini, Bitstamp)
 * by the replay server. The captures live outside the repository in `../shared/external/realdata/api_responses/`
 * (override with COINLENS_REALDATA_DIR; see its PROVENANCE.md); when absent, the suite is skipped. Nothing is
 * copied into the repository: files are read at test time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { BookLevel } from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import type { CcxtProviderOptions } from './ccxt-provider.js';
import { CcxtProvider } from './ccxt-provider.js';

const DIR =
  process.env.COINLENS_REALDATA_DIR ??
  fileURLToPath(new URL('../../../../../../../shared/external/realdata/api_responses/', import.meta.url));
const HAVE_DATA = existsSync(DIR);
const EXTRACTED = join(DIR, 'extracted_from_cryptofeed');

const FILES = {
  binanceTicker: join(DIR, 'projecthunter_binance_spot_api_v3_ticker_24hr_BTCUSDT.json'),
  binanceDepth: join(DIR, 'projecthunter_binance_spot_api_v3_depth_BTCUSDT_limit20.json'),
  binanceExchangeInfo: join(EXTRACTED, 'api.binance.com_api_v3_exchangeInfo__20211012T002831Z.json'),
  krakenTicker: join(DIR, 'quantdashboard_kraken_rest_Ticker_XXBTZUSD.json'),
  krakenAssetPairs: join(EXTRACTED, 'api.kraken.com_0_public_AssetPairs__20210417T164852Z.json'),
  coinbaseTicker: join(DIR, 'nautilus_coinbase_advtrade_market_ticker_BTC-USD.json'),
  coinbaseBook: join(DIR, 'nautilus_coinbase_advtrade_product_book_BTC-USD.json'),
  geminiTicker: join(DIR, 'quantdashboard_gemini_rest_pubticker_btcusd.json'),
  bitstampBook: join(EXTRACTED, 'www.bitstamp.net_api_v2_order_book_ethusd__20220105T004816Z.json'),
};

const NOW = Date.parse('2026-10-01T00:00:00Z');

function read<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function raw(path: string): string {
  return readFileSync(path, 'utf8');
}

function expectSaneBook(bids: readonly BookLevel[], asks: readonly BookLevel[]): void {
  expect(bids.length).toBeGreaterThan(0);
  expect(asks.length).toBeGreaterThan(0);
  expect(bids[0]![0]).toBeLessThan(asks[0]![0]);
  for (let index = 1; index < bids.length; index++) expect(bids[index]![0]).toBeLessThan(bids[index - 1]![0]);
  for (let index = 1; index < asks.length; index++)
    expect(asks[index]![0]).toBeGreaterThan(asks[index - 1]![0]);
  for (const [price, amount] of [...bids, ...asks]) {
    expect(price).toBeGreaterThan(0);
    expect(amount).toBeGreaterThanOrEqual(0);
  }
}

const label = HAVE_DATA
  ? 'CcxtProvider on real exchange API responses'
  : `CcxtProvider on real exchange API responses — SKIPPED: ${DIR} not found (it lives outside the repository)`;
if (!HAVE_DATA)
  console.info(
    `[ccxt real data] skipped: captured exchange responses not found at ${DIR} (set COINLENS_REALDATA_DIR to point at realdata/api_responses)`,
  );

describe.skipIf(!HAVE_DATA)(label, () => {
  let server: ReplayServer;
  /** Binance depth captures by symbol id (`/api/v3/depth?symbol=…`). */
  const binanceDepths = new Map<string, string>();

  beforeAll(async () => {
    server = await ReplayServer.start();
    if (existsSync(FILES.binanceDepth)) binanceDepths.set('BTCUSDT', raw(FILES.binanceDepth));
    if (existsSync(EXTRACTED)) {
      for (const name of readdirSync(EXTRACTED)) {
        const match = /^api\.binance\.com_api_v3_depth_symbol_([A-Z0-9]+)_limit_1000__/.exec(name);
        if (match?.[1]) binanceDepths.set(match[1], raw(join(EXTRACTED, name)));
      }
    }
    // Binance (also the Coinbase paths live under /api/v3, but never collide with these).
    if (existsSync(FILES.binanceExchangeInfo))
      server.route('/api/v3/exchangeInfo', { body: raw(FILES.binanceExchangeInfo) });
    if (existsSync(FILES.binanceTicker))
      server.route(
        { path: '/api/v3/ticker/24hr', query: (query) => query.symbol === 'BTCUSDT' },
        { body: raw(FILES.binanceTicker) },
      );
    server.route('/api/v3/depth', (request) => {
      const body = binanceDepths.get(request.query.symbol ?? '');
      return body ? { body } : { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } };
    });
    // Kraken
    if (existsSync(FILES.krakenAssetPairs))
      server.route('/0/public/AssetPairs', { body: raw(FILES.krakenAssetPairs) });
    if (existsSync(FILES.krakenTicker)) server.route('/0/public/Ticker', { body: raw(FILES.krakenTicker) });
    // Coinbase Advanced Trade (public market endpoints)
    if (existsSync(FILES.coinbaseTicker))
      server.route('/api/v3/brokerage/market/products/BTC-USD/ticker', { body: raw(FILES.coinbaseTicker) });
    if (existsSync(FILES.coinbaseBook))
      server.route(
        { path: '/api/v3/brokerage/market/product_book', query: (query) => query.product_id === 'BTC-USD' },
        { body: raw(FILES.coinbaseBook) },
      );
    // Gemini, Bitstamp
    if (existsSync(FILES.geminiTicker))
      server.route('/v1/pubticker/btcusd', { body: raw(FILES.geminiTicker) });
    if (existsSync(FILES.bitstampBook))
      server.route('/api/v2/order_book/ethusd/', { body: raw(FILES.bitstampBook) });
  });

  afterAll(async () => {
    await server?.close();
  });

  const signal = () => AbortSignal.timeout(20_000);
  const provider = (options: Partial<CcxtProviderOptions> & Pick<CcxtProviderOptions, 'exchanges'>) =>
    new CcxtProvider({
      urlOverrides: Object.fromEntries(options.exchanges.map((id) => [id, server.url])),
      enableRateLimit: false,
      timeoutMs: 10_000,
      now: () => NOW,
      ...options,
    });

  it.skipIf(!existsSync(FILES.binanceTicker) || !existsSync(FILES.binanceExchangeInfo))(
    'Binance /api/v3/ticker/24hr → VenueTicker matching the file',
    async () => {
      const file = read<Record<string, string | number>>(FILES.binanceTicker);
      const tickers = await provider({
        exchanges: ['binance'],
        symbols: { binance: ['BTC/USDT'] },
        tickerMethod: { binance: 'fetchTicker' },
      }).getTickers({}, signal());
      expect(tickers).toHaveLength(1);
      const [ticker] = tickers;
      expect(ticker).toMatchObject({
        exchangeId: 'binance',
        coinId: 'bitcoin',
        base: 'BTC',
        quote: 'USDT',
        last: Number(file.lastPrice),
        lastUsd: Number(file.lastPrice),
        bidUsd: Number(file.bidPrice),
        askUsd: Number(file.askPrice),
        volumeBase24h: Number(file.volume),
        timestamp: file.closeTime,
      });
      expect(ticker!.volumeUsd24h).toBeCloseTo(Number(file.quoteVolume), 2);
      expect(ticker!.bidUsd!).toBeLessThan(ticker!.askUsd!);
      expect(server.requestsTo('/api/v3/ticker/24hr').at(-1)?.query).toMatchObject({ symbol: 'BTCUSDT' });
    },
  );

  it.skipIf(!existsSync(FILES.binanceDepth) || !existsSync(FILES.binanceExchangeInfo))(
    'Binance /api/v3/depth → OrderBookSnapshot matching the file (and the ticker’s bid/ask)',
    async () => {
      const file = read<{ bids: [string, string][]; asks: [string, string][] }>(FILES.binanceDepth);
      const book = await provider({ exchanges: ['binance'] }).getOrderBook(
        { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
        20,
        signal(),
      );
      expect(book.bids).toHaveLength(file.bids.length);
      expect(book.asks).toHaveLength(file.asks.length);
      expect(book.bids[0]).toEqual([Number(file.bids[0]![0]), Number(file.bids[0]![1])]);
      expect(book.asks[0]).toEqual([Number(file.asks[0]![0]), Number(file.asks[0]![1])]);
      expectSaneBook(book.bids, book.asks);
      expect(book.timestamp).toBe(NOW); // Binance's depth carries no time
      if (existsSync(FILES.binanceTicker)) {
        const ticker = read<Record<string, string>>(FILES.binanceTicker);
        expect(book.bids[0]![0]).toBe(Number(ticker.bidPrice));
        expect(book.asks[0]![0]).toBe(Number(ticker.askPrice));
      }
    },
  );

  it.skipIf(!existsSync(FILES.binanceExchangeInfo))(
    'Binance 1,000-level depth snapshots (2021) → sane books for every captured symbol',
    async () => {
      const info = read<{ symbols: { symbol: string; baseAsset: string; quoteAsset: string }[] }>(
        FILES.binanceExchangeInfo,
      );
      const captured = [...binanceDepths.keys()].filter((symbol) => symbol !== 'BTCUSDT');
      expect(captured.length).toBeGreaterThan(0);
      const cx = provider({ exchanges: ['binance'], coinIdOf: (base) => base.toLowerCase() });
      for (const symbol of captured) {
        const market = info.symbols.find((entry) => entry.symbol === symbol)!;
        const book = await cx.getOrderBook(
          { exchangeId: 'binance', coinId: market.baseAsset.toLowerCase(), quote: market.quoteAsset },
          1_000,
          signal(),
        );
        const file = JSON.parse(binanceDepths.get(symbol)!) as { bids: unknown[]; asks: unknown[] };
        expect(book.bids.length, symbol).toBe(file.bids.length);
        expect(book.asks.length, symbol).toBe(file.asks.length);
        expectSaneBook(book.bids, book.asks);
      }
    },
  );

  it.skipIf(!existsSync(FILES.krakenTicker))(
    'Kraken /0/public/Ticker → VenueTicker matching the file',
    async () => {
      const file = read<{
        result: Record<string, { a: string[]; b: string[]; c: string[]; v: string[]; p: string[] }>;
      }>(FILES.krakenTicker);
      const pair = file.result.XXBTZUSD!;
      // The only full AssetPairs capture is from 2021 (no "status" field, dark-pool pairs), which today's ccxt reads
      // as inactive markets; the pair is seeded instead and the 2021 list is checked on its own below.
      const cx = provider({
        exchanges: ['kraken'],
        symbols: { kraken: ['BTC/USD'] },
        markets: {
          kraken: [
            { id: 'XXBTZUSD', symbol: 'BTC/USD', base: 'BTC', quote: 'USD', baseId: 'XXBT', quoteId: 'ZUSD' },
          ],
        },
      });
      const tickers = await cx.getTickers({}, signal());
      expect(tickers).toHaveLength(1);
      const [ticker] = tickers;
      expect(ticker).toMatchObject({
        exchangeId: 'kraken',
        coinId: 'bitcoin',
        base: 'BTC',
        quote: 'USD',
        last: Number(pair.c[0]),
        askUsd: Number(pair.a[0]),
        bidUsd: Number(pair.b[0]),
        volumeBase24h: Number(pair.v[1]),
      });
      expect(ticker!.bidUsd!).toBeLessThan(ticker!.askUsd!);
      expect(ticker!.volumeUsd24h).toBeCloseTo(Number(pair.v[1]) * Number(pair.p[1]), 0);
      expect(server.requestsTo('/0/public/Ticker').at(-1)?.query).toMatchObject({ pair: 'XXBTZUSD' });
    },
  );

  it.skipIf(!existsSync(FILES.krakenAssetPairs))(
    'Kraken /0/public/AssetPairs (2021, 300+ pairs) loads through ccxt’s market parser',
    async () => {
      expect(await provider({ exchanges: ['kraken'] }).healthCheck(signal())).toBe(true);
      expect(server.requestsTo('/0/public/AssetPairs').length).toBeGreaterThan(0);
    },
  );

  it.skipIf(!existsSync(FILES.coinbaseTicker) || !existsSync(FILES.coinbaseBook))(
    'Coinbase Advanced Trade ticker and product book → matching VenueTicker and OrderBookSnapshot',
    async () => {
      const tickerFile = read<{
        trades: { price: string; time: string }[];
        best_bid: string;
        best_ask: string;
      }>(FILES.coinbaseTicker);
      const bookFile = read<{
        pricebook: {
          bids: { price: string; size: string }[];
          asks: { price: string; size: string }[];
          time: string;
        };
      }>(FILES.coinbaseBook);
      const cx = provider({
        exchanges: ['coinbase'],
        symbols: { coinbase: ['BTC/USD'] },
        markets: { coinbase: [{ id: 'BTC-USD', symbol: 'BTC/USD', base: 'BTC', quote: 'USD' }] },
        tickerMethod: { coinbase: 'fetchTicker' },
      });
      const [ticker] = await cx.getTickers({}, signal());
      expect(ticker).toMatchObject({
        exchangeId: 'coinbase',
        coinId: 'bitcoin',
        last: Number(tickerFile.trades[0]!.price),
        bidUsd: Number(tickerFile.best_bid),
        askUsd: Number(tickerFile.best_ask),
      });
      expect(ticker!.bidUsd!).toBeLessThan(ticker!.askUsd!);
      expect(Math.abs(ticker!.timestamp - Date.parse(tickerFile.trades[0]!.time))).toBeLessThan(1);

      const book = await cx.getOrderBook(
        { exchangeId: 'coinbase', coinId: 'bitcoin', quote: 'USD' },
        5,
        signal(),
      );
      expect(book.bids).toEqual(
        bookFile.pricebook.bids.map((level) => [Number(level.price), Number(level.size)]),
      );
      expect(book.asks).toEqual(
        bookFile.pricebook.asks.map((level) => [Number(level.price), Number(level.size)]),
      );
      expectSaneBook(book.bids, book.asks);
      expect(Math.abs(book.timestamp - Date.parse(bookFile.pricebook.time))).toBeLessThan(1);
      expect(book.bids[0]![0]).toBe(Number(tickerFile.best_bid));
    },
  );

  it.skipIf(!existsSync(FILES.geminiTicker))(
    'Gemini /v1/pubticker → VenueTicker matching the file',
    async () => {
      const file = read<{ bid: string; ask: string; last: string; volume: Record<string, string | number> }>(
        FILES.geminiTicker,
      );
      const cx = provider({
        exchanges: ['gemini'],
        symbols: { gemini: ['BTC/USD'] },
        markets: {
          gemini: [
            { id: 'btcusd', symbol: 'BTC/USD', base: 'BTC', quote: 'USD', baseId: 'btc', quoteId: 'usd' },
          ],
        },
        tickerMethod: { gemini: 'fetchTicker' },
      });
      const [ticker] = await cx.getTickers({}, signal());
      expect(ticker).toMatchObject({
        exchangeId: 'gemini',
        last: Number(file.last),
        bidUsd: Number(file.bid),
        askUsd: Number(file.ask),
        volumeBase24h: Number(file.volume.BTC),
        timestamp: file.volume.timestamp,
      });
      expect(ticker!.volumeUsd24h).toBeCloseTo(Number(file.volume.USD), 2);
      expect(ticker!.bidUsd!).toBeLessThan(ticker!.askUsd!);
    },
  );

  it.skipIf(!existsSync(FILES.bitstampBook))(
    'Bitstamp /api/v2/order_book (2022) → a sane ETH/USD book',
    async () => {
      const file = read<{ microtimestamp: string; bids: [string, string][]; asks: [string, string][] }>(
        FILES.bitstampBook,
      );
      const cx = provider({
        exchanges: ['bitstamp'],
        markets: {
          bitstamp: [
            { id: 'ethusd', symbol: 'ETH/USD', base: 'ETH', quote: 'USD', baseId: 'eth', quoteId: 'usd' },
          ],
        },
      });
      const book = await cx.getOrderBook(
        { exchangeId: 'bitstamp', coinId: 'ethereum', quote: 'USD' },
        50,
        signal(),
      );
      expect(book.bids).toHaveLength(50);
      expect(book.bids[0]).toEqual([Number(file.bids[0]![0]), Number(file.bids[0]![1])]);
      expect(book.asks[0]).toEqual([Number(file.asks[0]![0]), Number(file.asks[0]![1])]);
      expect(book.timestamp).toBe(Math.floor(Number(file.microtimestamp) / 1_000));
      expectSaneBook(book.bids, book.asks);
    },
  );
});

import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  MalformedResponseError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  UnsupportedError,
} from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import type { RecordedRequest } from '../../testing/replay-server.js';
import { countryName, rewriteApiUrls } from './ccxt-mapping.js';
import type { CcxtProviderOptions } from './ccxt-provider.js';
import { CcxtProvider } from './ccxt-provider.js';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as T;
}

type Json = Record<string, unknown>;

let server: ReplayServer;

/** Binance's and Kraken's public endpoints do not overlap, so one replay server serves both. */
function serveBinance(): void {
  server.json('/api/v3/exchangeInfo', fixture('binance-exchangeInfo.json'));
  server.route('/api/v3/ticker/24hr', (request: RecordedRequest) => {
    const all = fixture<Json[]>('binance-ticker-24hr.json');
    if (request.query.symbols) {
      const wanted = JSON.parse(request.query.symbols) as string[];
      return { json: all.filter((ticker) => wanted.includes(ticker.symbol as string)) };
    }
    if (request.query.symbol) {
      const one = all.find((ticker) => ticker.symbol === request.query.symbol);
      return one ? { json: one } : { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } };
    }
    return { json: all };
  });
  server.json('/api/v3/depth', fixture('binance-depth-BTCUSDT.json'));
  server.json('/api/v3/aggTrades', fixture('binance-aggTrades-BTCUSDT.json'));
}

function serveKraken(): void {
  server.json('/0/public/AssetPairs', fixture('kraken-AssetPairs.json'));
  server.json('/0/public/Ticker', fixture('kraken-Ticker.json'));
  server.json('/0/public/Depth', fixture('kraken-Depth-XXBTZUSD.json'));
  server.json('/0/public/Trades', fixture('kraken-Trades-XXBTZUSD.json'));
}

beforeEach(async () => {
  server = await ReplayServer.start();
  serveBinance();
  serveKraken();
});

afterEach(async () => {
  await server.close();
});

function provider(options: Partial<CcxtProviderOptions> = {}): CcxtProvider {
  return new CcxtProvider({
    exchanges: ['binance', 'kraken'],
    symbols: { binance: ['BTC/USDT', 'ETH/USDT', 'ETH/BTC', 'BTC/EUR'] },
    urlOverrides: { binance: server.url, kraken: server.url },
    enableRateLimit: false,
    timeoutMs: 2_000,
    now: () => NOW,
    ...options,
  });
}

const signal = () => AbortSignal.timeout(15_000);
const BTC_USDT = { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('CcxtProvider — setup', () => {
  it('imports ccxt lazily: only type imports at module level', () => {
    for (const file of ['ccxt-provider.ts', 'ccxt-mapping.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      const imports = source.split('\n').filter((line) => /from 'ccxt'/.test(line));
      expect(imports.length).toBeGreaterThan(0);
      for (const line of imports) expect(line, file).toMatch(/^import type /);
    }
  });

  it('declares its capabilities and rejects the others with UnsupportedError', async () => {
    const cx = provider();
    expect([...cx.capabilities].sort()).toEqual(['exchanges', 'orderBooks', 'tickers', 'trades']);
    await expect(cx.getCoins(signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cx.getQuotes(['bitcoin'], signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(
      cx.getCandles({ coinId: 'bitcoin', resolution: '1h', from: 0, to: NOW }, signal()),
    ).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cx.getExchangeRates(signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cx.getSocial([], signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cx.getOnChain([], signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cx.getAnnouncements(0, signal())).rejects.toBeInstanceOf(UnsupportedError);
  });

  it('rejects an empty exchange list', () => {
    expect(() => new CcxtProvider({ exchanges: [] })).toThrow(/at least one exchange/);
  });

  it('profiles exchanges from ccxt’s own description, without network', async () => {
    const exchanges = await provider({
      exchangeIdOf: (id) => (id === 'binance' ? 'binance-spot' : id),
    }).getExchanges(signal());
    expect(exchanges.map((exchange) => exchange.id)).toEqual(['binance-spot', 'kraken']);
    expect(exchanges[0]).toMatchObject({
      name: 'Binance',
      website: 'https://www.binance.com',
      fees: { makerPercent: 0.1, takerPercent: 0.1 },
      kind: 'centralized',
      apiAvailable: true,
    });
    expect(exchanges[1]).toMatchObject({
      name: 'Kraken',
      registrationPlace: 'United States',
      website: 'https://www.kraken.com',
    });
    expect(exchanges[1]?.fees?.makerPercent).toBeGreaterThan(0);
    expect(exchanges[0]?.logo).toMatch(/^https:\/\//);
    expect(server.requests).toHaveLength(0);
  });

  it('fails clearly for an exchange ccxt does not know', async () => {
    await expect(
      new CcxtProvider({ exchanges: ['not-an-exchange'] }).getExchanges(signal()),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rewrites every public URL of an exchange to a local base, keeping the paths', () => {
    expect(
      rewriteApiUrls(
        {
          public: 'https://api.binance.com/api/v3',
          nested: { a: 'https://api.{hostname}/v5' },
          list: ['https://x.example/y'],
        },
        'http://127.0.0.1:9/',
      ),
    ).toEqual({
      public: 'http://127.0.0.1:9/api/v3',
      nested: { a: 'http://127.0.0.1:9/v5' },
      list: ['http://127.0.0.1:9/y'],
    });
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('??')).toBeNull();
  });
});

describe('CcxtProvider — tickers', () => {
  it('maps Binance 24 h tickers exactly, USD-par quotes only by default', async () => {
    const tickers = await provider({ exchanges: ['binance'] }).getTickers({}, signal());
    expect(tickers.map((ticker) => `${ticker.base}/${ticker.quote}`)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(tickers[0]).toEqual({
      exchangeId: 'binance',
      coinId: 'bitcoin',
      base: 'BTC',
      quote: 'USDT',
      last: 84123.45,
      lastUsd: 84123.45,
      bidUsd: 84123.44,
      askUsd: 84123.46,
      volumeBase24h: 12345.67891,
      volumeUsd24h: 1037654321.1234568,
      timestamp: 1740830400123,
    });
    expect(server.requestsTo('/api/v3/exchangeInfo')).toHaveLength(1);
    const [request] = server.requestsTo('/api/v3/ticker/24hr');
    expect(JSON.parse(request!.query.symbols!)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('converts other quotes through usdRateOf', async () => {
    const tickers = await provider({
      exchanges: ['binance'],
      usdRateOf: (code) => (code === 'BTC' ? 84_000 : null),
    }).getTickers({ coinIds: ['ethereum'] }, signal());
    expect(tickers.map((ticker) => `${ticker.base}/${ticker.quote}`)).toEqual(['ETH/USDT', 'ETH/BTC']);
    expect(tickers[1]).toMatchObject({
      last: 0.02656,
      lastUsd: 0.02656 * 84_000,
      bidUsd: 0.02655 * 84_000,
      askUsd: 0.02657 * 84_000,
      volumeUsd24h: 918.23456 * 84_000,
      volumeBase24h: 34567.89,
    });
  });

  it('reads Kraken tickers of every market when no symbols are configured (XBT → BTC)', async () => {
    const tickers = await provider().getTickers({ exchangeIds: ['kraken'] }, signal());
    expect(tickers.map((ticker) => `${ticker.base}/${ticker.quote}`).sort()).toEqual(['BTC/USD', 'ETH/USD']);
    const btc = tickers.find((ticker) => ticker.base === 'BTC')!;
    expect(btc).toMatchObject({
      exchangeId: 'kraken',
      coinId: 'bitcoin',
      last: 84130,
      lastUsd: 84130,
      bidUsd: 84130,
      askUsd: 84130.1,
      volumeBase24h: 1876.54321098,
    });
    expect(btc.volumeUsd24h).toBeCloseTo(1876.54321098 * 84010.55123, 0);
    expect(btc.timestamp).toBe(NOW);
    expect(server.requestsTo('/api/v3/ticker/24hr')).toHaveLength(0);
  });

  it('filters by coin and venue, maps exchange ids, and loads markets once', async () => {
    const cx = provider({ exchangeIdOf: (id) => `app-${id}` });
    const eth = await cx.getTickers({ coinIds: ['ethereum'] }, signal());
    expect(eth.map((ticker) => [ticker.exchangeId, ticker.base, ticker.quote]).sort()).toEqual([
      ['app-binance', 'ETH', 'USDT'],
      ['app-kraken', 'ETH', 'USD'],
    ]);
    expect(await cx.getTickers({ exchangeIds: ['kraken'] }, signal())).toEqual([]);
    expect(await cx.getTickers({ exchangeIds: ['app-kraken'], coinIds: ['bitcoin'] }, signal())).toHaveLength(
      1,
    );
    expect(server.requestsTo('/api/v3/exchangeInfo')).toHaveLength(1);
    expect(server.requestsTo('/0/public/AssetPairs')).toHaveLength(1);
  });

  it('uses seeded markets instead of the market list', async () => {
    const cx = provider({
      exchanges: ['binance'],
      symbols: { binance: ['BTC/USDT'] },
      markets: { binance: [{ id: 'BTCUSDT', symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT' }] },
    });
    const tickers = await cx.getTickers({}, signal());
    expect(tickers).toHaveLength(1);
    expect(tickers[0]?.lastUsd).toBe(84123.45);
    expect(server.requestsTo('/api/v3/exchangeInfo')).toHaveLength(0);
  });

  it('fetchTicker per symbol when asked', async () => {
    const tickers = await provider({
      exchanges: ['binance'],
      tickerMethod: { binance: 'fetchTicker' },
    }).getTickers({}, signal());
    expect(tickers.map((ticker) => ticker.base)).toEqual(['BTC', 'ETH']);
    expect(server.requestsTo('/api/v3/ticker/24hr').map((request) => request.query.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
    ]);
  });

  it('a venue that fails drops only its own tickers; all failing throws', async () => {
    server.route('/0/public/Ticker', {
      status: 503,
      body: 'Service Unavailable',
      headers: { 'content-type': 'text/plain' },
    });
    const tickers = await provider().getTickers({}, signal());
    expect(new Set(tickers.map((ticker) => ticker.exchangeId))).toEqual(new Set(['binance']));
    server.route('/api/v3/ticker/24hr', {
      status: 503,
      body: 'Service Unavailable',
      headers: { 'content-type': 'text/plain' },
    });
    await expect(provider().getTickers({}, signal())).rejects.toBeInstanceOf(UnavailableError);
  });
});

describe('CcxtProvider — order books and trades', () => {
  it('maps a Binance order book (best first, cut to depth)', async () => {
    const book = await provider().getOrderBook(BTC_USDT, 3, signal());
    expect(book).toEqual({
      exchangeId: 'binance',
      coinId: 'bitcoin',
      base: 'BTC',
      quote: 'USDT',
      bids: [
        [84123.44, 1.234],
        [84123, 0.5],
        [84122.5, 2],
      ],
      asks: [
        [84123.46, 0.567],
        [84123.8, 0.25],
        [84124.1, 1.1],
      ],
      timestamp: NOW,
    });
    expect(server.requestsTo('/api/v3/depth')[0]?.query).toMatchObject({ symbol: 'BTCUSDT', limit: '3' });
  });

  it('maps a Kraken order book', async () => {
    const book = await provider().getOrderBook(
      { exchangeId: 'kraken', coinId: 'bitcoin', quote: 'usd' },
      10,
      signal(),
    );
    expect(book.bids[0]).toEqual([84130, 0.75]);
    expect(book.asks[0]).toEqual([84130.1, 0.512]);
    expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]);
    expect(server.requestsTo('/0/public/Depth')[0]?.query).toMatchObject({ pair: 'XXBTZUSD', count: '10' });
  });

  it('asks no venue for more book levels than it serves', async () => {
    const cx = provider();
    await cx.getOrderBook({ exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' }, 5_000, signal());
    await cx.getOrderBook(BTC_USDT, 20_000, signal());
    await cx.getOrderBook(BTC_USDT, 1_000, signal());
    expect(server.requestsTo('/0/public/Depth').map((request) => request.query.count)).toEqual(['500']);
    expect(server.requestsTo('/api/v3/depth').map((request) => request.query.limit)).toEqual([
      '5000',
      '1000',
    ]);
  });

  it('maps Binance aggregate trades (maker buyer → sell) and honours since', async () => {
    const cx = provider();
    const trades = await cx.getTrades(BTC_USDT, null, signal());
    expect(trades).toEqual([
      {
        id: '3412345001',
        exchangeId: 'binance',
        coinId: 'bitcoin',
        base: 'BTC',
        quote: 'USDT',
        price: 84123.45,
        amount: 0.012,
        side: 'sell',
        timestamp: 1740830390123,
      },
      {
        id: '3412345002',
        exchangeId: 'binance',
        coinId: 'bitcoin',
        base: 'BTC',
        quote: 'USDT',
        price: 84123.46,
        amount: 0.5,
        side: 'buy',
        timestamp: 1740830391456,
      },
      {
        id: '3412345003',
        exchangeId: 'binance',
        coinId: 'bitcoin',
        base: 'BTC',
        quote: 'USDT',
        price: 84124,
        amount: 0.003,
        side: 'buy',
        timestamp: 1740830395789,
      },
    ]);
    const recent = await cx.getTrades(BTC_USDT, 1740830391000, signal());
    expect(recent.map((trade) => trade.id)).toEqual(['3412345002', '3412345003']);
    expect(server.requestsTo('/api/v3/aggTrades').at(-1)?.query).toMatchObject({
      symbol: 'BTCUSDT',
      startTime: '1740830391000',
    });
  });

  it('maps Kraken trades', async () => {
    const trades = await provider().getTrades(
      { exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' },
      null,
      signal(),
    );
    expect(trades.map((trade) => [trade.side, trade.price, trade.amount, trade.timestamp])).toEqual([
      ['sell', 84129.9, 0.01, 1740830390123],
      ['buy', 84130, 0.25, 1740830392567],
    ]);
  });

  it('an unknown pair or venue → NotFoundError without a data request', async () => {
    const cx = provider();
    await expect(
      cx.getOrderBook({ exchangeId: 'binance', coinId: 'dogecoin', quote: 'USDT' }, 5, signal()),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      cx.getOrderBook({ exchangeId: 'okx', coinId: 'bitcoin', quote: 'USDT' }, 5, signal()),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(server.requestsTo('/api/v3/depth')).toHaveLength(0);
  });
});

describe('CcxtProvider — failures', () => {
  it('429 with Retry-After in seconds → RateLimitedError with that delay', async () => {
    server.route('/api/v3/depth', {
      status: 429,
      headers: { 'retry-after': '7' },
      json: { code: -1003, msg: 'Too many requests.' },
    });
    const error = await rejection(provider().getOrderBook(BTC_USDT, 5, signal()));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(7_000);
  });

  it('429 with Retry-After as an HTTP date → the delay until that date', async () => {
    server.route('/api/v3/depth', {
      status: 429,
      headers: { 'retry-after': new Date(NOW + 90_000).toUTCString() },
    });
    const error = await rejection(provider().getOrderBook(BTC_USDT, 5, signal()));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(90_000);
  });

  it('418 (IP ban, DDoSProtection) without Retry-After → RateLimitedError of 60 s', async () => {
    server.route('/api/v3/depth', {
      status: 418,
      json: { code: -1003, msg: 'Way too many requests; IP banned.' },
    });
    const error = await rejection(provider().getOrderBook(BTC_USDT, 5, signal()));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(60_000);
  });

  it('a Kraken rate-limit error body → RateLimitedError', async () => {
    server.json('/0/public/Depth', { error: ['EAPI:Rate limit exceeded'], result: {} });
    await expect(
      provider().getOrderBook({ exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' }, 5, signal()),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it.each([500, 503])('%i → UnavailableError', async (status) => {
    server.route('/api/v3/depth', {
      status,
      body: '<html>error</html>',
      headers: { 'content-type': 'text/html' },
    });
    await expect(provider().getOrderBook(BTC_USDT, 5, signal())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('a dropped connection → UnavailableError', async () => {
    server.route('/api/v3/depth', { destroySocket: true });
    await expect(provider().getOrderBook(BTC_USDT, 5, signal())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('a response slower than timeoutMs → UnavailableError within bounded time', async () => {
    server.route('/api/v3/depth', { delayMs: 5_000, json: fixture('binance-depth-BTCUSDT.json') });
    const cx = provider({ timeoutMs: 300 });
    await cx.getTickers({ exchangeIds: ['binance'] }, signal()); // markets loaded
    const started = Date.now();
    const error = await rejection(cx.getOrderBook(BTC_USDT, 5, signal()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a failed market list is retried on the next call', async () => {
    server.route('/api/v3/exchangeInfo', [
      { status: 503, body: 'down' },
      { json: fixture('binance-exchangeInfo.json') },
    ]);
    const cx = provider({ exchanges: ['binance'] });
    await expect(cx.getTickers({}, signal())).rejects.toBeInstanceOf(UnavailableError);
    expect(await cx.getTickers({}, signal())).toHaveLength(2);
  });

  it('malformed JSON → MalformedResponseError', async () => {
    server.route('/api/v3/depth', { body: '{"lastUpdateId": 1, "bids": [["84123.44", ' });
    await expect(provider().getOrderBook(BTC_USDT, 5, signal())).rejects.toBeInstanceOf(
      MalformedResponseError,
    );
    server.route('/api/v3/ticker/24hr', { body: '[{"symbol": "BTCUSDT", "lastPrice": ' });
    await expect(provider({ exchanges: ['binance'] }).getTickers({}, signal())).rejects.toBeInstanceOf(
      MalformedResponseError,
    );
  });

  it('a ticker without a price → MalformedResponseError naming "last"', async () => {
    const [btc] = fixture<Json[]>('binance-ticker-24hr.json');
    // ccxt rebuilds a missing lastPrice from openPrice and priceChange or priceChangePercent, so all go.
    const { lastPrice: _last, priceChange: _change, priceChangePercent: _percent, ...withoutLast } = btc!;
    server.json('/api/v3/ticker/24hr', withoutLast);
    const error = await rejection(
      provider({
        exchanges: ['binance'],
        symbols: { binance: ['BTC/USDT'] },
        tickerMethod: { binance: 'fetchTicker' },
      }).getTickers({}, signal()),
    );
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain('missing required field "last"');
    server.json('/api/v3/ticker/24hr', [withoutLast]);
    const batch = await rejection(
      provider({ exchanges: ['binance'], symbols: { binance: ['BTC/USDT'] } }).getTickers({}, signal()),
    );
    expect(batch).toBeInstanceOf(MalformedResponseError);
    expect((batch as Error).message).toContain('missing required field "last"');
  });

  it('a book level without a numeric price → MalformedResponseError naming the side', async () => {
    server.json('/api/v3/depth', {
      lastUpdateId: 1,
      bids: [['not-a-price', '1.0']],
      asks: [['84123.46', '0.5']],
    });
    const error = await rejection(provider().getOrderBook(BTC_USDT, 5, signal()));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain('"bids"');
  });

  it('Binance "Invalid symbol" (400 -1121) and Kraken "Unknown asset pair" → NotFoundError', async () => {
    server.route('/api/v3/depth', { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } });
    await expect(provider().getOrderBook(BTC_USDT, 5, signal())).rejects.toBeInstanceOf(NotFoundError);
    server.json('/0/public/Depth', { error: ['EQuery:Unknown asset pair'] });
    await expect(
      provider().getOrderBook({ exchangeId: 'kraken', coinId: 'bitcoin', quote: 'USD' }, 5, signal()),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('HTTP 404 on a pair request → NotFoundError', async () => {
    server.route('/api/v3/depth', { status: 404, body: '' });
    await expect(provider().getOrderBook(BTC_USDT, 5, signal())).rejects.toBeInstanceOf(NotFoundError);
  });

  it('honours an already aborted signal without a request', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(provider().getTickers({}, controller.signal));
    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(0);
  });

  it('honours an abort while the response is pending', async () => {
    server.route('/api/v3/depth', { delayMs: 5_000, json: fixture('binance-depth-BTCUSDT.json') });
    const cx = provider({ timeoutMs: 10_000 });
    await cx.getTickers({ exchangeIds: ['binance'] }, signal());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await rejection(cx.getOrderBook(BTC_USDT, 5, controller.signal));
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('healthCheck: true while one venue answers its market list, false when none does', async () => {
    server.route('/0/public/AssetPairs', { status: 503, body: 'down' });
    expect(await provider().healthCheck(signal())).toBe(true);
    server.route('/api/v3/exchangeInfo', { status: 503, body: 'down' });
    expect(await provider().healthCheck(signal())).toBe(false);
  });
});

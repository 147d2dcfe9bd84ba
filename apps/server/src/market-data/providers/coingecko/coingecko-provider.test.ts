import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  MalformedResponseError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  UnsupportedError,
} from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import type { CoinGeckoProviderOptions } from './coingecko-provider.js';
import { CoinGeckoProvider } from './coingecko-provider.js';

/** 2025-03-01T12:00:00Z, the "now" the fixtures were written for. */
const NOW = Date.parse('2025-03-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 86_400_000;

function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as T;
}

type Json = Record<string, unknown>;

let server: ReplayServer;

beforeEach(async () => {
  server = await ReplayServer.start();
});

afterEach(async () => {
  await server.close();
});

function provider(options: CoinGeckoProviderOptions = {}): CoinGeckoProvider {
  return new CoinGeckoProvider({
    baseUrl: server.url,
    minIntervalMs: 0,
    timeoutMs: 2_000,
    now: () => NOW,
    ...options,
  });
}

const signal = () => AbortSignal.timeout(15_000);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('CoinGeckoProvider — happy paths', () => {
  it('declares its capabilities and rejects the others with UnsupportedError', async () => {
    const cg = provider();
    expect([...cg.capabilities].sort()).toEqual([
      'candles',
      'coins',
      'developer',
      'exchangeRates',
      'exchanges',
      'quotes',
      'social',
      'tickers',
    ]);
    const pair = { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' };
    await expect(cg.getOrderBook(pair, 10, signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cg.getTrades(pair, null, signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cg.getOnChain(['bitcoin'], signal())).rejects.toBeInstanceOf(UnsupportedError);
    await expect(cg.getAnnouncements(0, signal())).rejects.toBeInstanceOf(UnsupportedError);
    expect(server.requests).toHaveLength(0);
  });

  it('maps /coins/markets into AggregateQuotes exactly (incl. ATH/ATL)', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    const quotes = await provider().getQuotes(['bitcoin', 'ethereum', 'tether', 'bitcoin'], signal());
    expect(quotes.map((quote) => quote.coinId)).toEqual(['bitcoin', 'ethereum', 'tether']);
    expect(quotes[0]).toEqual({
      coinId: 'bitcoin',
      priceUsd: 84123.45,
      volumeUsd24h: 28765432109,
      high24hUsd: 85010.2,
      low24hUsd: 82950.75,
      marketCapUsd: 1668812345678,
      athUsd: 108786,
      athAt: Date.parse('2025-01-20T09:11:54.494Z'),
      atlUsd: 67.81,
      atlAt: Date.parse('2013-07-06T00:00:00.000Z'),
      change24hPercent: 0.61271,
      timestamp: Date.parse('2025-03-01T11:58:21.117Z'),
    });
    const [request] = server.requestsTo('/coins/markets');
    expect(request?.query).toMatchObject({ vs_currency: 'usd', ids: 'bitcoin,ethereum,tether' });
  });

  it('leaves out coins without a current price and asks nothing for an empty list', async () => {
    const entries = fixture<Json[]>('coins-markets.json');
    entries[1] = { ...entries[1], current_price: null };
    server.json('/coins/markets', entries);
    const cg = provider();
    expect(await cg.getQuotes([], signal())).toEqual([]);
    expect(server.requests).toHaveLength(0);
    const quotes = await cg.getQuotes(['bitcoin', 'ethereum', 'tether'], signal());
    expect(quotes.map((quote) => quote.coinId)).toEqual(['bitcoin', 'tether']);
  });

  it('builds coin profiles from /coins/markets plus /coins/{id} detail facts', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    server.route('/coins/ethereum', { status: 404, json: { error: 'coin not found' } });
    server.json('/coins/tether', fixture('coin-tether.json'));
    const coins = await provider({ coinDetailLimit: 3 }).getCoins(signal());
    expect(coins.map((coin) => coin.id)).toEqual(['bitcoin', 'ethereum', 'tether']);

    const [bitcoin, ethereum, tether] = coins;
    expect(bitcoin).toEqual({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      localNames: { 'zh-Hans': '比特币' },
      logo: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400',
      circulatingSupply: 19837125,
      totalSupply: 19837125,
      maxSupply: 21000000,
      issueDate: '2009-01-03',
      issueType: null,
      publicChain: 'Bitcoin',
      consensus: 'PoW',
      blockTimeSeconds: 600,
      coreAlgorithm: 'SHA-256',
      mining: {
        status: 'active',
        genesisBlockTime: null,
        blockReward: null,
        halvingIntervalBlocks: null,
        nextHalvingReward: null,
      },
      sectors: ['layer-1', 'bitcoin-ecosystem'],
      links: {
        website: 'http://www.bitcoin.org',
        whitepaper: 'https://bitcoin.org/bitcoin.pdf',
        x: 'https://x.com/bitcoin',
        facebook: 'https://www.facebook.com/bitcoins',
        reddit: 'https://www.reddit.com/r/Bitcoin/',
        github: 'https://github.com/bitcoin/bitcoin',
      },
      description: {
        en: 'Bitcoin is the first decentralised digital currency.\n\nIt launched in 2009.',
        vi: 'Bitcoin là đồng tiền kỹ thuật số phi tập trung đầu tiên.',
        'zh-Hans': '比特币是第一种去中心化数字货币。',
      },
      stablecoin: false,
    });
    // 404 on the detail: the markets-only profile.
    expect(ethereum).toMatchObject({
      id: 'ethereum',
      symbol: 'ETH',
      maxSupply: null,
      links: {},
      description: null,
      sectors: [],
      issueDate: null,
      consensus: null,
    });
    expect(tether).toMatchObject({
      symbol: 'USDT',
      stablecoin: true,
      sectors: ['stablecoin'],
      publicChain: 'Ethereum',
      consensus: null,
      mining: null,
      blockTimeSeconds: null,
      coreAlgorithm: null,
      issueDate: null,
      localNames: { 'zh-Hans': '泰达币' },
      links: {
        website: 'https://tether.to/',
        whitepaper: 'https://tether.to/en/whitepaper/',
        x: 'https://x.com/Tether_to',
      },
      description: {
        en: 'Tether is a stablecoin pegged to the US dollar.',
        vi: 'Tether is a stablecoin pegged to the US dollar.',
        'zh-Hans': 'Tether is a stablecoin pegged to the US dollar.',
      },
    });

    const [markets] = server.requestsTo('/coins/markets');
    expect(markets?.query).toMatchObject({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '250',
      page: '1',
    });
    const [detail] = server.requestsTo('/coins/bitcoin');
    expect(detail?.query).toMatchObject({
      localization: 'true',
      tickers: 'false',
      market_data: 'false',
      community_data: 'true',
      developer_data: 'true',
    });
  });

  it('maps community data into social snapshots: unknown counts stay null, nothing is invented', async () => {
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    const [social] = await provider().getSocial(['bitcoin'], signal());
    expect(social).toEqual({
      coinId: 'bitcoin',
      // The documented example has no twitter_followers and a null Telegram count.
      followers: { x: null, reddit: 6127543, telegram: null },
      engagement24h: null,
      suspectedBotShare: null,
      redditActiveAccounts48h: 3498,
      timestamp: NOW,
    });
  });

  it('reads a 0 count without the matching link as unknown, and leaves out a coin with no known count', async () => {
    const detail = fixture<Json>('coin-bitcoin.json');
    const links = detail.links as Json;
    server.json('/coins/bitcoin', {
      ...detail,
      links: { ...links, subreddit_url: '', twitter_screen_name: '' },
      community_data: { reddit_subscribers: 0, twitter_followers: 0, telegram_channel_user_count: null },
    });
    await expect(provider().getSocial(['bitcoin'], signal())).resolves.toEqual([]);
  });

  it('maps developer data of the first listed repository; one detail call serves social and developer', async () => {
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    const cg = provider();
    const [developer] = await cg.getDeveloper(['bitcoin'], signal());
    expect(developer).toEqual({
      coinId: 'bitcoin',
      repository: 'bitcoin/bitcoin',
      stars: 76697,
      forks: 36433,
      commits4w: 108,
      mergedPullRequests: 11204,
      mergedPullRequestsWindowDays: null,
      contributors: 829,
      source: 'coingecko',
      timestamp: NOW,
    });
    await cg.getSocial(['bitcoin'], signal());
    expect(server.requestsTo('/coins/bitcoin')).toHaveLength(1);
    expect(cg.repositoryOf('bitcoin')).toBe('bitcoin/bitcoin');
  });

  it('has no developer snapshot for a repository CoinGecko does not measure (all zero)', async () => {
    server.json('/coins/bitcoin', {
      ...fixture<Json>('coin-bitcoin.json'),
      developer_data: { forks: 0, stars: 0, commit_count_4_weeks: 0, pull_requests_merged: 0 },
    });
    const cg = provider();
    await expect(cg.getDeveloper(['bitcoin'], signal())).resolves.toEqual([]);
    expect(cg.repositoryOf('bitcoin')).toBe('bitcoin/bitcoin');
  });

  it('skips unknown coins and returns what it gathered when a long rate limit stops the details', async () => {
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    server.route('/coins/gone', { status: 404, json: { error: 'coin not found' } });
    server.route('/coins/ethereum', { status: 429, headers: { 'retry-after': '120' }, json: {} });
    const social = await provider().getSocial(['gone', 'bitcoin', 'ethereum', 'solana'], signal());
    expect(social.map((snapshot) => snapshot.coinId)).toEqual(['bitcoin']);
    expect(server.requestsTo('/coins/solana')).toHaveLength(0);
    await expect(provider().getSocial(['ethereum'], signal())).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('caches coin details and limits them to the top coinDetailLimit', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    const cg = provider({ coinDetailLimit: 1 });
    await cg.getCoins(signal());
    const again = await cg.getCoins(signal());
    expect(again[0]?.coreAlgorithm).toBe('SHA-256');
    expect(server.requestsTo('/coins/bitcoin')).toHaveLength(1);
    expect(server.requestsTo(/^\/coins\/(ethereum|tether)$/)).toHaveLength(0);
  });

  it('merges every detail the signals read into the profiles, beyond coinDetailLimit', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    server.json('/coins/tether', fixture('coin-tether.json'));
    server.route('/coins/ethereum', { status: 404, json: { error: 'coin not found' } });
    const cg = provider({ coinDetailLimit: 0 });
    expect((await cg.getCoins(signal())).map((coin) => coin.links)).toEqual([{}, {}, {}]);
    await cg.getSocial(['bitcoin', 'ethereum', 'tether'], signal());
    const coins = await cg.getCoins(signal());
    expect(coins.find((coin) => coin.id === 'bitcoin')?.coreAlgorithm).toBe('SHA-256');
    expect(coins.find((coin) => coin.id === 'tether')?.links.website).toBeTruthy();
    // A coin CoinGecko does not know is asked once, whichever job asks next.
    await cg.getSocial(['ethereum'], signal());
    await provider({ coinDetailLimit: 3 }).getCoins(signal());
    expect(server.requestsTo('/coins/ethereum')).toHaveLength(2);
    await cg.getDeveloper(['ethereum'], signal());
    expect(server.requestsTo('/coins/ethereum')).toHaveLength(2);
  });

  it('fills details behind a staged answer through a rate limit and a failing coin', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.route('/coins/bitcoin', [
      { status: 429, headers: { 'retry-after': '0' }, json: {} },
      { json: fixture('coin-bitcoin.json') },
    ]);
    server.route('/coins/ethereum', { status: 503, body: 'upstream error' });
    server.json('/coins/tether', fixture('coin-tether.json'));
    const cg = provider({ detailsInBackground: true, coinDetailLimit: 3 });
    expect((await cg.getCoins(signal())).every((coin) => coin.links.website === undefined)).toBe(true);
    await vi.waitFor(() => expect(server.requestsTo('/coins/tether')).toHaveLength(1), { timeout: 5_000 });
    const coins = await cg.getCoins(signal());
    expect(coins.find((coin) => coin.id === 'bitcoin')?.coreAlgorithm).toBe('SHA-256');
    expect(coins.find((coin) => coin.id === 'tether')?.links.website).toBeTruthy();
    expect(coins.find((coin) => coin.id === 'ethereum')?.links).toEqual({});
  });

  it("reads every coin's signals through a short rate limit and a failing coin", async () => {
    server.json('/coins/bitcoin', fixture('coin-bitcoin.json'));
    server.route('/coins/ethereum', { status: 503, body: 'upstream error' });
    server.route('/coins/tether', [
      { status: 429, headers: { 'retry-after': '0' }, json: {} },
      { json: fixture('coin-tether.json') },
    ]);
    const social = await provider().getSocial(['ethereum', 'tether', 'bitcoin'], signal());
    // Bitcoin, asked last, is read past Ethereum's outage and Tether's rate limit (Tether's detail, asked again
    // once the limit passed, has no follower count to map).
    expect(social.map((snapshot) => snapshot.coinId)).toEqual(['bitcoin']);
    expect(server.requestsTo('/coins/tether')).toHaveLength(2);
  });

  it('shares one detail request between profiles and signals asking at once', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.route('/coins/bitcoin', { json: fixture('coin-bitcoin.json'), delayMs: 100 });
    const cg = provider({ coinDetailLimit: 1 });
    await Promise.all([cg.getCoins(signal()), cg.getSocial(['bitcoin'], signal())]);
    expect(server.requestsTo('/coins/bitcoin')).toHaveLength(1);
  });

  it('stops fetching details after a rate limit but still lists every coin', async () => {
    server.json('/coins/markets', fixture('coins-markets.json'));
    server.route('/coins/bitcoin', {
      status: 429,
      headers: { 'retry-after': '0' },
      json: { status: { error_code: 429, error_message: 'throttled' } },
    });
    server.json('/coins/tether', fixture('coin-tether.json'));
    const coins = await provider({ coinDetailLimit: 3 }).getCoins(signal());
    expect(coins).toHaveLength(3);
    expect(coins[0]?.links).toEqual({});
    expect(server.requestsTo(/^\/coins\/(ethereum|tether)$/)).toHaveLength(0);
  });

  it('pages /coins/markets until maxCoins or a short page', async () => {
    const [template] = fixture<Json[]>('coins-markets.json');
    server.route({ path: '/coins/markets' }, (request) => {
      const page = Number(request.query.page);
      const count = page === 1 ? 250 : page === 2 ? 10 : 0;
      return {
        json: Array.from({ length: count }, (_, index) => ({ ...template, id: `coin-${page}-${index}` })),
      };
    });
    const coins = await provider({ maxCoins: 600, coinDetailLimit: 0 }).getCoins(signal());
    expect(coins).toHaveLength(260);
    expect(server.requestsTo('/coins/markets').map((request) => request.query.page)).toEqual(['1', '2']);
    const capped = await provider({ maxCoins: 100, coinDetailLimit: 0 }).getCoins(signal());
    expect(capped).toHaveLength(100);
  });

  it('builds exchange profiles from /exchanges plus /exchanges/{id}', async () => {
    server.json('/exchanges', fixture('exchanges.json'));
    server.json('/exchanges/binance', fixture('exchange-binance.json'));
    server.json('/exchanges/gdax', fixture('exchange-gdax.json'));
    server.json('/exchanges/uniswap_v3', fixture('exchange-uniswap_v3.json'));
    const exchanges = await provider().getExchanges(signal());
    expect(
      exchanges.map((exchange) => [
        exchange.id,
        exchange.kind,
        exchange.established,
        exchange.registrationPlace,
      ]),
    ).toEqual([
      ['binance', 'centralized', '2017', 'Cayman Islands'],
      ['gdax', 'centralized', '2012', 'United States'],
      ['uniswap_v3', 'dex', '2021', null],
    ]);
    expect(exchanges[0]).toMatchObject({
      name: 'Binance',
      website: 'https://www.binance.com/',
      logo: 'https://coin-images.coingecko.com/markets/images/52/small/binance.jpg?1706864274',
      fees: null,
      kyc: null,
    });
    expect(server.requestsTo('/exchanges')[0]?.query).toMatchObject({ per_page: '100', page: '1' });
  });

  it('maps /coins/{id}/tickers into VenueTickers (USD conversion, spread, stale dropped)', async () => {
    server.json('/coins/bitcoin/tickers', fixture('coin-tickers-bitcoin.json'));
    const tickers = await provider().getTickers({ coinIds: ['bitcoin'] }, signal());
    expect(tickers.map((ticker) => ticker.exchangeId)).toEqual(['binance', 'gdax', 'kraken']);
    expect(tickers[0]).toEqual({
      exchangeId: 'binance',
      coinId: 'bitcoin',
      base: 'BTC',
      quote: 'USDT',
      last: 84110.01,
      lastUsd: 84126.8,
      bidUsd: 84126.8 * (1 - 0.010012 / 200),
      askUsd: 84126.8 * (1 + 0.010012 / 200),
      volumeBase24h: 15234.56789,
      volumeUsd24h: 1281603712,
      timestamp: Date.parse('2025-03-01T11:57:12+00:00'),
      spreadPercent: 0.010012,
      depthUsd2pctUp: 18234567.12,
      depthUsd2pctDown: 16345678.9,
      trust: 'green',
    });
    expect(tickers[1]).toMatchObject({ exchangeId: 'gdax', quote: 'USDC', lastUsd: 84130.5 });
    expect(tickers[2]).toMatchObject({
      quote: 'EURC',
      last: 80950.1,
      lastUsd: 84082.3,
      volumeUsd24h: 103799606,
    });
    const [request] = server.requestsTo('/coins/bitcoin/tickers');
    expect(request?.query).toMatchObject({ dex_pair_format: 'symbol', page: '1' });
  });

  it('gives null bid/ask when CoinGecko publishes no spread', async () => {
    const page = fixture<{ name: string; tickers: Json[] }>('coin-tickers-bitcoin.json');
    page.tickers = [{ ...page.tickers[0], bid_ask_spread_percentage: null }];
    server.json('/coins/bitcoin/tickers', page);
    const [ticker] = await provider().getTickers({ coinIds: ['bitcoin'] }, signal());
    expect(ticker).toMatchObject({ bidUsd: null, askUsd: null, lastUsd: 84126.8, spreadPercent: null });
  });

  it('gives null depth and trust when a ticker leaves them out or rates it unknown', async () => {
    const page = fixture<{ name: string; tickers: Json[] }>('coin-tickers-bitcoin.json');
    const { cost_to_move_up_usd: _up, cost_to_move_down_usd: _down, ...bare } = page.tickers[0]!;
    page.tickers = [{ ...bare, trust_score: 'purple' }];
    server.json('/coins/bitcoin/tickers', page);
    const [ticker] = await provider().getTickers({ coinIds: ['bitcoin'] }, signal());
    expect(ticker).toMatchObject({ depthUsd2pctUp: null, depthUsd2pctDown: null, trust: null });
  });

  it('reads /exchanges/{id}/tickers, filtered by coin_ids, and the default venues for an empty query', async () => {
    server.json(/^\/exchanges\/[^/]+\/tickers$/, fixture('exchange-tickers-binance.json'));
    const cg = provider({ tickerExchangeIds: ['binance', 'gdax'] });
    const eth = await cg.getTickers({ exchangeIds: ['binance'], coinIds: ['ethereum'] }, signal());
    expect(eth).toHaveLength(1);
    expect(eth[0]).toMatchObject({
      exchangeId: 'binance',
      coinId: 'ethereum',
      base: 'ETH',
      quote: 'USDT',
      lastUsd: 2234.35,
      volumeBase24h: 301234.5,
    });
    expect(server.requestsTo('/exchanges/binance/tickers')[0]?.query).toMatchObject({ coin_ids: 'ethereum' });

    server.clearLog();
    const all = await cg.getTickers({}, signal());
    expect(all).toHaveLength(4);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/exchanges/binance/tickers',
      '/exchanges/gdax/tickers',
    ]);
  });

  it('converts /exchange_rates (per BTC) into rates per USD', async () => {
    server.json('/exchange_rates', fixture('exchange-rates.json'));
    const { rates, timestamp } = await provider().getExchangeRates(signal());
    expect(timestamp).toBe(NOW);
    const byCode = new Map(rates.map((rate) => [rate.code, rate]));
    expect(byCode.get('USD')).toEqual({ code: 'USD', name: 'US Dollar', unit: '$', type: 'fiat', perUsd: 1 });
    expect(byCode.get('BTC')?.perUsd).toBeCloseTo(1 / 84_000, 15);
    expect(byCode.get('EUR')?.perUsd).toBeCloseTo(0.9625, 12);
    expect(byCode.get('VND')?.perUsd).toBeCloseTo(25_500, 6);
    expect(byCode.get('XAU')).toMatchObject({ type: 'commodity', name: 'Gold - Troy Ounce' });
    expect(byCode.get('SATS')?.perUsd).toBeCloseTo(100_000_000 / 84_000, 6);
  });

  it('serves the helpers: supported currencies, ping', async () => {
    server.json('/simple/supported_vs_currencies', fixture('supported-vs-currencies.json'));
    server.json('/ping', fixture('ping.json'));
    const cg = provider();
    expect(await cg.getSupportedCurrencies(signal())).toContain('vnd');
    expect(await cg.healthCheck(signal())).toBe(true);
  });

  it('reports unhealthy when /ping fails', async () => {
    server.route('/ping', { status: 503, body: 'maintenance' });
    expect(await provider().healthCheck(signal())).toBe(false);
  });
});

describe('CoinGeckoProvider — candles', () => {
  it('builds 5-minute candles from market_chart days=1 (exact open/close from the points)', async () => {
    const chart = fixture<{ prices: [number, number][]; total_volumes: [number, number][] }>(
      'market-chart-bitcoin-1d.json',
    );
    server.json('/coins/bitcoin/market_chart', chart);
    const candles = await provider().getCandles(
      { coinId: 'bitcoin', resolution: '5m', from: NOW - HOUR, to: NOW },
      signal(),
    );
    expect(candles).toHaveLength(12);
    expect(candles[0]?.time).toBe(NOW - HOUR);
    expect(candles.at(-1)?.time).toBe(NOW - 300_000);
    // The point stamped 11:00:17 closes the 11:00 bucket; the open is the previous point (10:55:17).
    const at = (time: number) => chart.prices.find(([stamp]) => stamp === time)?.[1];
    const first = candles[0]!;
    expect(first.open).toBe(at(NOW - HOUR - 300_000 + 17_000));
    expect(first.close).toBe(at(NOW - HOUR + 17_000));
    expect(first.high).toBe(Math.max(first.open, first.close));
    const volume24h = chart.total_volumes.find(([stamp]) => stamp === NOW - HOUR + 17_000)?.[1] ?? 0;
    expect(first.amount).toBeCloseTo(volume24h / 288, 3);
    expect(first.volume).toBeCloseTo(first.amount / ((first.high + first.low + first.close) / 3), 6);
    // The last bucket also holds the point stamped exactly "now".
    expect(candles.at(-1)?.close).toBe(chart.prices.at(-1)?.[1]);
    expect(server.requestsTo('/coins/bitcoin/market_chart')[0]?.query).toMatchObject({
      vs_currency: 'usd',
      days: '1',
    });
  });

  it('builds hourly candles of the last day from /ohlc (30-minute bodies) with market_chart volumes', async () => {
    const rows = fixture<[number, number, number, number, number][]>('ohlc-bitcoin-1d.json');
    server.json('/coins/bitcoin/ohlc', rows);
    server.json('/coins/bitcoin/market_chart', fixture('market-chart-bitcoin-1d.json'));
    const candles = await provider().getCandles(
      { coinId: 'bitcoin', resolution: '1h', from: NOW - 3 * HOUR, to: NOW },
      signal(),
    );
    expect(candles.map((candle) => candle.time)).toEqual([NOW - 3 * HOUR, NOW - 2 * HOUR, NOW - HOUR]);
    const firstHalf = rows.find(([close]) => close === NOW - 30 * 60_000)!;
    const secondHalf = rows.find(([close]) => close === NOW)!;
    expect(candles[2]).toMatchObject({
      open: firstHalf[1],
      high: Math.max(firstHalf[2], secondHalf[2]),
      low: Math.min(firstHalf[3], secondHalf[3]),
      close: secondHalf[4],
    });
    expect(candles[2]!.amount).toBeGreaterThan(0);
    expect(server.requestsTo('/coins/bitcoin/ohlc')[0]?.query).toMatchObject({
      vs_currency: 'usd',
      days: '1',
    });
    expect(server.requestsTo('/coins/bitcoin/market_chart')[0]?.query).toMatchObject({ days: '1' });
  });

  it('asks market_chart for the right number of days further back and clamps to the history limit', async () => {
    server.json('/coins/bitcoin/market_chart', { prices: [], market_caps: [], total_volumes: [] });
    const cg = provider();
    await cg.getCandles({ coinId: 'bitcoin', resolution: '1h', from: NOW - 10 * DAY, to: NOW }, signal());
    await cg.getCandles({ coinId: 'bitcoin', resolution: '1d', from: NOW - 1_000 * DAY, to: NOW }, signal());
    expect(server.requestsTo('/coins/bitcoin/market_chart').map((request) => request.query.days)).toEqual([
      '10',
      '365',
    ]);
  });

  it('has no minute data: 1m answers [] without a request', async () => {
    expect(
      await provider().getCandles(
        { coinId: 'bitcoin', resolution: '1m', from: NOW - HOUR, to: NOW },
        signal(),
      ),
    ).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('CoinGeckoProvider — failures', () => {
  it('429 with Retry-After in seconds → RateLimitedError with that delay', async () => {
    server.route('/coins/markets', {
      status: 429,
      headers: { 'retry-after': '30' },
      json: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } },
    });
    const error = await rejection(provider().getQuotes(['bitcoin'], signal()));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(30_000);
    expect((error as RateLimitedError).retryable).toBe(true);
  });

  it('429 with Retry-After as an HTTP date → the delay until that date', async () => {
    server.route('/coins/markets', {
      status: 429,
      headers: { 'retry-after': new Date(NOW + 120_000).toUTCString() },
    });
    const error = await rejection(provider().getQuotes(['bitcoin'], signal()));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(120_000);
  });

  it('429 without Retry-After → 60 s', async () => {
    server.route('/coins/markets', { status: 429 });
    const error = await rejection(provider().getQuotes(['bitcoin'], signal()));
    expect((error as RateLimitedError).retryAfterMs).toBe(60_000);
  });

  it('holds further calls back until Retry-After has passed, without reaching the API', async () => {
    server.route('/coins/markets', { status: 429, headers: { 'retry-after': '30' } });
    const cg = provider();
    await expect(cg.getQuotes(['bitcoin'], signal())).rejects.toBeInstanceOf(RateLimitedError);
    const second = await rejection(cg.getExchangeRates(signal()));
    expect(second).toBeInstanceOf(RateLimitedError);
    expect((second as RateLimitedError).retryAfterMs).toBeGreaterThan(29_000);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429-then-200 sequence: the retry after Retry-After succeeds', async () => {
    server.route('/coins/markets', [
      { status: 429, headers: { 'retry-after': '0' } },
      { json: fixture('coins-markets.json') },
    ]);
    const cg = provider();
    const error = await rejection(cg.getQuotes(['bitcoin'], signal()));
    expect((error as RateLimitedError).retryAfterMs).toBe(0);
    const quotes = await cg.getQuotes(['bitcoin'], signal());
    expect(quotes[0]?.priceUsd).toBe(84123.45);
  });

  it.each([500, 502, 503])('%i → UnavailableError', async (status) => {
    server.route('/exchange_rates', {
      status,
      body: '<html>upstream error</html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await rejection(provider().getExchangeRates(signal()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toContain(String(status));
  });

  it('a dropped connection → UnavailableError', async () => {
    server.route('/exchange_rates', { destroySocket: true });
    await expect(provider().getExchangeRates(signal())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('a response slower than timeoutMs → UnavailableError within bounded time', async () => {
    server.route('/exchange_rates', { delayMs: 5_000, json: fixture('exchange-rates.json') });
    const started = Date.now();
    const error = await rejection(provider({ timeoutMs: 200 }).getExchangeRates(signal()));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toMatch(/timed out after 200 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('malformed JSON → MalformedResponseError', async () => {
    server.route('/coins/markets', { body: '[{"id": "bitcoin", "symbol": "btc",' });
    const error = await rejection(provider().getQuotes(['bitcoin'], signal()));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/malformed JSON/);
  });

  it('a missing required field → MalformedResponseError naming it', async () => {
    const entries = fixture<Json[]>('coins-markets.json');
    const { current_price: _dropped, ...withoutPrice } = entries[1]!;
    server.json('/coins/markets', [entries[0], withoutPrice]);
    const error = await rejection(provider().getQuotes(['bitcoin', 'ethereum'], signal()));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain('missing required field "current_price" at [1].current_price');
  });

  it('a missing nested field (converted_last.usd) → MalformedResponseError naming it', async () => {
    const page = fixture<{ name: string; tickers: Json[] }>('coin-tickers-bitcoin.json');
    page.tickers[0] = { ...page.tickers[0], converted_last: { btc: 1, eth: 37 } };
    server.json('/coins/bitcoin/tickers', page);
    const error = await rejection(provider().getTickers({ coinIds: ['bitcoin'] }, signal()));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain(
      'missing required field "usd" at tickers[0].converted_last.usd',
    );
  });

  it('a field of the wrong type → MalformedResponseError naming it', async () => {
    server.json('/exchange_rates', {
      rates: { usd: { name: 'US Dollar', unit: '$', value: '84000', type: 'fiat' } },
    });
    const error = await rejection(provider().getExchangeRates(signal()));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain('invalid field "value" at rates.usd.value');
  });

  it('a rate table without USD → MalformedResponseError naming usd', async () => {
    server.json('/exchange_rates', {
      rates: { btc: { name: 'Bitcoin', unit: 'BTC', value: 1, type: 'crypto' } },
    });
    await expect(provider().getExchangeRates(signal())).rejects.toThrow(/missing required field "usd"/);
  });

  it('404 → NotFoundError', async () => {
    server.route('/coins/not-a-coin/tickers', { status: 404, json: { error: 'coin not found' } });
    const error = await rejection(provider().getTickers({ coinIds: ['not-a-coin'] }, signal()));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).retryable).toBe(false);
    expect((error as Error).message).toContain('coin not found');
    await expect(provider().coinDetail('not-a-coin', signal())).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('CoinGeckoProvider — API key, abort and spacing', () => {
  it('sends the demo API key header when configured, the pro header when asked', async () => {
    server.json('/ping', fixture('ping.json'));
    await provider({ apiKey: 'demo-key-123' }).healthCheck(signal());
    await provider({ apiKey: 'pro-key-456', apiKeyHeader: 'x-cg-pro-api-key' }).healthCheck(signal());
    const [demo, pro] = server.requests;
    expect(demo?.headers['x-cg-demo-api-key']).toBe('demo-key-123');
    expect(demo?.headers['x-cg-pro-api-key']).toBeUndefined();
    expect(pro?.headers['x-cg-pro-api-key']).toBe('pro-key-456');
    expect(pro?.headers['x-cg-demo-api-key']).toBeUndefined();
    expect(demo?.search).not.toContain('demo-key-123');
  });

  it('sends no key header when none is configured', async () => {
    server.json('/ping', fixture('ping.json'));
    await provider().healthCheck(signal());
    await provider({ apiKey: '' }).healthCheck(signal());
    for (const request of server.requests) {
      expect(request.headers['x-cg-demo-api-key']).toBeUndefined();
      expect(request.headers['x-cg-pro-api-key']).toBeUndefined();
    }
  });

  it('never exposes the key in errors or when the provider is inspected', async () => {
    const key = 'secret-key-789';
    server.route('/exchange_rates', {
      status: 401,
      json: { status: { error_code: 10002, error_message: 'API Key Missing' } },
    });
    const cg = provider({ apiKey: key });
    const error = await rejection(cg.getExchangeRates(signal()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(String((error as Error).message)).not.toContain(key);
    expect(inspect(error, { depth: 10 })).not.toContain(key);
    expect(inspect(cg, { depth: 10, showHidden: true })).not.toContain(key);
    expect(JSON.stringify(cg)).not.toContain(key);
  });

  it('honours an already aborted signal without a request', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(provider().getExchangeRates(controller.signal));
    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(0);
  });

  it('honours an abort while the response is pending', async () => {
    server.route('/exchange_rates', { delayMs: 5_000, json: fixture('exchange-rates.json') });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await rejection(provider({ timeoutMs: 10_000 }).getExchangeRates(controller.signal));
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('spaces call starts by minIntervalMs and lets an abort cut the wait short', async () => {
    server.json('/ping', fixture('ping.json'));
    const cg = provider({ minIntervalMs: 150 });
    // When each call leaves the client (arrival at the replay server can bunch up on a busy machine).
    const times: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      times.push(Date.now());
      return realFetch(...args);
    });
    try {
      await cg.healthCheck(signal());
      await cg.healthCheck(signal());
      await cg.healthCheck(signal());
    } finally {
      spy.mockRestore();
    }
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(145);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(145);

    const slow = provider({ minIntervalMs: 10_000 });
    await slow.healthCheck(signal());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(slow.healthCheck(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

import { coinDetailOutput, coinListItem, exchangeDetailOutput } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs, registerAccount } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

describe.each(TEST_DIALECTS)('market procedures on %s', (dialect) => {
  let clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  let server: TestServer;
  let accessToken: string;

  const call = <P extends Parameters<TestServer['client']['request']>[0]>(
    procedure: P,
    payload: Parameters<TestServer['client']['request']>[1],
    lang = 'en',
  ) => callAs(server, procedure, payload as never, { accessToken, lang });

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      { now: () => clock, marketProvider: provider },
    );
    accessToken = (await registerAccount(server, `market-${dialect}@example.org`)).AccessToken;
  });
  afterAll(() => server.close());

  it('answers global stats over every coin', async () => {
    const answer = await call('appmarket_msrv/global_stats', {});
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ coin_count: 12, exchange_count: 6, currency: 'usd', stale: false });
    expect(answer.data.rising + answer.data.falling + answer.data.unchanged).toBe(12);
    expect(answer.data.falling).toBe(1);
    expect(answer.data.btc_dominance).toBeGreaterThan(50);
  });

  it('pages and sorts the coin list by any column both ways', async () => {
    const first = await call('appmarket_msrv/coin_list', { page: 1, page_size: 5 });
    expect(first.data.total).toBe(12);
    expect(first.data.list.map((coin) => coin.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(coinListItem.array().parse(first.data.list)).toHaveLength(5);
    const byPriceDesc = await call('appmarket_msrv/coin_list', {
      sort: 'price',
      order: 'desc',
      page_size: 100,
    });
    const prices = byPriceDesc.data.list.map((coin) => coin.price ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byNameAsc = await call('appmarket_msrv/coin_list', { sort: 'name', page_size: 100 });
    expect(byNameAsc.data.list[0]?.id).toBe('aave');
  });

  it('filters gainers, losers, new listings and sectors', async () => {
    const losers = await call('appmarket_msrv/coin_list', { filter: 'losers' });
    expect(losers.data.list.map((coin) => coin.id)).toEqual(['dogecoin']);
    const gainers = await call('appmarket_msrv/coin_list', { filter: 'gainers' });
    expect(gainers.data.total).toBe(11);
    const meme = await call('appmarket_msrv/coin_list', { concept: 'meme' });
    expect(meme.data.list.map((coin) => coin.id).sort()).toEqual(['dogecoin', 'pepe']);
    const fresh = await call('appmarket_msrv/coin_list', { filter: 'new' });
    expect(fresh.data.total).toBe(0);
  });

  it('converts every price into the caller currency on the server', async () => {
    const usd = (await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin' })).data;
    const cny = (await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin', currency: 'CNY' })).data;
    expect(cny.currency).toBe('cny');
    expect(cny.price).toBeCloseTo((usd.price ?? 0) * 7.2, 2);
    expect((cny.circulating_market_cap ?? 0) / ((usd.circulating_market_cap ?? 1) * 7.2)).toBeCloseTo(1, 6);
    const bad = await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin', currency: 'xyz' });
    expect(bad.code).toBe(50500);
    expect(bad.msg).toContain('currency');
  });

  it('fills every coin field of the spec', async () => {
    const answer = await call('appmarket_msrv/coin_detail', { coin_id: 'ethereum' }, 'zh');
    expect(answer.code).toBe(0);
    const coin = coinDetailOutput.parse(answer.data);
    for (const field of [
      'price',
      'change_24h',
      'volume_24h',
      'amount_24h',
      'market_cap',
      'circulating_market_cap',
      'high_24h',
      'low_24h',
      'volatility_24h',
      'turnover_rate',
      'first_day_open',
      'roi',
      'volume_ratio',
      'btc_correlation',
      'circulating_supply',
      'total_supply',
      'circulation_rate',
      'market_share',
      'ath',
      'atl',
      'bid_ask_spread',
      'holder_addresses',
      'price_btc',
    ] as const) {
      expect(coin[field], field).not.toBeNull();
    }
    // +2 % drift plus the shared wiggle: exp(0.02 + 0.01·(sin 0 − sin(−2.1))) − 1 ≈ 2.9 %
    expect(coin.change_24h).toBeCloseTo(2.9, 0);
    expect(coin.exchange_count).toBe(6);
    expect(coin.bid_ask_spread).toBeCloseTo(0.1, 2);
    expect(coin.btc_correlation).toBeGreaterThan(0.9);
    expect(coin.concepts.map((concept) => concept.name)).toContain('公链');
    expect(coin.description).toBe('ethereum 中文');
    const btc = (await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin' }, 'zh')).data;
    expect(btc.local_name).toBe('比特币');
    expect(btc.circulation_rate).toBeCloseTo((19_800_000 / 21_000_000) * 100, 3);
    expect((await call('appmarket_msrv/coin_detail', { coin_id: 'no-such-coin' })).code).toBe(3002);
  });

  it('excludes the venue that reports ×1.5 from the reference price, and shows it marked', async () => {
    const detail = (await call('appmarket_msrv/coin_detail', { coin_id: 'solana' })).data;
    expect(Math.abs((detail.price ?? 0) / 180 - 1)).toBeLessThan(0.01);
    const tickers = await call('appmarket_msrv/coin_tickers', { coin_id: 'solana' });
    expect(tickers.data.total).toBe(6);
    expect(tickers.data.list.filter((ticker) => ticker.excluded).map((ticker) => ticker.exchange_id)).toEqual(
      ['liar'],
    );
    expect(tickers.data.list[0]).toMatchObject({ pair: 'SOL/USDT', exchange_name: 'ALPHA' });
  });

  it.each([
    ['H', '1m', 55, 61],
    ['D', '5m', 280, 289],
    ['W', '1h', 160, 169],
    ['Y', '1d', 360, 366],
    ['All', '1d', 365, 5 * 366],
  ] as const)('answers the %s chart range at %s', async (range, resolution, min, max) => {
    const answer = await call('appmarket_msrv/coin_kline', { coin_id: 'bitcoin', range });
    expect(answer.code).toBe(0);
    expect(answer.data.resolution).toBe(resolution);
    expect(answer.data.candles.length).toBeGreaterThanOrEqual(min);
    expect(answer.data.candles.length).toBeLessThanOrEqual(max);
    const times = answer.data.candles.map((candle) => candle.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('lists sectors with their change and lead coin, in the caller language', async () => {
    const answer = await call('appmarket_msrv/concept_list', {}, 'vi');
    const meme = answer.data.list.find((concept) => concept.id === 'meme');
    expect(meme).toMatchObject({ coin_count: 2, name: 'Meme' });
    expect(meme?.lead_coin?.id).toBe('pepe');
    expect(answer.data.list.find((concept) => concept.id === 'layer-1')?.name).toBe('Blockchain lớp 1');
  });

  it('ranks hot searches by what people open, each caller once an hour', async () => {
    for (let caller = 1; caller <= 3; caller++)
      await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: 'aave' }, { ip: `198.51.100.${caller}` });
    const hot = await call('appmarket_msrv/hot_search_coins', { limit: 3 });
    expect(hot.data.list[0]?.id).toBe('aave');
    expect(hot.data.list).toHaveLength(3);
  });

  it('ranks exchanges without counting outlier pairs, and filters and sorts them', async () => {
    const list = await call('appmarket_msrv/exchange_list', { page_size: 10 });
    expect(list.data.total).toBe(6);
    expect(list.data.list.at(-1)?.id).toBe('liar');
    expect(list.data.list[0]).toMatchObject({ id: 'alpha', ex_rank: 1, pair_count: 12, coin_count: 12 });
    const dex = await call('appmarket_msrv/exchange_list', { kind: 'dex' });
    expect(dex.data.list.map((exchange) => exchange.id)).toEqual(['echo']);
    const byPopularity = await call('appmarket_msrv/exchange_list', { sort: 'popularity', order: 'asc' });
    expect(byPopularity.data.list[0]?.id).toBe('liar');
    const detail = await call('appmarket_msrv/exchange_detail', { exchange_id: 'alpha' });
    expect(exchangeDetailOutput.parse(detail.data).platform_token).toEqual({
      id: 'uniswap',
      symbol: 'UNI',
      name: 'Uniswap',
    });
    expect((await call('appmarket_msrv/exchange_detail', { exchange_id: 'nope' })).code).toBe(3002);
    const tickers = await call('appmarket_msrv/exchange_tickers', { exchange_id: 'alpha', page_size: 100 });
    expect(tickers.data.total).toBe(12);
  });

  it('lists supported currencies with USD as the default and rates per USD', async () => {
    const currencies = await call('appmarket_msrv/get_gecko_supported_dict_currency', {});
    expect(currencies.data.list.length).toBeGreaterThanOrEqual(32);
    expect(currencies.data.list[0]).toEqual({
      cn_name: '美元',
      en_name: 'US Dollar',
      currency_code: 'usd',
      currency_type: 'fiat',
      status: 1,
      unit: '$',
    });
    expect(
      currencies.data.list.filter((entry) => entry.currency_type === 'fiat').length,
    ).toBeGreaterThanOrEqual(30);
    const rates = await call('appmarket_msrv/get_gecko_exchange_rates', {});
    expect(rates.data.rates.find((rate) => rate.currency_code === 'vnd')?.rate).toBe(25_400);
  });

  it('refuses bad input with 50500 naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['appmarket_msrv/coin_list', { page_size: 101 }, 'page_size'],
      ['appmarket_msrv/coin_list', { sort: 'colour' }, 'sort'],
      ['appmarket_msrv/coin_kline', { coin_id: 'bitcoin', range: 'M' }, 'range'],
      ['appmarket_msrv/coin_detail', {}, 'coin_id'],
      ['appmarket_msrv/exchange_list', { kind: 'p2p' }, 'kind'],
    ];
    for (const [procedure, payload, field] of cases) {
      const answer = await server.postForm(procedure, server.sign(payload));
      expect(answer.json?.code, procedure).toBe(50500);
      expect(answer.json?.msg).toContain(field);
    }
  });

  it('explains a refused value in the caller’s language, never in the schema’s English', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ coin_id: '', __dlang__: 'zh' }, 'coin_id', '太短'],
      [{ __dlang__: 'zh' }, 'coin_id', '必填'],
      [{ coin_id: 42, __dlang__: 'vi' }, 'coin_id', 'sai kiểu dữ liệu'],
      [{ coin_id: 'x'.repeat(101), __dlang__: 'en' }, 'coin_id', 'too long'],
    ];
    for (const [payload, field, words] of cases) {
      const answer = await server.postForm('appmarket_msrv/coin_detail', server.sign(payload));
      expect(answer.json?.code).toBe(50500);
      expect(answer.json?.msg).toContain(field);
      expect(answer.json?.msg).toContain(words);
      expect(answer.json?.msg).not.toMatch(/expected|Invalid input|Too (small|big)/);
    }
  });

  it('keeps per-user ordered watch lists with follow/unfollow messages', async () => {
    expect((await callAs(server, 'appmarket_msrv/watch_coins_list', {})).code).toBe(1002);
    const added = await call('appmarket_msrv/watch_coins_add', { coin_ids: ['solana', 'bitcoin'] });
    expect(added.code).toBe(0);
    expect(added.msg).toBe('Successfully followed');
    await call('appmarket_msrv/watch_coins_add', { coin_ids: ['ethereum', 'bitcoin'] });
    expect((await call('appmarket_msrv/watch_coins_list', {})).data.list.map((coin) => coin.id)).toEqual([
      'solana',
      'bitcoin',
      'ethereum',
    ]);
    const sorted = await call('appmarket_msrv/watch_coins_sort', {
      coin_ids: ['ethereum', 'solana', 'bitcoin'],
    });
    expect(sorted.data.ids).toEqual(['ethereum', 'solana', 'bitcoin']);
    expect((await call('appmarket_msrv/watch_coins_sort', { coin_ids: ['ethereum'] })).code).toBe(50500);
    const removed = await call('appmarket_msrv/watch_coins_remove', { coin_ids: ['solana'] });
    expect(removed.msg).toBe('Successfully canceled');
    expect(removed.data.ids).toEqual(['ethereum', 'bitcoin']);
    expect((await call('appmarket_msrv/watch_coins_add', { coin_ids: ['not-a-coin'] })).code).toBe(3002);
    const watched = await call('appmarket_msrv/coin_list', { filter: 'watchlist' });
    expect(watched.data.list.map((coin) => coin.id).sort()).toEqual(['bitcoin', 'ethereum']);
    const exchanges = await call('appmarket_msrv/watch_exchange_add', { exchange_ids: ['bravo', 'alpha'] });
    expect(exchanges.data.ids).toEqual(['bravo', 'alpha']);
    expect(
      (await call('appmarket_msrv/watch_exchange_list', {})).data.list.map((exchange) => exchange.id),
    ).toEqual(['bravo', 'alpha']);
    await call('appmarket_msrv/watch_coins_remove', { coin_ids: ['ethereum', 'bitcoin'] });
  });

  it('answers 3009 and changes nothing when one action would pass 10', async () => {
    const ids = ['bitcoin', 'ethereum', 'solana', 'dogecoin', 'uniswap', 'chainlink', 'pepe', 'aave'];
    expect((await call('appmarket_msrv/watch_coins_add', { coin_ids: ids })).code).toBe(0);
    const tooMany = await call('appmarket_msrv/watch_coins_add', {
      coin_ids: ['render-token', 'arbitrum', 'toncoin'],
    });
    expect(tooMany.code).toBe(3009);
    expect((await call('appmarket_msrv/watch_coins_list', {})).data.list).toHaveLength(8);
    await call('appmarket_msrv/watch_coins_remove', { coin_ids: ids });
  });

  it('leaves exactly 10 after 50 parallel adds to a 9-item list', async () => {
    const session = await registerAccount(server, `race-${dialect}@example.org`);
    const as = { accessToken: session.AccessToken };
    const nine = [
      'bitcoin',
      'ethereum',
      'solana',
      'dogecoin',
      'uniswap',
      'chainlink',
      'pepe',
      'aave',
      'render-token',
    ];
    await callAs(server, 'appmarket_msrv/watch_coins_add', { coin_ids: nine }, as);
    const racers = ['arbitrum', 'toncoin', 'litecoin'];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callAs(server, 'appmarket_msrv/watch_coins_add', { coin_ids: [racers[i % 3]!] }, as),
      ),
    );
    const list = (await callAs(server, 'appmarket_msrv/watch_coins_list', {}, as)).data.list;
    expect(list).toHaveLength(10);
    const winner = list[9]!.id;
    expect(racers).toContain(winner);
    // Every add of the winning coin succeeds (idempotent); every add of another one is refused.
    answers.forEach((answer, i) => expect(answer.code).toBe(racers[i % 3] === winner ? 0 : 3009));
  });

  it('keeps serving last-good values marked stale when the source goes silent', async () => {
    expect((await call('appmarket_msrv/coin_list', {})).data.stale).toBe(false);
    const before = (await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin' })).data;
    provider.failTickers = true;
    await server.tick().catch(() => undefined);
    clock += 60_000;
    const after = (await call('appmarket_msrv/coin_detail', { coin_id: 'bitcoin' })).data;
    expect(after.stale).toBe(true);
    expect((await call('appmarket_msrv/coin_list', {})).data.stale).toBe(true);
    expect(after.price).toBe(before.price);
    expect(after.as_of).toBe(before.as_of);
    provider.failTickers = false;
    await server.tick();
    expect((await call('appmarket_msrv/global_stats', {})).data.stale).toBe(false);
  });
});

describe('market data over real HTTP without a source', () => {
  it('serves provider logos and 404s unknown ones', async () => {
    const server = await startTestServerOn('sqlite', {}, { marketProvider: new FakeMarketProvider() });
    try {
      expect((await fetch(`${server.baseUrl}/logos/coins/bitcoin.svg`)).status).toBe(404);
      expect((await fetch(`${server.baseUrl}/logos/../etc/passwd`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

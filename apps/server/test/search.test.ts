import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

describe('search procedures', () => {
  const clock = FAKE_MARKET_EPOCH;
  let server: TestServer;

  const call = <P extends Parameters<TestServer['client']['request']>[0]>(
    procedure: P,
    payload: Parameters<TestServer['client']['request']>[1],
    lang = 'en',
  ) => callAs(server, procedure, payload as never, { lang });

  beforeAll(async () => {
    server = await startTestServerOn(
      'sqlite',
      { TRUST_PROXY: 'true' },
      { now: () => clock, marketProvider: new FakeMarketProvider(() => clock) },
    );
  });
  afterAll(() => server.close());

  it('finds a coin by symbol, name, Chinese name and a typo, in the caller’s currency', async () => {
    for (const keyword of ['btc', 'BTC', 'bitcoin', '比特币', 'bitcion', '  Bitc ']) {
      const answer = await call('appsearch_msrv/search', { keyword, currency: 'eur' });
      expect(answer.code, keyword).toBe(0);
      expect(answer.data.coins.list[0]?.id, keyword).toBe('bitcoin');
    }
    const euro = await call('appsearch_msrv/search', { keyword: 'btc', currency: 'eur' });
    expect(euro.data.currency).toBe('eur');
    expect(euro.data.coins.list[0]?.price).toBeCloseTo(95_000 * 0.92, -3);
  });

  it('finds exchanges, narrows by type and pages each kind', async () => {
    const all = await call('appsearch_msrv/search', { keyword: 'alpha' });
    expect(all.data.exchanges.list.map((exchange) => exchange.id)).toEqual(['alpha']);
    const coinsOnly = await call('appsearch_msrv/search', { keyword: 'alpha', type: 'coin' });
    expect(coinsOnly.data.exchanges).toEqual({ list: [], total: 0 });
    const firstPage = await call('appsearch_msrv/search', { keyword: 'o', type: 'coin', page_size: 3 });
    const secondPage = await call('appsearch_msrv/search', {
      keyword: 'o',
      type: 'coin',
      page_size: 3,
      page: 2,
    });
    expect(firstPage.data.coins.total).toBeGreaterThan(3);
    expect(firstPage.data.coins.list).toHaveLength(3);
    const ids = new Set([...firstPage.data.coins.list, ...secondPage.data.coins.list].map((coin) => coin.id));
    expect(ids.size).toBe(firstPage.data.coins.list.length + secondPage.data.coins.list.length);
    const none = await call('appsearch_msrv/search', { keyword: 'zzzzqq' });
    expect(none.data.coins.total + none.data.exchanges.total).toBe(0);
  });

  it('finds sectors by their name in any language, Vietnamese with or without diacritics', async () => {
    for (const keyword of ['Trí tuệ nhân tạo', 'tri tue nhan tao', '人工智能', 'artificial']) {
      const answer = await call('appsearch_msrv/search', { keyword }, 'vi');
      expect(answer.data.concepts.list[0]?.id, keyword).toBe('ai');
      expect(answer.data.concepts.list[0]?.name).toBe('Trí tuệ nhân tạo (AI)');
    }
    const coinsOnly = await call('appsearch_msrv/search', { keyword: 'tri tue', type: 'coin' });
    expect(coinsOnly.data.concepts.total).toBe(0);
  });

  it('refuses a blank or overlong keyword and an unknown type with a validation error', async () => {
    for (const payload of [
      { keyword: '   ' },
      { keyword: 'x'.repeat(65) },
      { keyword: 'btc', type: 'people' },
      {},
    ]) {
      const answer = await call('appsearch_msrv/search', payload as never);
      expect(answer.code, JSON.stringify(payload)).not.toBe(0);
      expect(answer.code).toBeLessThan(500_000);
    }
  });

  it('pages search only within the result window (page × page_size ≤ 1,000)', async () => {
    const last = await call('appsearch_msrv/search', {
      keyword: 'a',
      type: 'news',
      page: 10,
      page_size: 100,
    });
    expect(last.code).toBe(0);
    const beyond = await call('appsearch_msrv/search', {
      keyword: 'a',
      type: 'news',
      page: 9_999,
      page_size: 100,
    });
    expect(beyond.code).toBe(50500);
    expect(beyond.msg).toMatch(/page/);
  });

  it('ranks hot coins and keywords by what searches found, never echoing the raw text', async () => {
    // From more callers than the earlier tests' one caller searching for bitcoin.
    for (let caller = 1; caller <= 3; caller += 1)
      await callAs(server, 'appsearch_msrv/search', { keyword: 'chainl' }, { ip: `198.51.100.${caller}` });
    await call('appsearch_msrv/search', { keyword: '<script>alert(1)</script>' });
    const hot = await call('appsearch_msrv/hot_search', { limit: 5 });
    expect(hot.code).toBe(0);
    expect(hot.data.list[0]?.id).toBe('chainlink');
    expect(hot.data.list).toHaveLength(5);
    expect(hot.data.keywords[0]).toBe('LINK');
    expect(hot.data.keywords.join(' ')).not.toContain('script');
  });

  it('counts each caller once an hour, so one client repeating a view cannot pump a coin to the top', async () => {
    // 300 anonymous views of one coin from one address, then three visitors each looking at another.
    for (let view = 0; view < 300; view += 1)
      await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: 'dogecoin' }, { ip: '203.0.113.9' });
    for (const ip of ['203.0.113.10', '203.0.113.11', '203.0.113.12'])
      await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: 'aave' }, { ip });
    const hot = await call('appsearch_msrv/hot_search', { limit: 10 });
    const order = hot.data.list.map((coin) => coin.id);
    expect(order.indexOf('aave')).toBeLessThan(order.indexOf('dogecoin'));
  });

  it('needs three callers before views move a coin: two devices leave the list in its organic order', async () => {
    const before = await call('appsearch_msrv/hot_search', { limit: 50 });
    const organic = before.data.list.map((coin) => coin.id);
    const last = organic.at(-1)!;
    for (const ip of ['192.0.2.40', '192.0.2.41'])
      await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: last }, { ip });
    const after = await call('appsearch_msrv/hot_search', { limit: 50 });
    expect(after.data.list.map((coin) => coin.id)).toEqual(organic);
    await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: last }, { ip: '192.0.2.42' });
    const lifted = await call('appsearch_msrv/hot_search', { limit: 50 });
    expect(lifted.data.list.map((coin) => coin.id).indexOf(last)).toBeLessThan(organic.length - 1);
  });

  it('lists hot sectors by the size of their 24h move', async () => {
    const answer = await call('appsearch_msrv/hot_concepts', { limit: 3 });
    expect(answer.code).toBe(0);
    expect(answer.data.list.length).toBeGreaterThan(0);
    expect(answer.data.list.length).toBeLessThanOrEqual(3);
    const moves = answer.data.list.map((concept) => Math.abs(concept.change_24h ?? 0));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
  });
});

describe('search after the market universe changes', () => {
  let clock = FAKE_MARKET_EPOCH;
  let renamed = false;
  /** Re-lists exchange `alpha` as Binance (币安) once `renamed` is set: same count, new names. */
  class RenamingProvider extends FakeMarketProvider {
    override async getExchanges(): ReturnType<FakeMarketProvider['getExchanges']> {
      const exchanges = await super.getExchanges();
      return exchanges.map((exchange) =>
        renamed && exchange.id === 'alpha'
          ? { ...exchange, name: 'Binance', localNames: { 'zh-Hans': '币安' } }
          : exchange,
      );
    }
  }
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServerOn(
      'sqlite',
      { TRUST_PROXY: 'true' },
      { now: () => clock, marketProvider: new RenamingProvider(() => clock) },
    );
  });
  afterAll(() => server.close());

  it('re-indexes reloaded profiles, so a renamed exchange is found by its new names', async () => {
    const before = await callAs(server, 'appsearch_msrv/search', { keyword: 'binance' }, { lang: 'en' });
    expect(before.data.exchanges.total).toBe(0);
    renamed = true;
    clock += 7 * 3_600_000; // past the provider facade's profile cache
    await server.built.services.market.ingest.loadProfiles(AbortSignal.timeout(10_000));
    for (const keyword of ['binance', 'Binanse', '币安']) {
      const answer = await callAs(
        server,
        'appsearch_msrv/search',
        { keyword, type: 'exchange' },
        { lang: 'en' },
      );
      expect(answer.data.exchanges.list[0]?.id, keyword).toBe('alpha');
      expect(answer.data.coins.total, keyword).toBe(0);
    }
  });
});

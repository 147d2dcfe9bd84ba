import { coinScoreOutput, exchangeDetailOutput } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

describe('the score over real HTTP', () => {
  const clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  let server: TestServer;

  const call = <P extends Parameters<TestServer['client']['request']>[0]>(
    procedure: P,
    payload: Parameters<TestServer['client']['request']>[1],
    lang = 'en',
  ) => callAs(server, procedure, payload as never, { lang });

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock, marketProvider: provider });
    await server.built.services.market.ingest.score(AbortSignal.timeout(10_000));
  });
  afterAll(() => server.close());

  it('puts a 0–100 score on every listed coin and sorts by it', async () => {
    const list = await call('appmarket_msrv/coin_list', { sort: 'score', page_size: 100 });
    expect(list.code).toBe(0);
    const scores = list.data.list.map((coin) => coin.score);
    for (const score of scores) {
      expect(score).not.toBeNull();
      expect(score!).toBeGreaterThan(0);
      expect(score!).toBeLessThanOrEqual(100);
    }
    expect(scores).toEqual([...scores].sort((a, b) => b! - a!));
    expect(list.data.methodology_version).toMatch(/^\d+\.\d+\.\d+$/);
    const ascending = await call('appmarket_msrv/coin_list', { sort: 'score', order: 'asc', page_size: 100 });
    expect(ascending.data.list.map((coin) => coin.id)).toEqual(
      list.data.list.map((coin) => coin.id).reverse(),
    );
  });

  it('hides coins below the low-quality line only when asked', async () => {
    const all = await call('appmarket_msrv/coin_list', { page_size: 100 });
    const kept = await call('appmarket_msrv/coin_list', { page_size: 100, hide_low_quality: true });
    const low = all.data.list.filter((coin) => coin.score !== null && coin.score < 20).map((coin) => coin.id);
    expect(kept.data.total).toBe(all.data.total - low.length);
    for (const coin of kept.data.list) expect(low).not.toContain(coin.id);
  });

  it('explains a coin: components, weights, flags in the caller language, venues and the version', async () => {
    const answer = await call('appmarket_msrv/coin_score', { coin_id: 'bitcoin' });
    expect(answer.code).toBe(0);
    const view = coinScoreOutput.parse(answer.data);
    expect(view.methodology_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(view.score).not.toBeNull();
    expect(view.score_rank).toBeGreaterThanOrEqual(1);
    expect(view.scored_count).toBe(12);
    expect(view.components.map((component) => component.factor)).toContain('verified_volume');
    expect(view.components.reduce((sum, component) => sum + component.weight, 0)).toBeCloseTo(1);
    // The fake `liar` venue quotes every coin 1.5× the market: left out of the price, named in a flag.
    const outlier = view.flags.find((flag) => flag.kind === 'price_outlier_excluded');
    expect(outlier?.exchange_ids).toEqual(['liar']);
    expect(outlier?.text).toMatch(/Price outlier excluded: \w+/);
    const liar = view.venues.find((venue) => venue.exchange_id === 'liar');
    expect(liar).toMatchObject({ verified_amount_24h: 0, limited_by: 'price_outlier' });
    const zh = coinScoreOutput.parse(
      (await call('appmarket_msrv/coin_score', { coin_id: 'bitcoin' }, 'zh')).data,
    );
    expect(zh.flags.find((flag) => flag.kind === 'price_outlier_excluded')?.text).toContain('已排除异常价格');
    const reported = view.venues.reduce((sum, venue) => sum + (venue.amount_24h ?? 0), 0);
    expect(view.verified_amount_24h!).toBeLessThan(reported);
  });

  it('says an unknown coin does not exist', async () => {
    expect((await call('appmarket_msrv/coin_score', { coin_id: 'no-such-coin' })).code).toBe(3002);
  });

  it('orders ExRank by the exchange score and shows integrity on the exchange', async () => {
    const list = await call('appmarket_msrv/exchange_list', { page_size: 100 });
    const byRank = [...list.data.list].sort((a, b) => a.ex_rank - b.ex_rank);
    const scores = byRank.map((exchange) => exchange.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const detail = exchangeDetailOutput.parse(
      (await call('appmarket_msrv/exchange_detail', { exchange_id: 'alpha' })).data,
    );
    expect(detail.integrity).toBeGreaterThan(0);
    expect(detail.methodology_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(list.data.methodology_version).toBe(detail.methodology_version);
  });
});

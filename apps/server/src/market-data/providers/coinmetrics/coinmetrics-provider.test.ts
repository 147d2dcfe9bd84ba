import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MalformedResponseError, RateLimitedError, UnavailableError } from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import { COINMETRICS_ASSETS } from './coinmetrics-assets.js';
import { countOf, dayStartOf } from './coinmetrics-mapping.js';
import { CoinMetricsProvider, coinMetricsRateLimitDelay } from './coinmetrics-provider.js';

const NOW = Date.parse('2026-05-18T12:00:00Z');
const MAY_16 = Date.parse('2026-05-16T00:00:00Z');
const MAY_17 = Date.parse('2026-05-17T00:00:00Z');
const PATH = '/timeseries/asset-metrics';
const signal = () => AbortSignal.timeout(10_000);

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

/** The Coin Metrics error envelope for an asset it does not serve (its OpenAPI's example). */
const UNSUPPORTED = {
  status: 400,
  json: {
    error: { type: 'bad_parameter', message: "Bad parameter 'assets'. Value 'trx' is not supported." },
  },
};

let server: ReplayServer;

beforeEach(async () => {
  server = await ReplayServer.start();
  server.json(PATH, fixture('asset-metrics.json'));
});

afterEach(() => server.close());

function provider(): CoinMetricsProvider {
  return new CoinMetricsProvider({ baseUrl: server.url, minIntervalMs: 0, timeoutMs: 2_000, now: () => NOW });
}

describe('CoinMetricsProvider', () => {
  it('offers on-chain figures only', () => {
    expect([...provider().capabilities]).toEqual(['onChain']);
  });

  it("takes each chain's latest complete day, in one call for every mapped coin", async () => {
    const snapshots = await provider().getOnChain(
      ['bitcoin', 'ethereum', 'aave', 'bitcoin', 'solana'],
      signal(),
    );
    expect(snapshots).toEqual([
      {
        coinId: 'bitcoin',
        // 2026-05-18 is still under way at noon: its partial row is not taken.
        activeAddresses24h: 812_345,
        transactions24h: 431_876,
        activityDayStart: MAY_17,
        holderAddresses: null,
        top10HolderShare: null,
        developerCommits30d: null,
        timestamp: NOW,
      },
      expect.objectContaining({
        coinId: 'ethereum',
        activeAddresses24h: 498_765,
        transactions24h: 1_203_456,
      }),
    ]);
    const requests = server.requestsTo(PATH);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query).toMatchObject({
      assets: 'btc,eth',
      metrics: 'AdrActCnt,TxCnt',
      frequency: '1d',
      start_time: '2026-05-11',
      paging_from: 'end',
      page_size: '18',
      ignore_unsupported_errors: 'true',
    });
  });

  it('leaves a missing or null figure null and never borrows it from another day', async () => {
    const snapshots = await provider().getOnChain(['dogecoin', 'ripple', 'litecoin'], signal());
    expect(
      snapshots.map((s) => [s.coinId, s.activeAddresses24h, s.transactions24h, s.activityDayStart]),
    ).toEqual([
      ['dogecoin', 59_876, null, MAY_17],
      ['ripple', null, 1_712_345, MAY_17],
      // Both figures null on the 17th: the latest day with a figure is the 16th.
      ['litecoin', 301_234, 178_900, MAY_16],
    ]);
  });

  it('asks nothing for coins outside its table and leaves out mapped coins without rows', async () => {
    await expect(provider().getOnChain(['aave', 'solana'], signal())).resolves.toEqual([]);
    expect(server.requestsTo(PATH)).toHaveLength(0);
    const [tron] = await provider().getOnChain(['tron', 'cardano'], signal());
    expect(tron).toBeUndefined();
  });

  it('follows next_page_token to the last page', async () => {
    server.route(PATH, (request) =>
      request.query.next_page_token === 'page-2'
        ? {
            json: {
              data: [{ asset: 'eth', time: '2026-05-17T00:00:00.000000000Z', AdrActCnt: '5', TxCnt: '6' }],
            },
          }
        : {
            json: {
              data: [{ asset: 'btc', time: '2026-05-17T00:00:00.000000000Z', AdrActCnt: '1', TxCnt: '2' }],
              next_page_token: 'page-2',
              next_page_url: `${server.url}${PATH}?next_page_token=page-2`,
            },
          },
    );
    const snapshots = await provider().getOnChain(['bitcoin', 'ethereum'], signal());
    expect(snapshots.map((s) => [s.coinId, s.activeAddresses24h, s.transactions24h])).toEqual([
      ['bitcoin', 1, 2],
      ['ethereum', 5, 6],
    ]);
    const pages = server.requestsTo(PATH);
    expect(pages).toHaveLength(2);
    // The next page repeats the query with the token (not the absolute next_page_url, which names another host).
    expect(pages[1]?.query).toMatchObject({ assets: 'btc,eth', next_page_token: 'page-2' });
  });

  it('reads non-numeric values as unknown', () => {
    expect(['912345', '912345.0', '1e3', 7].map(countOf)).toEqual([912_345, 912_345, 1_000, 7]);
    expect(['', ' ', 'n/a', '-5', null, undefined, {}, Number.NaN, -1].map(countOf)).toEqual(
      Array.from({ length: 9 }, () => null),
    );
    expect(dayStartOf('2024-01-01T00:00:00.000000000Z')).toBe(Date.UTC(2024, 0, 1));
    expect(dayStartOf('yesterday')).toBeNull();
  });

  it('leaves out a coin whose asset Coin Metrics does not serve, keeping the others', async () => {
    server.route(PATH, (request) =>
      request.query.assets?.split(',').includes('trx')
        ? UNSUPPORTED
        : { json: fixture('asset-metrics.json') },
    );
    const snapshots = await provider().getOnChain(['tron', 'bitcoin', 'ethereum'], signal());
    expect(snapshots.map((s) => s.coinId)).toEqual(['bitcoin', 'ethereum']);
    // The refused batch, then each asset alone.
    expect(server.requestsTo(PATH).map((r) => r.query.assets)).toEqual(['trx,btc,eth', 'trx', 'btc', 'eth']);
    server.route(PATH, UNSUPPORTED);
    await expect(provider().getOnChain(['tron'], signal())).resolves.toEqual([]);
    // A plain 404 for the assets asked is read the same way: those coins are left out.
    server.route(PATH, { status: 404, json: { error: { type: 'not_found' } } });
    await expect(provider().getOnChain(['bitcoin', 'ethereum'], signal())).resolves.toEqual([]);
  });

  it('keeps any other 400 a malformed-request error', async () => {
    server.route(PATH, { status: 400, json: { error: { type: 'wrong_page_size' } } });
    await expect(provider().getOnChain(['bitcoin'], signal())).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('maps a 429 to RateLimitedError with Retry-After, or X-RateLimit-Reset, and holds later calls', async () => {
    server.route(PATH, { status: 429, headers: { 'retry-after': '7' }, json: {} });
    const coinMetrics = provider();
    const limited = await coinMetrics.getOnChain(['bitcoin'], signal()).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterMs).toBe(7_000);
    await expect(coinMetrics.getOnChain(['ethereum'], signal())).rejects.toBeInstanceOf(RateLimitedError);
    expect(server.requestsTo(PATH)).toHaveLength(1);

    server.route(PATH, { status: 429, headers: { 'x-ratelimit-reset': '4' }, json: {} });
    const reset = await provider()
      .getOnChain(['bitcoin'], signal())
      .catch((error: unknown) => error);
    expect((reset as RateLimitedError).retryAfterMs).toBe(4_000);
    expect(coinMetricsRateLimitDelay(429, new Headers(), NOW)).toBe(60_000);
    expect(coinMetricsRateLimitDelay(200, new Headers({ 'x-ratelimit-remaining': '0' }), NOW)).toBeNull();
  });

  it('maps outages and malformed answers to typed errors', async () => {
    server.route(PATH, [
      { status: 503, body: 'down' },
      { json: { data: [{ asset: 'btc' }] } },
      { json: { rows: [] } },
    ]);
    await expect(provider().getOnChain(['bitcoin'], signal())).rejects.toBeInstanceOf(UnavailableError);
    await expect(provider().getOnChain(['bitcoin'], signal())).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(provider().getOnChain(['bitcoin'], signal())).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('is healthy when the endpoint answers and not when the port is closed', async () => {
    await expect(provider().healthCheck(signal())).resolves.toBe(true);
    const url = server.url;
    await server.close();
    const down = new CoinMetricsProvider({ baseUrl: url, minIntervalMs: 0, timeoutMs: 1_000 });
    await expect(down.healthCheck(signal())).resolves.toBe(false);
  });

  it('maps only CoinGecko ids to lower-case Coin Metrics asset ids', () => {
    for (const [coinId, asset] of Object.entries(COINMETRICS_ASSETS)) {
      expect(coinId).toMatch(/^[a-z0-9-]+$/);
      expect(asset).toMatch(/^[a-z0-9_]+$/);
    }
    expect(new Set(Object.values(COINMETRICS_ASSETS)).size).toBe(Object.keys(COINMETRICS_ASSETS).length);
  });
});

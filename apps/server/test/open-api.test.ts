import { gunzipSync } from 'node:zlib';

import {
  API_KEYS_PER_USER,
  coinScoreOutput,
  ErrorCode,
  exchangeDetailOutput,
  procedures,
} from '@coinlens/contract';
import type { z } from 'zod';
import Coingecko from '@coingecko/coingecko-typescript';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs, registerAccount } from './support/accounts.js';
import { coinGeckoDescriptionPresent, coinGeckoValidators } from './support/coingecko-schemas.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServer, startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** One call of each served path, as CoinGecko's description spells the path. */
const SERVED: readonly [string, string][] = [
  ['/ping', '/ping'],
  [
    '/simple/price',
    '/simple/price?ids=bitcoin,ethereum&vs_currencies=usd,eur&include_market_cap=true&include_24hr_vol=true&include_24hr_change=true&include_last_updated_at=true',
  ],
  ['/simple/supported_vs_currencies', '/simple/supported_vs_currencies'],
  ['/coins/list', '/coins/list?include_platform=true'],
  ['/coins/markets', '/coins/markets?vs_currency=eur&sparkline=true&price_change_percentage=1h,24h,7d'],
  ['/coins/{id}', '/coins/bitcoin?sparkline=true'],
  ['/coins/{id}/tickers', '/coins/bitcoin/tickers?include_exchange_logo=true'],
  ['/coins/{id}/market_chart', '/coins/bitcoin/market_chart?vs_currency=usd&days=7'],
  ['/coins/{id}/ohlc', '/coins/ethereum/ohlc?vs_currency=usd&days=30'],
  ['/exchanges', '/exchanges'],
  ['/exchanges/{id}', '/exchanges/alpha'],
  ['/exchanges/{id}/tickers', '/exchanges/alpha/tickers'],
  ['/search', '/search?query=bit'],
  ['/search/trending', '/search/trending'],
  ['/global', '/global'],
  ['/exchange_rates', '/exchange_rates'],
];

/** Coinlens' own dialect, each path with the contract schema its answer must parse with. */
const COINLENS_SERVED: readonly [string, string, z.ZodType][] = [
  ['/coins', '/coins?per_page=5', procedures['appmarket_msrv/coin_list'].output],
  ['/coins/{id}/score', '/coins/bitcoin/score?lang=vi&vs_currency=eur', coinScoreOutput],
  ['/exchanges', '/exchanges?per_page=3', procedures['appmarket_msrv/exchange_list'].output],
  ['/exchanges/{id}', '/exchanges/alpha?lang=zh-Hans', exchangeDetailOutput],
];

describe('the CoinGecko-compatible API (/api/v3)', () => {
  const clock = FAKE_MARKET_EPOCH;
  let server: TestServer;
  const v3 = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}/api/v3${path}`, init);
  const json = async (path: string) => {
    const response = await v3(path);
    expect(response.status, path).toBe(200);
    return await response.json();
  };

  beforeAll(async () => {
    server = await startTestServer(
      { TRUST_PROXY: 'true', OPEN_API_CALLS_PER_MINUTE: '1000' },
      { now: () => clock, marketProvider: new FakeMarketProvider(() => clock) },
    );
  });
  afterAll(() => server.close());

  it.skipIf(!coinGeckoDescriptionPresent)(
    "answers every served path in the shape of CoinGecko's OpenAPI schema",
    async () => {
      const validators = coinGeckoValidators();
      for (const [path, url] of SERVED) {
        const validate = validators.get(path);
        expect(validate, `CoinGecko describes ${path}`).toBeDefined();
        const body = await json(url);
        const valid = validate!(body);
        expect(valid ? [] : validate!.errors?.slice(0, 5), url).toEqual([]);
      }
    },
  );

  it('serves the same prices and lists the app shows', async () => {
    const detail = await server.client.request('appmarket_msrv/coin_detail', {
      coin_id: 'bitcoin',
      currency: 'eur',
    });
    const simple = (await json('/simple/price?ids=bitcoin,unknown-coin&vs_currencies=eur,xyz')) as Record<
      string,
      Record<string, number>
    >;
    expect(simple).toEqual({ bitcoin: { eur: detail.data.price } });
    const bySymbol = (await json('/simple/price?symbols=eth&vs_currencies=usd')) as Record<string, unknown>;
    expect(Object.keys(bySymbol)).toEqual(['ethereum']);

    const markets = (await json('/coins/markets?vs_currency=usd&per_page=5&page=1')) as {
      id: string;
      market_cap: number;
      market_cap_rank: number;
    }[];
    expect(markets.map((coin) => coin.market_cap_rank)).toEqual([1, 2, 3, 4, 5]);
    const caps = markets.map((coin) => coin.market_cap);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const second = (await json('/coins/markets?vs_currency=usd&per_page=5&page=2')) as { id: string }[];
    expect(second[0]?.id).not.toBe(markets[0]?.id);
    const byIdAsc = (await json('/coins/markets?vs_currency=usd&order=id_asc&per_page=250')) as {
      id: string;
    }[];
    expect(byIdAsc.map((coin) => coin.id)).toEqual(byIdAsc.map((coin) => coin.id).sort());
    const chosen = (await json('/coins/markets?vs_currency=usd&ids=solana,bitcoin')) as { id: string }[];
    expect(chosen.map((coin) => coin.id)).toEqual(['bitcoin', 'solana']);

    // A figure Coinlens does not have is null, never estimated.
    const [first] = (await json(
      '/coins/markets?vs_currency=usd&per_page=1&price_change_percentage=1h,24h',
    )) as Record<string, unknown>[];
    expect(first).toMatchObject({
      market_cap_change_24h: null,
      price_change_percentage_1h_in_currency: null,
    });
    expect(first?.price_change_percentage_24h_in_currency).toBe(first?.price_change_percentage_24h);
    const chart = (await json('/coins/bitcoin/market_chart?vs_currency=usd&days=1')) as {
      prices: [number, number][];
      market_caps: [number, number | null][];
      total_volumes: [number, number][];
    };
    expect(chart.prices.length).toBeGreaterThan(200);
    expect(chart.market_caps.every(([, cap]) => cap === null)).toBe(true);
    expect(chart.total_volumes).toHaveLength(chart.prices.length);
    const times = chart.prices.map(([time]) => time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(clock - 86_400_000);
  });

  it('speaks HTTP as API callers expect: CORS, caching, ETag, HEAD, compression', async () => {
    const first = await v3('/coins/markets?vs_currency=usd', {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('cache-control')).toBe('public, max-age=10');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const again = await v3('/coins/markets?vs_currency=usd', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await v3('/coins/list')).headers.get('cache-control')).toBe('public, max-age=3600');

    const preflight = await v3('/simple/price', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-cg-demo-api-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-cg-demo-api-key');

    const head = await v3('/global', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');

    const raw = await fetch(`${server.baseUrl}/api/v3/coins/markets?vs_currency=usd&per_page=250`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await raw.arrayBuffer());
    // fetch decodes gzip itself; either way the JSON must come out whole.
    const text = bytes[0] === 0x1f ? gunzipSync(bytes).toString() : bytes.toString();
    expect(JSON.parse(text)).toHaveLength(12);
  });

  it('refuses bad input with a JSON error and a stable code', async () => {
    const cases: [string, number, string][] = [
      ['/coins/markets', 400, 'invalid_parameter'],
      ['/coins/markets?vs_currency=usd&per_page=251', 400, 'invalid_parameter'],
      ['/coins/markets?vs_currency=zzz', 400, 'invalid_parameter'],
      ['/coins/markets?vs_currency=usd&sparkline=maybe', 400, 'invalid_parameter'],
      ['/coins/bitcoin/ohlc?vs_currency=usd&days=2', 400, 'invalid_parameter'],
      ['/coins/no-such-coin', 404, 'coin_not_found'],
      ['/coins/no-such-coin/market_chart?vs_currency=usd&days=1', 404, 'coin_not_found'],
      ['/exchanges/no-such-exchange', 404, 'exchange_not_found'],
      ['/coins/%3Cscript%3E', 404, 'not_found'],
      ['/no/such/path', 404, 'not_found'],
      ['/search', 400, 'invalid_parameter'],
    ];
    for (const [path, status, code] of cases) {
      const response = await v3(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      const body = (await response.json()) as { error: string; code: string };
      expect(body.code, path).toBe(code);
      expect(body.error.length, path).toBeGreaterThan(3);
      expect(JSON.stringify(body), path).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it("works with CoinGecko's own TypeScript client, changing only its base URL", async () => {
    // A Coinlens key goes where the client puts CoinGecko's (its x-cg-demo-api-key header).
    const session = await registerAccount(server, 'client-library@example.org');
    const created = await callAs(
      server,
      'appsys_msrv/api_key_create',
      { label: 'CoinGecko client' },
      { accessToken: session.AccessToken },
    );
    const client = new Coingecko({
      baseURL: `${server.baseUrl}/api/v3`,
      demoAPIKey: created.data.secret,
      maxRetries: 0,
    });
    expect((await client.ping.get()).gecko_says).toContain('Coinlens');
    const prices = await client.simple.price.get({ ids: 'bitcoin,ethereum', vs_currencies: 'usd' });
    expect(prices.bitcoin?.usd).toBeGreaterThan(0);
    const markets = await client.coins.markets.get({ vs_currency: 'usd', per_page: 3 });
    expect(markets.map((coin) => coin.id)).toEqual(['bitcoin', 'ethereum', 'solana']);
    const coin = await client.coins.getID('bitcoin');
    expect(coin.market_data?.current_price?.usd).toBe(prices.bitcoin?.usd);
    const chart = await client.coins.marketChart.get('bitcoin', { vs_currency: 'usd', days: '7' });
    expect(chart.prices?.length).toBeGreaterThan(100);
    const tickers = await client.coins.tickers.get('bitcoin');
    expect(tickers.tickers?.length).toBeGreaterThan(0);
    const exchanges = await client.exchanges.get({ per_page: 10 });
    expect(exchanges.map((exchange) => exchange.id)).toContain('alpha');
    const exchange = await client.exchanges.getID('alpha');
    expect(exchange.tickers?.length).toBeGreaterThan(0);
    await expect(client.coins.getID('no-such-coin')).rejects.toMatchObject({ status: 404 });
    const usage = await callAs(server, 'appsys_msrv/api_key_list', {}, { accessToken: session.AccessToken });
    expect(usage.data?.list[0]?.calls_today).toBe(9);
  });
});

describe("Coinlens' own API (/api/v1)", () => {
  let server: TestServer;
  const v1 = (path: string) => fetch(`${server.baseUrl}/api/v1${path}`);

  beforeAll(async () => {
    server = await startTestServer({ OPEN_API_CALLS_PER_MINUTE: '1000' });
    await server.built.services.market.ingest.score(AbortSignal.timeout(30_000));
  });
  afterAll(() => server.close());

  it('answers scores, verified volume and integrity as the app has them, with the methodology version', async () => {
    for (const [, url, schema] of COINLENS_SERVED) {
      const response = await v1(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
      const body = (await response.json()) as Record<string, unknown>;
      expect(() => schema.parse(body), url).not.toThrow();
      expect(body.methodology_version, url).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const score = coinScoreOutput.parse(await (await v1('/coins/bitcoin/score?vs_currency=eur')).json());
    const app = await server.client.request('appmarket_msrv/coin_score', {
      coin_id: 'bitcoin',
      currency: 'eur',
    });
    expect(score).toEqual({ ...app.data, as_of: score.as_of });
    expect(score.currency).toBe('eur');
  });

  it('refuses an unknown coin or exchange and a bad parameter with a JSON error', async () => {
    const cases: [string, number, string][] = [
      ['/coins/no-such-coin/score', 404, 'coin_not_found'],
      ['/exchanges/no-such-exchange', 404, 'exchange_not_found'],
      ['/coins?per_page=101', 400, 'invalid_parameter'],
      ['/coins/bitcoin/score?lang=fr', 400, 'invalid_parameter'],
      ['/coins/bitcoin/score?vs_currency=zzz', 400, 'invalid_parameter'],
      ['/nothing', 404, 'not_found'],
    ];
    for (const [path, status, code] of cases) {
      const response = await v1(path);
      expect(response.status, path).toBe(status);
      expect(await response.json(), path).toMatchObject({ code });
    }
  });
});

describe('the OpenAPI 3.1 description and its reference page', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves /api/openapi.json, valid OpenAPI 3.1, covering every route with its parameters', async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, { get: { parameters: { name: string; in: string; required: boolean }[] } }>;
    };
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        ...SERVED.map(([path]) => `/v3${path}`),
        ...COINLENS_SERVED.map(([path]) => `/v1${path}`),
        '/v1/audit',
      ].sort(),
    );
    const markets = document.paths['/v3/coins/markets']!.get.parameters;
    expect(markets.find((parameter) => parameter.name === 'vs_currency')).toMatchObject({ required: true });
    expect(markets.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['ids', 'order', 'per_page', 'page', 'sparkline', 'price_change_percentage']),
    );
    expect(document.paths['/v3/coins/{id}/ohlc']!.get.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
  });

  it('serves a reference page at /api/docs that needs nothing from elsewhere', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    for (const [path] of SERVED) expect(page).toContain(`/api/v3${path}`);
    for (const [path] of COINLENS_SERVED) expect(page).toContain(`/api/v1${path}`);
    expect(page).not.toMatch(/<script|https?:\/\/(?!docs\.coingecko\.com)[^"<\s]+\.(js|css)/);
  });
});

describe('the open API rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', OPEN_API_CALLS_PER_MINUTE: '3' });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After and X-RateLimit headers past the anonymous limit, per address', async () => {
    const call = (address: string) =>
      fetch(`${server.baseUrl}/api/v3/ping`, { headers: { 'x-forwarded-for': address } });
    const allowed = [await call('198.51.100.7'), await call('198.51.100.7'), await call('198.51.100.7')];
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(allowed[2]!.headers.get('x-ratelimit-limit')).toBe('3');
    expect(allowed[2]!.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await call('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another address is counted on its own, and the app's gateway is not touched by the API's count.
    expect((await call('203.0.113.9')).status).toBe(200);
    const gateway = await server.client.request('appmarket_msrv/global_stats', {});
    expect(gateway.code).toBe(0);
  });
});

describe.each(TEST_DIALECTS)('open API keys on %s', (dialect) => {
  const KEY_LIMIT = 5;
  let server: TestServer;
  let owner: { accessToken: string };
  let other: { accessToken: string };

  beforeAll(async () => {
    server = await startTestServerOn(dialect, {
      TRUST_PROXY: 'true',
      OPEN_API_CALLS_PER_MINUTE: '2',
      OPEN_API_KEY_CALLS_PER_MINUTE: String(KEY_LIMIT),
    });
    owner = { accessToken: (await registerAccount(server, `api-owner-${dialect}@example.org`)).AccessToken };
    other = { accessToken: (await registerAccount(server, `api-other-${dialect}@example.org`)).AccessToken };
  });
  afterAll(() => server.close());

  const ping = (address: string, headers: Record<string, string> = {}, query = '') =>
    fetch(`${server.baseUrl}/api/v3/ping${query}`, { headers: { 'x-forwarded-for': address, ...headers } });

  it('a key is shown once, stored hashed, sent in either CoinGecko header, and limited and counted on its own', async () => {
    const created = await callAs(server, 'appsys_msrv/api_key_create', { label: 'my bot' }, owner);
    expect(created.code).toBe(0);
    const { key, secret } = created.data;
    expect(secret).toMatch(/^cl_[\w-]{32}$/);
    expect(key).toMatchObject({
      label: 'my bot',
      hint: secret.slice(-4),
      calls_total: 0,
      limit_per_minute: KEY_LIMIT,
    });
    // Only its hash is stored.
    const stored = await server.built.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secret);

    // Past the anonymous limit of the address, the key still has its own.
    const address = '198.51.100.20';
    expect([
      (await ping(address)).status,
      (await ping(address)).status,
      (await ping(address)).status,
    ]).toEqual([200, 200, 429]);
    const demo = await ping(address, { 'x-cg-demo-api-key': secret });
    expect(demo.status).toBe(200);
    expect(demo.headers.get('x-ratelimit-limit')).toBe(String(KEY_LIMIT));
    expect((await ping('198.51.100.21', { 'x-cg-pro-api-key': secret })).status).toBe(200);
    expect((await ping('198.51.100.22', {}, `?x_cg_demo_api_key=${secret}`)).status).toBe(200);
    expect((await ping('198.51.100.23', {}, `?x_cg_pro_api_key=${secret}`)).status).toBe(200);
    // The key's minute is shared by every address that sends it, in either dialect.
    const coinlens = await fetch(`${server.baseUrl}/api/v1/coins?per_page=1`, {
      headers: { 'x-forwarded-for': '198.51.100.24', 'x-cg-demo-api-key': secret },
    });
    expect(coinlens.status).toBe(200);
    expect(coinlens.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await ping('198.51.100.30', { 'x-cg-demo-api-key': secret })).status).toBe(429);

    const listed = await callAs(server, 'appsys_msrv/api_key_list', {}, owner);
    expect(listed.data?.anonymous_limit_per_minute).toBe(2);
    expect(listed.data?.list).toHaveLength(1);
    // The calls answered are counted; the one the limit refused is not.
    expect(listed.data?.list[0]).toMatchObject({
      id: key.id,
      calls_today: KEY_LIMIT,
      calls_total: KEY_LIMIT,
    });
    expect(listed.data?.list[0]?.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.data)).not.toContain(secret);
  });

  it("refuses an unknown key, a revoked one, a sixth key and another owner's revoke", async () => {
    const unknown = await ping('198.51.100.40', { 'x-cg-demo-api-key': 'cl_not-a-key' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'invalid_key' });

    const { data } = await callAs(server, 'appsys_msrv/api_key_create', { label: 'short-lived' }, other);
    expect((await ping('198.51.100.41', { 'x-cg-demo-api-key': data.secret })).status).toBe(200);
    const stolen = await callAs(server, 'appsys_msrv/api_key_revoke', { id: data.key.id }, owner);
    expect(stolen.code).toBe(ErrorCode.NotFound);
    expect((await callAs(server, 'appsys_msrv/api_key_revoke', { id: data.key.id }, other)).code).toBe(0);
    expect((await ping('198.51.100.42', { 'x-cg-demo-api-key': data.secret })).status).toBe(401);
    const inOwnDialect = await fetch(`${server.baseUrl}/api/v1/exchanges`, {
      headers: { 'x-cg-pro-api-key': data.secret },
    });
    expect(inOwnDialect.status).toBe(401);
    expect((await callAs(server, 'appsys_msrv/api_key_list', {}, other)).data?.list).toEqual([]);

    for (let made = 1; made < API_KEYS_PER_USER; made += 1)
      expect((await callAs(server, 'appsys_msrv/api_key_create', { label: `key ${made}` }, owner)).code).toBe(
        0,
      );
    const sixth = await callAs(server, 'appsys_msrv/api_key_create', { label: 'one too many' }, owner);
    expect(sixth.code).toBe(ErrorCode.LimitExceeded);
    expect((await callAs(server, 'appsys_msrv/api_key_list', {}, { accessToken: '' })).code).not.toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ReplayServer } from './replay-server.js';

let server: ReplayServer;

beforeEach(async () => {
  server = await ReplayServer.start({ maxLog: 5 });
});

afterEach(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

describe('ReplayServer', () => {
  it('listens on loopback and answers a JSON route regardless of the query', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    server.json('/coins/markets', [{ id: 'bitcoin' }]);
    const response = await get('/coins/markets?vs_currency=usd&ids=bitcoin', { 'x-test': 'yes' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual([{ id: 'bitcoin' }]);
    const [logged] = server.requests;
    expect(logged).toMatchObject({
      method: 'GET',
      path: '/coins/markets',
      query: { vs_currency: 'usd', ids: 'bitcoin' },
      search: 'vs_currency=usd&ids=bitcoin',
      matched: true,
    });
    expect(logged?.headers['x-test']).toBe('yes');
  });

  it('serves sequences in order and then repeats the last entry', async () => {
    server.route('/x', [{ status: 429, headers: { 'retry-after': '3' } }, { json: { ok: true } }]);
    const first = await get('/x');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    await first.arrayBuffer();
    expect((await get('/x')).status).toBe(200);
    expect((await get('/x')).status).toBe(200);
  });

  it('matches RegExp paths, query predicates and handlers; the later route wins', async () => {
    server.json(/^\/coins\/[^/]+$/, { kind: 'detail' });
    server.json('/coins/markets', { kind: 'markets' });
    server.route({ path: '/q', query: (query) => query.page === '2' }, { json: { page: 2 } });
    server.route({ path: (path) => path.startsWith('/h/') }, (request) => ({ json: { echo: request.path } }));
    expect(await (await get('/coins/bitcoin')).json()).toEqual({ kind: 'detail' });
    expect(await (await get('/coins/markets')).json()).toEqual({ kind: 'markets' });
    expect(await (await get('/q?page=2')).json()).toEqual({ page: 2 });
    expect((await get('/q?page=1')).status).toBe(404);
    expect(await (await get('/h/abc')).json()).toEqual({ echo: '/h/abc' });
  });

  it('sends raw bodies as they are and answers 404 for unknown routes', async () => {
    server.route('/raw', { body: '{"broken": ', headers: { 'content-type': 'text/plain' } });
    const raw = await get('/raw');
    expect(await raw.text()).toBe('{"broken": ');
    expect(raw.headers.get('content-type')).toBe('text/plain');
    const missing = await get('/nowhere');
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    expect(server.requestsTo('/nowhere')[0]?.matched).toBe(false);
  });

  it('delays responses and drops connections on request', async () => {
    server.route('/slow', { delayMs: 150, json: {} });
    server.route('/drop', { destroySocket: true });
    const started = Date.now();
    await (await get('/slow')).arrayBuffer();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect(get('/drop')).rejects.toThrow();
  });

  it('keeps a bounded log', async () => {
    server.json('/p', {});
    for (let index = 0; index < 8; index++) await (await get(`/p?i=${index}`)).arrayBuffer();
    expect(server.requests.map((request) => request.query.i)).toEqual(['3', '4', '5', '6', '7']);
    server.clearLog();
    expect(server.requests).toEqual([]);
  });

  it('closes promptly even with a delayed response pending', async () => {
    const other = await ReplayServer.start();
    other.route('/hang', { delayMs: 30_000, json: {} });
    const pending = fetch(`${other.url}/hang`).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pending).toBe('failed');
  });
});

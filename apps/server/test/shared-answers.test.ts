import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { procedurePath } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FakeMarketProvider } from './support/fake-market-provider.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

interface WireAnswer {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as it crossed the wire (fetch would decode it). */
  bytes: Buffer;
}

describe('shared list answers on the wire', () => {
  let server: TestServer;
  const provider = new FakeMarketProvider();

  beforeAll(async () => {
    server = await startTestServer({}, { marketProvider: provider });
  });
  afterAll(() => server.close());

  function call(procedure: string, payload: unknown, acceptEncoding?: string): Promise<WireAnswer> {
    const body = new URLSearchParams(server.sign(payload)).toString();
    return new Promise((resolve, reject) => {
      const outgoing = request(
        server.baseUrl + procedurePath(procedure),
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve({ headers: incoming.headers, bytes: Buffer.concat(chunks) }));
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  const coinPage = { page: 1, page_size: 100 };

  it('gives two identical calls in one tick byte-identical bodies, uncompressed without Accept-Encoding', async () => {
    const first = await call('appmarket_msrv/coin_list', coinPage);
    const second = await call('appmarket_msrv/coin_list', coinPage);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(Number(first.headers['content-length'])).toBe(first.bytes.length);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const answer = JSON.parse(first.bytes.toString()) as { code: number; data: { list: unknown[] } };
    expect(answer.code).toBe(0);
    expect(answer.data.list.length).toBeGreaterThan(0);
  });

  it('answers in the encoding the caller prefers, the same bytes for every caller of the tick', async () => {
    const plain = await call('appmarket_msrv/coin_list', coinPage);
    const brotli = await call('appmarket_msrv/coin_list', coinPage, 'gzip, deflate, br');
    const brotliAgain = await call('appmarket_msrv/coin_list', coinPage, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliAgain.bytes.equals(brotli.bytes)).toBe(true);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);

    const gzip = await call('appmarket_msrv/coin_list', coinPage, 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

    const refused = await call('appmarket_msrv/coin_list', coinPage, 'identity, *;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.bytes.equals(plain.bytes)).toBe(true);
  });

  it('answers each language in its own words and keeps the exchange list shared too', async () => {
    const english = await call('appmarket_msrv/exchange_list', { page: 1, page_size: 50, __dlang__: 'en' });
    const chinese = await call('appmarket_msrv/exchange_list', {
      page: 1,
      page_size: 50,
      __dlang__: 'zh-Hans',
    });
    const chineseAgain = await call('appmarket_msrv/exchange_list', {
      page: 1,
      page_size: 50,
      __dlang__: 'zh-Hans',
    });
    expect(chineseAgain.bytes.equals(chinese.bytes)).toBe(true);
    expect(chinese.bytes.equals(english.bytes)).toBe(false);
    expect((JSON.parse(english.bytes.toString()) as { msg: string }).msg).toMatch(/[a-z]/i);
  });

  it('builds a new answer after a tick moves the prices (no stale bytes)', async () => {
    const before = await call('appmarket_msrv/coin_list', coinPage, 'br');
    provider.priceFactor *= 1.1;
    await server.tick();
    const after = await call('appmarket_msrv/coin_list', coinPage, 'br');
    expect(after.bytes.equals(before.bytes)).toBe(false);
    const priceOf = (wire: WireAnswer) =>
      (JSON.parse(brotliDecompressSync(wire.bytes).toString()) as { data: { list: { price: number }[] } })
        .data.list[0]?.price ?? 0;
    expect(priceOf(after) / priceOf(before)).toBeCloseTo(1.1, 1);
  });

  it('still sends the security headers, computed once, on shared answers', async () => {
    const answer = await call('appmarket_msrv/coin_list', coinPage);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../src/config/config.js';
import { registerProxyHeaderWarning } from '../src/http/proxy-header-warning.js';
import { mailDeliveryWarning } from '../src/modules/mail/mail-delivery-warning.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** GET with headers fetch would not let us set (Host). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the dev outbox is an explicit switch for direct local callers', () => {
  let withOutbox: TestServer;
  let withoutOutbox: TestServer;

  beforeAll(async () => {
    [withOutbox, withoutOutbox] = await Promise.all([
      startTestServer({ DEV_OUTBOX: 'true' }),
      startTestServer({ DEV_OUTBOX: '' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withOutbox.close(), withoutOutbox.close()]);
  });

  it('is not served unless DEV_OUTBOX is set, even to loopback', async () => {
    expect((await get(`${withoutOutbox.baseUrl}/dev/outbox.json`)).status).toBe(404);
    expect((await get(`${withoutOutbox.baseUrl}/dev/outbox`)).status).toBe(404);
  });

  it('answers a direct local caller', async () => {
    const answer = await get(`${withOutbox.baseUrl}/dev/outbox.json`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('messages');
    expect((await get(`${withOutbox.baseUrl}/dev/outbox`, { host: 'localhost:8080' })).status).toBe(200);
  });

  it.each([
    ['a foreign Host', { host: 'evil.example' }],
    ['X-Forwarded-For', { 'x-forwarded-for': '8.8.8.8' }],
    ['Forwarded', { forwarded: 'for=203.0.113.7' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.7' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'coinlens.app' }],
    ['Via', { via: '1.1 nginx' }],
  ])('refuses a request with %s, as a same-host proxy would send it', async (_name, headers) => {
    for (const path of ['/dev/outbox.json', '/dev/outbox']) {
      const answer = await get(`${withOutbox.baseUrl}${path}`, headers);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('messages');
    }
  });
});

describe('mail that goes nowhere real is said at start-up', () => {
  it('warns without SMTP_URL and says where the codes are', () => {
    expect(mailDeliveryWarning({ SMTP_URL: undefined, DEV_OUTBOX: false })).toMatch(
      /^MAIL IS NOT SENT.*log only/,
    );
    expect(mailDeliveryWarning({ SMTP_URL: undefined, DEV_OUTBOX: true })).toContain('/dev/outbox');
    expect(mailDeliveryWarning({ SMTP_URL: 'smtp://mail.example:587', DEV_OUTBOX: false })).toBeNull();
  });

  it('refuses DEV_OUTBOX beside a real SMTP server', () => {
    expect(() => loadConfig({ DEV_OUTBOX: 'true', SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      ConfigError,
    );
  });
});

describe('proxy headers while TRUST_PROXY is off', () => {
  async function warningsFor(trustProxy: boolean, requests: Record<string, string>[]): Promise<string[]> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    registerProxyHeaderWarning(app, trustProxy);
    app.get('/', () => 'ok');
    for (const headers of requests) await app.inject({ url: '/', headers });
    await app.close();
    return lines.filter((line) => line.includes('TRUST_PROXY'));
  }

  it('warns once that every visitor shares one address', async () => {
    const warnings = await warningsFor(false, [
      {},
      { 'x-forwarded-for': '198.51.100.1' },
      { forwarded: 'for=198.51.100.2' },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('x-forwarded-for');
  });

  it('stays quiet for direct callers and when the proxy is trusted', async () => {
    expect(await warningsFor(false, [{}, { 'user-agent': 'curl' }])).toEqual([]);
    expect(await warningsFor(true, [{ 'x-forwarded-for': '198.51.100.1' }])).toEqual([]);
  });
});

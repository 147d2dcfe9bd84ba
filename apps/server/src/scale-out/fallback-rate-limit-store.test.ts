import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

import { fallbackRateLimitStore } from './fallback-rate-limit-store.js';

describe('the gateway rate limit while Redis is down', () => {
  const closing: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  it('counts each caller in this process instead of letting every call through', async () => {
    // Nothing listens on port 1: every command fails at once, as the guards' own connection does in an outage.
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    closing.push(() => redis.disconnect());
    const app = Fastify();
    closing.push(() => app.close());
    await app.register(rateLimit, {
      global: false,
      store: fallbackRateLimitStore(redis, 'test-rate:'),
      keyGenerator: (request) => request.ip,
    });
    app.get('/limited', { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, () => 'ok');
    const statuses: number[] = [];
    for (let call = 0; call < 40; call++) statuses.push((await app.inject('/limited')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    // Another caller keeps a budget of its own.
    expect((await app.inject({ url: '/limited', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });
});

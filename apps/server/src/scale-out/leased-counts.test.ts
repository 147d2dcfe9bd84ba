import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';

import { createTestRedis, describeWithRedis } from '../../test/support/test-redis.js';
import type { TestRedis } from '../../test/support/test-redis.js';
import { fallbackRateLimitStore } from './fallback-rate-limit-store.js';
import { LeasedCounts, MAX_LEASE } from './leased-counts.js';
import type { CountedCall } from './leased-counts.js';

const WINDOW_MS = 60_000;

/** Counts `calls` calls of `key` at once (one turn of the event loop), answered in the order made. */
function countAll(counts: LeasedCounts, key: string, calls: number, max: number): Promise<CountedCall[]> {
  return Promise.all(
    Array.from(
      { length: calls },
      () =>
        new Promise<CountedCall>((resolve, reject) =>
          counts.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW_MS, max),
        ),
    ),
  );
}

/** Counts `calls` calls of `key` one after another, each waiting for the last. */
async function countEach(counts: LeasedCounts, key: string, calls: number, max: number): Promise<number[]> {
  const numbers: number[] = [];
  for (let call = 0; call < calls; call++)
    numbers.push(...(await countAll(counts, key, 1, max)).map((c) => c.current));
  return numbers;
}

/** How many commands a connection has sent since this was called. */
function commandsSent(redis: Redis): () => number {
  let sent = 0;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command: { name: string }, ...rest: unknown[]) => {
    sent++;
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  };
  return () => sent;
}

describeWithRedis('LeasedCounts', () => {
  let redis: TestRedis | null = null;
  afterEach(async () => {
    await redis?.dispose();
    redis = null;
  });

  it('numbers one instance’s calls exactly, with a command every few calls once the caller is busy', async () => {
    redis = createTestRedis();
    const connection = await redis.connect({ autoPipelining: true });
    const sent = commandsSent(connection);
    const counts = new LeasedCounts(connection, redis.keyPrefix);
    const numbers = await countEach(counts, 'caller', 200, 1_000);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    // Leases of 1, 2, 4, 8 and then 16: 4 + ceil((200 − 15) / 16) = 16 leases, each one EVALSHA (an EVAL the first time).
    expect(sent()).toBeGreaterThanOrEqual(16);
    expect(sent()).toBeLessThanOrEqual(17);
    expect(Number(await connection.get(`${redis.keyPrefix}caller`))).toBeGreaterThanOrEqual(200);
    expect(Number(await connection.get(`${redis.keyPrefix}caller`))).toBeLessThan(200 + MAX_LEASE);
  });

  it('takes one lease for the calls of a burst, and numbers them in the order they came', async () => {
    redis = createTestRedis();
    const connection = await redis.connect({ autoPipelining: true });
    const sent = commandsSent(connection);
    const counts = new LeasedCounts(connection, redis.keyPrefix);
    const burst = await countAll(counts, 'burst', 50, 1_000);
    expect(burst.map((call) => call.current)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // The first call's lease, then one for the 49 that waited on it.
    expect(sent()).toBeLessThanOrEqual(3);
    for (const call of burst) expect(call.ttl).toBeGreaterThan(WINDOW_MS - 5_000);
  });

  it('refuses a caller spread over two instances early, never late, and counts past the limit', async () => {
    redis = createTestRedis();
    const a = new LeasedCounts(await redis.connect(), redis.keyPrefix);
    const b = new LeasedCounts(await redis.connect(), redis.keyPrefix);
    const max = 100;
    const numbers: number[] = [];
    for (let call = 0; call < 80; call++) {
      numbers.push(...(await countEach(a, 'spread', 1, max)));
      numbers.push(...(await countEach(b, 'spread', 1, max)));
    }
    const allowed = numbers.filter((current) => current <= max).length;
    // Each instance numbers within its own leases, so no number is given twice…
    expect(new Set(numbers).size).toBe(numbers.length);
    // …no more than `max` calls are let through, and at most a lease's unused counts early on each instance.
    expect(allowed).toBeLessThanOrEqual(max);
    expect(allowed).toBeGreaterThanOrEqual(max - 2 * (MAX_LEASE - 1));
  });

  it('counts a small limit (under 64) exactly over three instances, one call after another or in bursts', async () => {
    redis = createTestRedis();
    const instances: LeasedCounts[] = [];
    for (let index = 0; index < 3; index++)
      instances.push(new LeasedCounts(await redis.connect(), redis.keyPrefix));
    const max = 30;
    // `max` calls taking turns over the instances are all let through; the next one on each is refused.
    const inTurn: number[] = [];
    for (let call = 0; call < max + 3; call++)
      inTurn.push(...(await countEach(instances[call % 3]!, 'turns', 1, max)));
    expect(inTurn.slice(0, max).every((current) => current <= max)).toBe(true);
    expect(inTurn.slice(max).every((current) => current > max)).toBe(true);
    // The same for bursts arriving on all three at once.
    const bursts = await Promise.all(instances.map((instance) => countAll(instance, 'bursts', max / 3, max)));
    expect(bursts.flat().every((call) => call.current <= max)).toBe(true);
    expect((await countAll(instances[0]!, 'bursts', 1, max))[0]!.current).toBe(max + 1);
  });

  it('starts a new window once the last one ended, its first lease a single count again', async () => {
    redis = createTestRedis();
    const connection = await redis.connect();
    let now = 1_000_000;
    const counts = new LeasedCounts(connection, redis.keyPrefix, () => now);
    await countEach(counts, 'window', 40, 1_000);
    await connection.del(`${redis.keyPrefix}window`);
    now += WINDOW_MS + 1;
    expect(await countEach(counts, 'window', 3, 1_000)).toEqual([1, 2, 3]);
    expect(Number(await connection.get(`${redis.keyPrefix}window`))).toBe(3);
  });

  it('hands every waiting call the error of a lease that failed, and tries again on the next call', async () => {
    redis = createTestRedis();
    const connection = await redis.connect();
    const counts = new LeasedCounts(connection, redis.keyPrefix);
    await connection.set(`${redis.keyPrefix}broken`, 'not a number');
    await expect(countAll(counts, 'broken', 3, 1_000)).rejects.toThrow();
    await connection.del(`${redis.keyPrefix}broken`);
    expect((await countAll(counts, 'broken', 1, 1_000)).map((call) => call.current)).toEqual([1]);
  });
});

describeWithRedis('the gateway rate limit counted in leases', () => {
  let redis: TestRedis | null = null;
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await redis?.dispose();
    redis = null;
  });

  it('lets a route’s limit through and refuses past it, across two instances sharing Redis', async () => {
    redis = createTestRedis();
    const instances = [];
    for (let index = 0; index < 2; index++) {
      const app = Fastify();
      closing.push(() => app.close());
      await app.register(rateLimit, {
        global: false,
        store: fallbackRateLimitStore(await redis.connect({ autoPipelining: true }), redis.keyPrefix),
        keyGenerator: (request) => request.ip,
      });
      app.post('/v1/:procedure', { config: { rateLimit: { max: 60, timeWindow: WINDOW_MS } } }, () => 'ok');
      instances.push(app);
    }
    const statuses: number[] = [];
    for (let call = 0; call < 80; call++)
      statuses.push((await instances[call % 2]!.inject({ method: 'POST', url: '/v1/coin_list' })).statusCode);
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeLessThanOrEqual(60);
    expect(passed).toBeGreaterThanOrEqual(60 - 2 * (MAX_LEASE - 1));
    expect(statuses.slice(-10).every((status) => status === 429)).toBe(true);
    // Another caller keeps a budget of its own.
    expect(
      (await instances[0]!.inject({ method: 'POST', url: '/v1/coin_list', remoteAddress: '198.51.100.7' }))
        .statusCode,
    ).toBe(200);
  });
});

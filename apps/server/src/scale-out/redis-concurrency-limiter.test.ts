import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { CLOSED_REDIS_URL, createTestRedis, describeWithRedis } from '../../test/support/test-redis.js';
import type { TestRedis } from '../../test/support/test-redis.js';
import { MemoryConcurrencyLimiter } from '../security/concurrency-limiter.js';
import { OutageNotice, type OutagePolicy } from './outage-notice.js';
import { RedisConcurrencyLimiter } from './redis-concurrency-limiter.js';
import { openRedis } from './redis-connection.js';

const log = pino({ level: 'silent' });
const LEASE_MS = 30_000;

describe('two instances, each with its own memory slots', () => {
  it('hold twice the limit between them (what the Redis one is for)', async () => {
    const [first, second] = [new MemoryConcurrencyLimiter(), new MemoryConcurrencyLimiter()];
    expect(await first.acquire('upload:a', 1)).not.toBeNull();
    expect(await second.acquire('upload:a', 1)).not.toBeNull();
  });
});

describeWithRedis('RedisConcurrencyLimiter', () => {
  let redis: TestRedis | null = null;
  const limiters: RedisConcurrencyLimiter[] = [];
  afterEach(async () => {
    for (const limiter of limiters.splice(0)) await limiter.close();
    await redis?.dispose();
    redis = null;
  });

  async function instance(now: () => number = Date.now): Promise<RedisConcurrencyLimiter> {
    const limiter = new RedisConcurrencyLimiter(
      await redis!.connect(),
      redis!.keyPrefix,
      new OutageNotice(log, 'test', 'refuse'),
      now,
      LEASE_MS,
    );
    limiters.push(limiter);
    return limiter;
  }

  it('shares the slots of a key between instances, and a released slot is free for either', async () => {
    redis = createTestRedis();
    const [first, second] = [await instance(), await instance()];
    const held = await first.acquire('live:203.0.113.7', 2);
    expect(held).not.toBeNull();
    expect(await second.acquire('live:203.0.113.7', 2)).not.toBeNull();
    expect(await first.acquire('live:203.0.113.7', 2)).toBeNull();
    expect(await second.acquire('live:203.0.113.7', 2)).toBeNull();
    expect(await second.acquire('live:198.51.100.1', 2)).not.toBeNull();
    held!();
    held!(); // a second release gives back nothing more
    await new Promise((resolve) => setTimeout(resolve, 50)); // the release is not awaited by its caller
    expect(await second.acquire('live:203.0.113.7', 2)).not.toBeNull();
    expect(await first.acquire('live:203.0.113.7', 2)).toBeNull();
  });

  it('never passes the limit when instances take slots at once', async () => {
    redis = createTestRedis();
    const [first, second] = [await instance(), await instance()];
    const slots = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? first : second).acquire('burst', 8)),
    );
    expect(slots.filter((slot) => slot !== null)).toHaveLength(8);
  });

  it("frees a crashed holder's slots when its lease ends, and keeps a renewing holder's", async () => {
    redis = createTestRedis();
    let now = 1_000_000;
    const crashed = await instance(() => now);
    const survivor = await instance(() => now);
    expect(await crashed.acquire('upload:a', 1)).not.toBeNull();
    expect(await survivor.acquire('upload:b', 1)).not.toBeNull();
    // The crashed instance neither releases nor renews any more (its renewal timer, every third of a lease,
    // does not come round within this test); the survivor renews.
    now += LEASE_MS - 1;
    expect(await survivor.acquire('upload:a', 1)).toBeNull();
    await renew(survivor);
    now += 2;
    expect(await survivor.acquire('upload:a', 1)).not.toBeNull();
    now += LEASE_MS - 10;
    expect(await crashed.acquire('upload:b', 1)).toBeNull();
  });

  it('counts a held slot again once renewed after it lapsed in an outage longer than its lease', async () => {
    redis = createTestRedis();
    let now = 1_000_000;
    const holder = await instance(() => now);
    const other = await instance(() => now);
    expect(await holder.acquire('live:a', 1)).not.toBeNull();
    now += LEASE_MS + 1; // no renewal came through: the lease lapsed
    const taken = await other.acquire('live:a', 1);
    expect(taken).not.toBeNull();
    taken!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await renew(holder); // Redis is back and the holder still holds its socket
    expect(await other.acquire('live:a', 1)).toBeNull();
  });

  /** Runs one renewal now instead of waiting for the timer. */
  function renew(limiter: RedisConcurrencyLimiter): Promise<void> {
    return (limiter as unknown as { renew(): Promise<void> }).renew();
  }
});

describe('RedisConcurrencyLimiter while Redis is down', () => {
  async function withDown(policy: OutagePolicy, use: (limiter: RedisConcurrencyLimiter) => Promise<void>) {
    const down = openRedis(CLOSED_REDIS_URL, log, 'test-down');
    const limiter = new RedisConcurrencyLimiter(down, 'x:', new OutageNotice(log, 'test', policy));
    try {
      await use(limiter);
    } finally {
      await limiter.close();
      down.disconnect();
    }
  }

  it('refuses every slot when its policy is to refuse', () =>
    withDown('refuse', async (limiter) => {
      expect(await limiter.acquire('upload:a', 2)).toBeNull();
    }));

  it("counts this instance's own slots, with the same limit, when its policy is to allow", () =>
    withDown('allow', async (limiter) => {
      const first = await limiter.acquire('live:a', 2);
      expect(first).not.toBeNull();
      expect(await limiter.acquire('live:a', 2)).not.toBeNull();
      expect(await limiter.acquire('live:a', 2)).toBeNull();
      first!();
      expect(await limiter.acquire('live:a', 2)).not.toBeNull();
    }));
});

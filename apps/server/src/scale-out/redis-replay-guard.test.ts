import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { CLOSED_REDIS_URL, createTestRedis, describeWithRedis } from '../../test/support/test-redis.js';
import type { TestRedis } from '../../test/support/test-redis.js';
import { TooManyAttempts } from '../gateway/procedure-failure.js';
import { MemoryReplayGuard } from '../gateway/replay-guard.js';
import { OutageNotice } from './outage-notice.js';
import { openRedis } from './redis-connection.js';
import { RedisReplayGuard } from './redis-replay-guard.js';

const log = pino({ level: 'silent' });
const SIGNATURE = '0123456789abcdef0123456789abcdef';

describe('two instances, each with its own memory replay guard', () => {
  it('accept on B a signature used on A (what the Redis one is for)', async () => {
    expect(await new MemoryReplayGuard().claim(SIGNATURE, 60_000)).toBe(true);
    expect(await new MemoryReplayGuard().claim(SIGNATURE, 60_000)).toBe(true);
  });
});

describeWithRedis('RedisReplayGuard', () => {
  let redis: TestRedis | null = null;
  afterEach(async () => {
    await redis?.dispose();
    redis = null;
  });

  // As the server opens its guards' connection: the claims of one turn leave in one pipeline.
  async function instance(): Promise<RedisReplayGuard> {
    return new RedisReplayGuard(
      await redis!.connect({ autoPipelining: true }),
      redis!.keyPrefix,
      new OutageNotice(log, 'reads', 'allow'),
      new OutageNotice(log, 'writes', 'refuse'),
    );
  }

  it('refuses on instance B a signature used on instance A, reads and writes alike', async () => {
    redis = createTestRedis();
    const [first, second] = [await instance(), await instance()];
    expect(await first.claim(SIGNATURE, 60_000, true)).toBe(true);
    expect(await second.claim(SIGNATURE, 60_000, true)).toBe(false);
    expect(await second.claim(SIGNATURE, 60_000, false)).toBe(false);
    expect(await first.claim(SIGNATURE, 60_000)).toBe(false);
    expect(await second.claim(SIGNATURE.replace('0', 'f'), 60_000)).toBe(true);
  });

  it('answers each claim of a pipelined turn on its own: one yes per signature, repeats refused', async () => {
    redis = createTestRedis();
    const guard = await instance();
    const signatures = Array.from(
      { length: 50 },
      (_, index) => SIGNATURE.slice(0, 30) + String(index).padStart(2, '0'),
    );
    const answers = await Promise.all([...signatures, ...signatures].map((key) => guard.claim(key, 60_000)));
    expect(answers.slice(0, 50).every(Boolean)).toBe(true);
    expect(answers.slice(50).some(Boolean)).toBe(false);
  });

  it('gives one yes to the same signature claimed on two instances at once', async () => {
    redis = createTestRedis();
    const [first, second] = [await instance(), await instance()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? first : second).claim(SIGNATURE, 60_000)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('forgets a signature once its lifetime is over', async () => {
    redis = createTestRedis();
    const connection = await redis.connect();
    const guard = await instance();
    expect(await guard.claim(SIGNATURE, 60_000)).toBe(true);
    const ttl = await connection.pttl(`${redis.keyPrefix}replay:${SIGNATURE}`);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('RedisReplayGuard while Redis is down', () => {
  it('lets a read through and refuses a call that changes state with "too many attempts"', async () => {
    const down = openRedis(CLOSED_REDIS_URL, log, 'test-down', { autoPipelining: true });
    try {
      const guard = new RedisReplayGuard(
        down,
        'x:',
        new OutageNotice(log, 'reads', 'allow'),
        new OutageNotice(log, 'writes', 'refuse'),
      );
      expect(await guard.claim(SIGNATURE, 60_000, false)).toBe(true);
      await expect(guard.claim(SIGNATURE, 60_000, true)).rejects.toBeInstanceOf(TooManyAttempts);
      await expect(guard.claim(SIGNATURE, 60_000)).rejects.toBeInstanceOf(TooManyAttempts);
    } finally {
      down.disconnect();
    }
  });
});

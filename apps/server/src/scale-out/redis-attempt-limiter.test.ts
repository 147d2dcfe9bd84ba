import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { CLOSED_REDIS_URL, createTestRedis, describeWithRedis } from '../../test/support/test-redis.js';
import type { TestRedis } from '../../test/support/test-redis.js';
import { MemoryAttemptLimiter, type AttemptLimiter } from '../security/attempt-limiter.js';
import { OUTAGE_RETRY_AFTER_MS, OutageNoticesByUse } from './outage-notice.js';
import { RedisAttemptLimiter } from './redis-attempt-limiter.js';
import { openRedis } from './redis-connection.js';

const log = pino({ level: 'silent' });
const LIMIT = 30;
const MINUTE = 60_000;

/** 40 attempts at one key, alternating between two instances' limiters: how many each let through. */
async function alternate(instances: readonly AttemptLimiter[], key: string): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    const decision = await instances[attempt % instances.length]!.hit(key, LIMIT, MINUTE);
    allowed.push(decision.allowed);
  }
  return allowed;
}

describe('two instances, each with its own memory limiter', () => {
  it('let 40 attempts through a limit of 30 a minute (what the Redis one is for)', async () => {
    const allowed = await alternate([new MemoryAttemptLimiter(), new MemoryAttemptLimiter()], 'login:x');
    expect(allowed.filter(Boolean)).toHaveLength(40);
  });
});

describeWithRedis('RedisAttemptLimiter', () => {
  let redis: TestRedis | null = null;
  afterEach(async () => {
    await redis?.dispose();
    redis = null;
  });

  async function instances(count: number, now: () => number = Date.now): Promise<RedisAttemptLimiter[]> {
    const shared = redis!;
    return Promise.all(
      Array.from(
        { length: count },
        async () =>
          new RedisAttemptLimiter(
            await shared.connect(),
            shared.keyPrefix,
            new OutageNoticesByUse(log, 'test', {}, 'refuse'),
            now,
          ),
      ),
    );
  }

  it('holds 30 a minute as the sum over two instances: the 31st is refused whichever gets it', async () => {
    redis = createTestRedis();
    const [first, second] = await instances(2);
    const allowed = await alternate([first!, second!], 'login:203.0.113.7');
    expect(allowed.filter(Boolean)).toHaveLength(LIMIT);
    expect(allowed.slice(0, LIMIT).every(Boolean)).toBe(true);
    expect((await first!.hit('login:203.0.113.7', LIMIT, MINUTE)).allowed).toBe(false);
    expect((await second!.hit('login:203.0.113.7', LIMIT, MINUTE)).allowed).toBe(false);
    expect((await second!.hit('login:198.51.100.1', LIMIT, MINUTE)).allowed).toBe(true);
  });

  it('holds under concurrent attempts spread over two instances', async () => {
    redis = createTestRedis();
    const [first, second] = await instances(2);
    const decisions = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        (index % 2 === 0 ? first! : second!).hit('burst', LIMIT, MINUTE),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(LIMIT);
  });

  it('slides: an attempt counts for one window, and a refusal says when the oldest leaves it', async () => {
    redis = createTestRedis();
    let now = 1_000_000;
    const [first, second] = await instances(2, () => now);
    expect((await first!.hit('k', 2, MINUTE)).allowed).toBe(true);
    now += 20_000;
    expect((await second!.hit('k', 2, MINUTE)).allowed).toBe(true);
    now += 10_000;
    const refused = await first!.hit('k', 2, MINUTE);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 30_000 });
    now += 30_000; // the first attempt has left the window
    expect((await second!.hit('k', 2, MINUTE)).allowed).toBe(true);
    expect((await first!.hit('k', 2, MINUTE)).allowed).toBe(false);
  });
});

describe('RedisAttemptLimiter while Redis is down', () => {
  it("follows each use's policy: refuses with a short retry, or allows; an undecided use refuses", async () => {
    const down = openRedis(CLOSED_REDIS_URL, log, 'test-down');
    try {
      const limiter = new RedisAttemptLimiter(
        down,
        'x:',
        new OutageNoticesByUse(log, 'test', { login: 'refuse', read: 'allow' }, 'refuse'),
      );
      expect(await limiter.hit('login:a', 25, MINUTE)).toEqual({
        allowed: false,
        retryAfterMs: OUTAGE_RETRY_AFTER_MS,
      });
      expect(await limiter.hit('read:a', 25, MINUTE)).toEqual({ allowed: true, retryAfterMs: 0 });
      expect((await limiter.hit('undecided:a', 25, MINUTE)).allowed).toBe(false);
    } finally {
      down.disconnect();
    }
  });
});

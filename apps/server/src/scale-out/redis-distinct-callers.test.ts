import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { CLOSED_REDIS_URL, createTestRedis, describeWithRedis } from '../../test/support/test-redis.js';
import type { TestRedis } from '../../test/support/test-redis.js';
import { INTEREST_FLOOR } from '../security/distinct-callers.js';
import { OutageNotice } from './outage-notice.js';
import { RedisDistinctCallers } from './redis-distinct-callers.js';
import { openRedis } from './redis-connection.js';

const log = pino({ level: 'silent' });
const HOUR = 3_600_000;

describeWithRedis('RedisDistinctCallers', () => {
  let redis: TestRedis | null = null;
  afterEach(async () => {
    await redis?.dispose();
    redis = null;
  });

  async function instances(count: number, now: () => number): Promise<RedisDistinctCallers[]> {
    const shared = redis!;
    return Promise.all(
      Array.from(
        { length: count },
        async () =>
          new RedisDistinctCallers(
            await shared.connect(),
            `${shared.keyPrefix}interest:coins:`,
            new OutageNotice(log, 'test', 'per-instance'),
            now,
          ),
      ),
    );
  }

  it("counts a caller once across instances, and each instance reads every instance's callers", async () => {
    redis = createTestRedis();
    const now = () => 10 * HOUR;
    const [first, second] = await instances(2, now);
    // One caller's views spread over both instances by the load balancer: one caller.
    for (let view = 0; view < 20; view += 1)
      await (view % 2 === 0 ? first! : second!).record('dogecoin', '203.0.113.9');
    // Three callers, each seen by a different instance.
    await first!.record('aave', '198.51.100.1');
    await second!.record('aave', '198.51.100.2');
    await first!.record('aave', '198.51.100.3');
    for (const instance of [first!, second!]) {
      const counts = await instance.counts();
      expect(counts.get('aave')).toBe(3);
      expect(counts.has('dogecoin')).toBe(false);
    }
  });

  it(`keeps the floor: ${INTEREST_FLOOR - 1} callers are not enough, one more is`, async () => {
    redis = createTestRedis();
    let now = 10 * HOUR;
    const [first, second] = await instances(2, () => now);
    for (let caller = 1; caller < INTEREST_FLOOR; caller += 1)
      await first!.record('pumped', `198.51.100.${caller}`);
    expect((await second!.counts()).has('pumped')).toBe(false);
    now += 6_000; // past the instance's reuse of its last read
    await first!.record('pumped', '198.51.100.200');
    expect((await second!.counts()).get('pumped')).toBe(INTEREST_FLOOR);
  });
});

describe('RedisDistinctCallers while Redis is down', () => {
  it('counts in this instance alone, never failing the read', async () => {
    const down = openRedis(CLOSED_REDIS_URL, log, 'test-down');
    try {
      const counter = new RedisDistinctCallers(
        down,
        'x:interest:coins:',
        new OutageNotice(log, 'test', 'per-instance'),
        () => 10 * HOUR,
      );
      for (const caller of ['a', 'b', 'c', 'c']) await counter.record('solana', caller);
      expect((await counter.counts()).get('solana')).toBe(3);
    } finally {
      down.disconnect();
    }
  });
});

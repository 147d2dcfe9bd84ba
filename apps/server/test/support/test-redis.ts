import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';
import pino from 'pino';
import { describe } from 'vitest';

import { openRedis, redisReady } from '../../src/scale-out/redis-connection.js';
import type { RedisOptions } from '../../src/scale-out/redis-connection.js';

const redisUrl = process.env.REDIS_URL;

if (process.env.CI === 'true' && !redisUrl) {
  throw new Error('CI=true requires REDIS_URL: the shared limits and guards must be tested on Redis.');
}

/** `describe` for suites that need Redis: they run whenever REDIS_URL is set (always in CI). */
export const describeWithRedis = redisUrl ? describe : describe.skip;

/** Nothing listens here: a Redis that is down (commands fail at once, reconnects keep failing). */
export const CLOSED_REDIS_URL = 'redis://127.0.0.1:6390';

export interface TestRedis {
  /** REDIS_URL of the shared test Redis. */
  url: string;
  /** Unique to this test run, so runs never see each other's keys; every key is removed by `dispose`. */
  keyPrefix: string;
  /** A new connection, as one more server instance would open it (`options` as `openRedis` takes them), once ready. */
  connect(options?: RedisOptions): Promise<Redis>;
  dispose(): Promise<void>;
}

export function createTestRedis(): TestRedis {
  if (!redisUrl) throw new Error('REDIS_URL is not set');
  const url = redisUrl;
  const keyPrefix = `coinlens-test:${randomBytes(6).toString('hex')}:`;
  const connections: Redis[] = [];
  const log = pino({ level: 'silent' });
  return {
    url,
    keyPrefix,
    async connect(options) {
      const redis = openRedis(url, log, `test-${connections.length}`, options);
      connections.push(redis);
      await redisReady(redis, 5_000);
      return redis;
    },
    async dispose() {
      const cleaner = openRedis(url, log, 'test-cleanup');
      await redisReady(cleaner, 5_000);
      let cursor = '0';
      do {
        const [next, keys] = await cleaner.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1_000);
        if (keys.length > 0) await cleaner.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      cleaner.disconnect();
      for (const redis of connections) redis.disconnect();
    },
  };
}

import { createRequire } from 'node:module';

import type { FastifyBaseLogger } from 'fastify';
import type * as Ioredis from 'ioredis';
import type { Redis } from 'ioredis';

/** How long one Redis command may take before it fails (a guard then falls back to its outage policy). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** Reconnect back-off: 100 ms doubling up to 5 s, forever (a lost Redis must not need a restart). */
export function redisReconnectDelay(attempt: number): number {
  return Math.min(5_000, 100 * 2 ** Math.min(attempt - 1, 6));
}

/**
 * One connection to the shared Redis. Commands fail at once while it is down instead of queueing (the
 * callers decide what an outage means: refuse a login guess, let a market read through), and it reconnects
 * with back-off; every change of state is logged once. `autoPipelining`: the commands issued in one turn of the
 * event loop leave in one write, for a connection every gateway call asks (the guards): under load each call
 * otherwise cost its own write and read, and the process answered at about half its embedded rate.
 */
export interface RedisOptions {
  autoPipelining?: boolean;
}

export function openRedis(
  url: string,
  log: FastifyBaseLogger,
  role: string,
  { autoPipelining = false }: RedisOptions = {},
): Redis {
  // Loaded on first use: an instance without Redis never holds the client's code (docs/performance.md).
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof Ioredis;
  const redis = new RedisClient(url, {
    connectionName: `coinlens-${role}`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: redisReconnectDelay,
    lazyConnect: false,
    enableAutoPipelining: autoPipelining,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ err: error, role }, 'redis unavailable: shared limits and live fan-out degraded');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn({ role }, 'redis available again');
  });
  return redis;
}

/** Resolves once the connection is ready (start-up waits for it), or rejects after `timeoutMs`. */
export async function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis was not reachable within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config/config.js';
import { isProductionMode } from '../config/production-mode.js';
import { openRedis } from '../scale-out/redis-connection.js';
import type { RedisPing } from './health.js';

/**
 * In production mode, the connection `/readyz` pings Redis on (its own, so a probe never waits behind the
 * guards' or the stream's traffic), closed with the app; null in the embedded mode.
 */
export function openReadinessRedis(
  app: FastifyInstance,
  config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>,
): RedisPing | null {
  if (!isProductionMode(config) || config.REDIS_URL === undefined) return null;
  const redis = openRedis(config.REDIS_URL, app.log, 'readiness');
  app.addHook('onClose', () => {
    redis.disconnect();
  });
  return redis;
}

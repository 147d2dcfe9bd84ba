import type { AppConfig } from './config.js';

/**
 * Production mode: PostgreSQL and Redis together, so several instances can run behind a load balancer. Without
 * both, the server is the embedded single process (SQLite or one PostgreSQL, memory for the rest).
 */
export function isProductionMode(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>): boolean {
  return config.DATABASE_URL !== undefined && config.REDIS_URL !== undefined;
}

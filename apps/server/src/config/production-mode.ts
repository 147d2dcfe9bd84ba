/**
 * Production mode: PostgreSQL and Redis together, so several instances can run behind a load balancer. Without
 * both, the server is the embedded single process (SQLite or one PostgreSQL, memory for the rest).
 */
export function isProductionMode(config: {
  readonly DATABASE_URL?: string | undefined;
  readonly REDIS_URL?: string | undefined;
}): boolean {
  return config.DATABASE_URL !== undefined && config.REDIS_URL !== undefined;
}

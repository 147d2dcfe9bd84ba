import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../db/database.js';
import type { MarketReadiness } from '../market-store/market-readiness.js';
import { databaseFailure, DatabaseReachability } from './database-reachability.js';

/** Whether the market snapshot holds anything to answer with (filled by ingest, or a follower's stream). */
export interface MarketContents {
  readonly coins: ReadonlyMap<string, unknown>;
  isStale(now: number): boolean;
}

/** A shared Redis that answers a ping (a connection down rejects at once: no offline queue). */
export interface RedisPing {
  ping(): Promise<unknown>;
}

async function redisReachable(redis: RedisPing): Promise<boolean> {
  try {
    await redis.ping();
    return true;
  } catch {
    return false;
  }
}

/**
 * Liveness and database reachability for load balancers and supervisors. The server answers every call while
 * the market warms up, so a warming market is still healthy (200); `market` tells a caller that needs every
 * figure (a test, a deploy check) when they are all there. Kept as it was for existing checks; `/livez` and
 * `/readyz` say the two things apart.
 */
export function registerHealthCheck(
  app: FastifyInstance,
  database: DatabaseHandle,
  market: MarketReadiness,
): void {
  app.get('/healthz', async (_request, reply) => {
    const state = {
      database: database.dialect,
      market: market.warmedUp ? 'ready' : 'warming',
      history: market.historyStored ? 'stored' : 'storing',
    };
    const failure = await databaseFailure(database);
    if (failure === null) return reply.header('cache-control', 'no-store').send({ status: 'ok', ...state });
    app.log.error({ err: failure }, 'health check: database unreachable');
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .send({ status: 'unavailable', ...state });
  });
}

/**
 * Liveness: the process answers HTTP. Touches nothing else, so a database or Redis outage never makes a
 * supervisor restart every instance at once (readiness takes them out of the load balancer instead).
 */
export function registerLivenessCheck(app: FastifyInstance): void {
  app.get('/livez', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
}

export interface ReadinessProbes {
  database: DatabaseHandle;
  snapshot: MarketContents;
  /** The shared Redis in production mode; null in the embedded mode, which needs none. */
  redis: RedisPing | null;
}

/**
 * Readiness for traffic: the database answers and the market snapshot has data (an instance that just started,
 * or a follower still waiting for the leader's stream, has none). Redis alone does not decide: it is shared, so
 * when it is down every instance is, and taking them all out of the balancer would turn the outage policy
 * (market reads go on, logins and code guesses refused) into no service. An instance without Redis whose market
 * went stale is unready, though: a follower cut off from the leader's stream, while the leader (whose market
 * stays fresh) and followers still reached by it serve. 503 names what is missing. The database's answer never
 * waits on the users' load (database-reachability.ts): a busy instance stays in the balancer.
 */
export function registerReadinessCheck(
  app: FastifyInstance,
  probes: ReadinessProbes,
  now: () => number = Date.now,
): void {
  const databaseReachability = new DatabaseReachability(probes.database, now);
  app.get('/readyz', async (_request, reply) => {
    // Not logged: the balancer probes every few seconds, and the outage is logged where it is met.
    const [database, redis] = await Promise.all([
      databaseReachability.reachable(),
      probes.redis ? redisReachable(probes.redis) : Promise.resolve(null),
    ]);
    const market =
      probes.snapshot.coins.size === 0 ? 'empty' : probes.snapshot.isStale(now()) ? 'stale' : 'ready';
    const state = {
      database: database ? 'reachable' : 'unreachable',
      ...(redis === null ? {} : { redis: redis ? 'reachable' : 'unreachable' }),
      market,
    };
    const ready = database && market !== 'empty' && !(redis === false && market === 'stale');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', ...state });
  });
}

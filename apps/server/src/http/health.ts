import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { DatabaseHandle } from '../db/database.js';

/**
 * What health says of the market: `warming` while the daily history and the first score are still coming;
 * `history: storing` while the back-filled candles are still being written (start-up's last work).
 */
export interface MarketReadiness {
  readonly warmedUp: boolean;
  readonly historyStored: boolean;
}

/**
 * Liveness and database reachability for load balancers and supervisors. The server answers every call while
 * the market warms up, so a warming market is still healthy (200); `market` tells a caller that needs every
 * figure (a test, a deploy check) when they are all there.
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
    try {
      await sql`select 1`.execute(database.db);
      return await reply.header('cache-control', 'no-store').send({ status: 'ok', ...state });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', ...state });
    }
  });
}

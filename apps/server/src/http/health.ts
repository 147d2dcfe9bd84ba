import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { DatabaseHandle } from '../db/database.js';

/** Liveness and database reachability for load balancers and supervisors. */
export function registerHealthCheck(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return await reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', database: database.dialect });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', database: database.dialect });
    }
  });
}

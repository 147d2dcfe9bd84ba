import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, TEST_DIALECTS } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';
import { createTestRedis } from './support/test-redis.js';
import type { TestRedis } from './support/test-redis.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

async function probe(server: TestServer, path: '/livez' | '/readyz') {
  const response = await fetch(server.baseUrl + path);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('liveness and readiness of the embedded server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is live, and ready once its market has data, asking no Redis', async () => {
    expect(await probe(server, '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe(server, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', database: 'reachable', market: 'ready' },
    });
    // Kept for existing checks.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});

/** Production mode needs both: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI has them. */
const productionModeAvailable = TEST_DIALECTS.includes('postgres') && process.env.REDIS_URL !== undefined;

describe.skipIf(!productionModeAvailable)('readiness in production mode', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    redis = createTestRedis();
    server = await startTestServer({
      DATABASE_URL: database.env.DATABASE_URL ?? '',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
    });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
    await redis.dispose();
  });

  it('asks Redis too', async () => {
    expect(await probe(server, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', database: 'reachable', redis: 'reachable', market: 'ready' },
    });
  });
});

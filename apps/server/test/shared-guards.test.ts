import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestRedis, describeWithRedis } from './support/test-redis.js';
import type { TestRedis } from './support/test-redis.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/**
 * Two server instances on one Redis (each its own SQLite: only the shared guards are under test here; the
 * integration suite runs whole processes on PostgreSQL). With the memory guards both of these pass per
 * instance: B accepts A's signature, and 20 + 20 calls get through a limit of 30.
 */
describeWithRedis('the gateway guards shared by two instances', () => {
  let redis: TestRedis;
  let instances: TestServer[] = [];
  const LIMIT = 30;

  beforeAll(async () => {
    redis = createTestRedis();
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      TRUST_PROXY: 'true',
    };
    instances = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await redis?.dispose();
  });

  it('refuses on B a signature already used on A', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    const fields = a.sign({});
    const headers = { 'X-Forwarded-For': '198.51.100.20' };
    expect((await a.postForm('appsys_msrv/app_config', fields, headers)).json?.code).toBe(ErrorCode.Success);
    const replayed = await b.postForm('appsys_msrv/app_config', fields, headers);
    expect(replayed.json?.code).toBe(ErrorCode.ParameterInvalid);
    expect(replayed.json?.msg).toMatch(/signature/);
  });

  it('holds the rate limit as the sum over both: 30 of 40 calls from one /64 alternating between them', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 40; call++) {
      const instance = instances[call % 2]!;
      const answer = await instance.postForm('appsys_msrv/app_config', instance.sign({}), {
        'X-Forwarded-For': `2001:db8:30:30::${(call + 1).toString(16)}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestRedis, describeWithRedis } from './support/test-redis.js';
import type { TestRedis } from './support/test-redis.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/**
 * Issue 35, finding 8: the gateway rate limit counted IPv6 callers per /64 only, so every /64 of a /48 had a
 * limit of its own. With RATE_LIMIT_PER_MINUTE 2, a /56 may make 8 calls a minute and a /48 32, whichever of
 * their /64s they come from; each /64 here stays within its own 2.
 */
const LIMIT = 2;

/** The HTTP statuses of two calls from each address, in order. */
async function twoCallsEach(server: TestServer, addresses: readonly string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of addresses)
    for (let call = 0; call < LIMIT; call++) {
      const answer = await server.postForm('appsys_msrv/app_config', server.sign({}), {
        'X-Forwarded-For': address,
      });
      statuses.push(answer.status);
    }
  return statuses;
}

function networkLimitCases(startServer: () => Promise<TestServer>) {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('refuses the calls of a /56 past 4 × the limit, however many of its /64s they come from', async () => {
    const sixtyFours = Array.from({ length: 6 }, (_, index) => `2001:db8:56:${index.toString(16)}::1`);
    const statuses = await twoCallsEach(server, sixtyFours);
    expect(statuses.slice(0, 4 * LIMIT)).toEqual(Array<number>(4 * LIMIT).fill(200));
    expect(statuses.slice(4 * LIMIT)).toEqual(Array<number>(statuses.length - 4 * LIMIT).fill(429));
  });

  it('refuses the calls of a /48 past 16 × the limit, each of its /56s within its own', async () => {
    // 5 /56s × 4 /64s × 2 calls: each /56 makes its 8, the /48 reaches its 32 in the fifth.
    const sixtyFours = Array.from({ length: 5 }, (_, fiftySix) =>
      Array.from({ length: 4 }, (_, index) => `2001:db8:48:${((fiftySix << 8) | index).toString(16)}::1`),
    ).flat();
    const statuses = await twoCallsEach(server, sixtyFours);
    expect(statuses.slice(0, 16 * LIMIT)).toEqual(Array<number>(16 * LIMIT).fill(200));
    expect(statuses.slice(16 * LIMIT)).toEqual(Array<number>(statuses.length - 16 * LIMIT).fill(429));
  });

  it('leaves IPv4 callers to their own address limit', async () => {
    const addresses = Array.from({ length: 6 }, (_, index) => `198.51.100.${index + 1}`);
    expect(await twoCallsEach(server, addresses)).toEqual(Array<number>(6 * LIMIT).fill(200));
  });
}

const ENV = { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' };

describe('the gateway rate limit of IPv6 networks, in process memory', () => {
  networkLimitCases(() => startTestServer(ENV));
});

describeWithRedis('the gateway rate limit of IPv6 networks, shared in Redis', () => {
  let redis: TestRedis;
  networkLimitCases(() => {
    redis = createTestRedis();
    return startTestServer({ ...ENV, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix });
  });
  afterAll(() => redis?.dispose());
});

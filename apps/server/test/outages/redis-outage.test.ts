import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nextTestAddress, PASSWORD, registerAccount } from '../support/accounts.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { CLOSED_REDIS_URL, createTestRedis, describeWithRedis } from '../support/test-redis.js';
import type { TestRedis } from '../support/test-redis.js';
import { startTestServer } from '../support/test-server.js';
import type { RawAnswer, TestServer } from '../support/test-server.js';

/** The shared guards' outage policies (docs/scale-out.md), seen through the gateway. */

function loginAs(server: TestServer, email: string, password: string): Promise<RawAnswer> {
  return server.postForm('user_msrv/login', server.sign({ email, password }), {
    'X-Forwarded-For': nextTestAddress(),
    DeviceId: 'device-outage',
  });
}

/** Refused as the catalogue's rate limit: 429, code TooFrequent, a Retry-After; never a 5xx. */
function expectRefusedAsTooFrequent(answer: RawAnswer): void {
  expect(answer.status).toBe(429);
  expect(answer.json?.code).toBe(ErrorCode.TooFrequent);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function expectMarketReadAnswers(server: TestServer): Promise<void> {
  const coins = await server.client.request('appmarket_msrv/coin_list', { page: 1, page_size: 5 });
  expect(coins.code).toBe(ErrorCode.Success);
}

describe('a server whose Redis is down from the start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REDIS_URL: CLOSED_REDIS_URL, TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  it('keeps answering market reads', async () => {
    await expectMarketReadAnswers(server);
    await expectMarketReadAnswers(server);
  });

  it('refuses logins, code sends and password resets with the rate-limit answer', async () => {
    expectRefusedAsTooFrequent(await loginAs(server, 'someone@example.org', PASSWORD));
    expectRefusedAsTooFrequent(
      await server.postForm(
        'user_msrv/captcha',
        server.sign({ email: 'someone@example.org', purpose: 'reset_password' }),
      ),
    );
    expectRefusedAsTooFrequent(
      await server.postForm(
        'user_msrv/reset_password',
        server.sign({
          email: 'someone@example.org',
          code: '123456',
          password: 'New-pass-22',
          repeat_password: 'New-pass-22',
        }),
      ),
    );
  });
});

describeWithRedis('a server whose Redis goes away and comes back', () => {
  let redis: TestRedis;
  let proxy: FaultProxy;
  let server: TestServer;
  const email = 'redis-outage@example.org';

  beforeAll(async () => {
    redis = createTestRedis();
    const target = new URL(redis.url);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    server = await startTestServer({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: redis.keyPrefix,
      TRUST_PROXY: 'true',
    });
    await registerAccount(server, email);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await redis?.dispose();
  });

  it('refuses login guessing while it is gone, keeps market reads, and checks passwords again once back', async () => {
    expect((await loginAs(server, email, 'Wrong-pass1')).json?.code).toBe(ErrorCode.LoginFailed);

    proxy.set({ kind: 'reset' });
    expectRefusedAsTooFrequent(await loginAs(server, email, 'Wrong-pass1'));
    expectRefusedAsTooFrequent(await loginAs(server, email, PASSWORD));
    await expectMarketReadAnswers(server);

    proxy.set({ kind: 'pass' });
    // The connection comes back on its own (back-off of at most 5 s); until then logins stay refused.
    let answer = await loginAs(server, email, PASSWORD);
    for (let tries = 0; answer.status === 429 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await loginAs(server, email, PASSWORD);
    }
    expect(answer.json?.code).toBe(ErrorCode.Success);
  });
});

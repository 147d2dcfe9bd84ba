import { ErrorCode } from '@coinlens/contract';
import type { ProcedureName } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVICE_ID, nextTestAddress, PASSWORD, registerAccount } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

/**
 * Issue 35, finding 1: one account kept portfolio_history in flight and took the instance's core; the gateway
 * only counted calls. The clock stands still here, so every call costs the budget's least (1 ms) and nothing
 * refills until the test moves the clock: a budget of 3 ms is three calls, whatever the machine's speed.
 */
describe.each(TEST_DIALECTS)('cost budget per caller on %s', (dialect) => {
  const clock = { now: FAKE_MARKET_EPOCH };
  let server: TestServer;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true', COST_BUDGET_BURST_MS: '3', COST_BUDGET_MS_PER_SECOND: '1' },
      { now: () => clock.now, marketProvider: new FakeMarketProvider(() => clock.now) },
    );
  });
  afterAll(() => server.close());

  async function newUser(): Promise<string> {
    counter += 1;
    const session = await registerAccount(server, `cost-${counter}-${dialect}@example.org`, PASSWORD);
    return session.AccessToken;
  }

  /** A signed call as the account `token` (or a visitor), from `ip`: its HTTP status, code and Retry-After. */
  async function call(procedure: ProcedureName, payload: unknown, as: { token?: string; ip: string }) {
    const answer = await server.postForm(procedure, server.sign(payload), {
      DeviceId: DEVICE_ID,
      'X-Forwarded-For': as.ip,
      ...(as.token ? { AccessToken: as.token } : {}),
    });
    return {
      status: answer.status,
      code: answer.json?.code,
      retryAfter: Number(answer.headers.get('retry-after')),
    };
  }

  const HISTORY = 'appportfolio_msrv/portfolio_history';
  const MONTH = { range: 'month', currency: 'usd' };
  const SUCCESS = { status: 200, code: ErrorCode.Success };
  const REFUSED = { status: 429, code: ErrorCode.TooFrequent };

  it('refuses an account past its budget with the rate-limited answer, and admits it again once refilled', async () => {
    const token = await newUser();
    // Each call from another address: the budget follows the account, not the address.
    for (let made = 0; made < 3; made++)
      expect(await call(HISTORY, MONTH, { token, ip: nextTestAddress() })).toMatchObject(SUCCESS);
    const refused = await call(HISTORY, MONTH, { token, ip: nextTestAddress() });
    expect(refused).toMatchObject(REFUSED);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    // Another account is not touched by this one's spending.
    expect(await call(HISTORY, MONTH, { token: await newUser(), ip: nextTestAddress() })).toMatchObject(
      SUCCESS,
    );
    clock.now += 1_000;
    expect(await call(HISTORY, MONTH, { token, ip: nextTestAddress() })).toMatchObject(SUCCESS);
  });

  it('charges the expensive procedures alike, and leaves the cheap ones to the call count limit', async () => {
    const token = await newUser();
    const as = { token, ip: nextTestAddress() };
    expect(await call(HISTORY, MONTH, as)).toMatchObject(SUCCESS);
    expect(await call('appportfolio_msrv/portfolio_summary', { currency: 'usd' }, as)).toMatchObject(SUCCESS);
    expect(await call('appportfolio_msrv/transaction_list', {}, as)).toMatchObject(SUCCESS);
    expect(await call('appalert_msrv/alert_list', {}, as)).toMatchObject(REFUSED);
    expect(await call('user_msrv/user_info', {}, as)).toMatchObject(SUCCESS);
  });

  it('counts a visitor by address: one address spent, another still answered', async () => {
    const spent = { ip: nextTestAddress() };
    const keyword = { keyword: 'bitcoin', type: 'coin' };
    for (let made = 0; made < 3; made++)
      expect(await call('appsearch_msrv/search', keyword, spent)).toMatchObject(SUCCESS);
    expect(await call('appsearch_msrv/search', keyword, spent)).toMatchObject(REFUSED);
    expect(await call('appsearch_msrv/search', keyword, { ip: nextTestAddress() })).toMatchObject(SUCCESS);
  });
});

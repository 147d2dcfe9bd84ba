import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from '../support/accounts.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { createTestDatabase } from '../support/test-databases.js';
import type { TestDatabase } from '../support/test-databases.js';
import { startTestServer } from '../support/test-server.js';
import type { TestServer } from '../support/test-server.js';
import { describeFault, expectAnswerWithin, faultsBeyond } from './outage-calls.js';

const CONNECT_TIMEOUT_MS = 500;
const STATEMENT_TIMEOUT_MS = 800;
/**
 * A request runs a few queries one after another, each bounded by waiting for a connection plus its statement
 * (1.3 s here): four of them is 5.2 s. 8 s leaves room for a loaded 2-core machine; a hang never answers.
 */
const ANSWER_BOUND_MS = 8_000;

// Like the other PostgreSQL tests: skipped only on a machine without DATABASE_URL, never in CI.
const postgres = process.env.DATABASE_URL !== undefined || process.env.CI === 'true';

describe.runIf(postgres)('PostgreSQL outages behind a fault proxy', () => {
  let database: TestDatabase;
  let proxy: FaultProxy;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const direct = new URL(database.env.DATABASE_URL!);
    proxy = await FaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestServer({
      DATABASE_URL: proxied.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.dispose();
  });

  const news = () => callAs(server, 'appcontent_msrv/news_list', { page_size: 5 });
  const coins = () => callAs(server, 'appmarket_msrv/coin_list', { page_size: 5 });

  for (const fault of faultsBeyond(STATEMENT_TIMEOUT_MS)) {
    it(`answers an error code within the timeouts under ${describeFault(fault)}, and recovers`, async () => {
      expect((await news()).code).toBe(ErrorCode.Success);
      proxy.set(fault);
      // Twice: the first meets the pool's open connections, the second the fresh ones the pool opens after.
      for (let attempt = 0; attempt < 2; attempt++) {
        const during = await expectAnswerWithin(ANSWER_BOUND_MS, news);
        expect(during.code).not.toBe(ErrorCode.Success);
      }
      // Market reads come from memory and do not wait on the database at all.
      expect((await expectAnswerWithin(ANSWER_BOUND_MS, coins)).code).toBe(ErrorCode.Success);
      proxy.set({ kind: 'pass' });
      // The pool drops the connections the fault broke and opens new ones: no restart.
      await expect
        .poll(async () => (await news()).code, { timeout: ANSWER_BOUND_MS * 2, interval: 200 })
        .toBe(ErrorCode.Success);
    }, 60_000);
  }
});

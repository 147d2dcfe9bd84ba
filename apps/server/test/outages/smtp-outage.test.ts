import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  startLocalSmtpServer,
  type LocalSmtpServer,
} from '../../src/modules/mail/testing/local-smtp-server.js';
import { callAs, PASSWORD } from '../support/accounts.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { startTestServer } from '../support/test-server.js';
import type { TestServer } from '../support/test-server.js';
import { describeFault, expectAnswerWithin, faultsBeyond } from './outage-calls.js';

const SMTP_TIMEOUT_MS = 500;
const SMTP_RETRY_MS = 300;
/** Neither call waits on the mail server; 5 s is a loaded machine's worst for a few database writes. */
const ANSWER_BOUND_MS = 5_000;

describe('SMTP outages behind a fault proxy', () => {
  let smtp: LocalSmtpServer;
  let proxy: FaultProxy;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    proxy = await FaultProxy.start({
      host: '127.0.0.1',
      port: smtp.port,
    });
    server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
      SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
      SMTP_RETRY_MS: String(SMTP_RETRY_MS),
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await smtp?.close();
  });

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).length;

  for (const fault of faultsBeyond(SMTP_TIMEOUT_MS)) {
    it(`answers at once and still delivers the code sent during ${describeFault(fault)}`, async () => {
      const email = `outage-${fault.kind}@example.org`;
      proxy.set(fault);
      const sent = await expectAnswerWithin(ANSWER_BOUND_MS, () =>
        callAs(server, 'user_msrv/captcha', { email, purpose: 'register' }),
      );
      expect(sent.code).toBe(ErrorCode.Success);
      const login = await expectAnswerWithin(ANSWER_BOUND_MS, () =>
        callAs(server, 'user_msrv/login', { email: 'nobody@example.org', password: PASSWORD }),
      );
      expect(login.code).toBe(ErrorCode.LoginFailed);
      // Long enough for the first attempt to fail against the fault (each attempt gives up after 500 ms).
      await new Promise((resolve) => setTimeout(resolve, SMTP_TIMEOUT_MS * 3));
      expect(mailsTo(email)).toBe(0);
      proxy.set({ kind: 'pass' });
      await expect.poll(() => mailsTo(email), { timeout: 10_000, interval: 100 }).toBe(1);
    }, 30_000);
  }
});

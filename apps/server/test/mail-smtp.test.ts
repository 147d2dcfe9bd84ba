import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startLocalSmtpServer, type LocalSmtpServer } from '../src/modules/mail/testing/local-smtp-server.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

describe('mail over a real SMTP conversation', () => {
  let smtp: LocalSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Coinlens <no-reply@coinlens.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('delivers the sign-up code in the caller language through SMTP, and has no dev outbox', async () => {
    const answer = await server.client.request(
      'user_msrv/captcha',
      { email: 'smtp-user@example.org', purpose: 'register' },
      { headers: { Lang: 'zh' } },
    );
    expect(answer.code).toBe(0);
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('no-reply@coinlens.test');
    expect(mail?.to).toEqual(['smtp-user@example.org']);
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail?.raw).toMatch(/\d{6}/);
    expect((await fetch(`${server.baseUrl}/dev/outbox.json`)).status).toBe(404);
  });
});

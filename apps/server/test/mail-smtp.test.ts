import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail over a real SMTP conversation', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Coinlens <no-reply@coinlens.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the sign-up code in the caller language through SMTP, and has no dev outbox', async () => {
    const answer = await server.client.request(
      'user_msrv/captcha',
      { email: 'smtp-user@example.org', purpose: 'register' },
      { headers: { Lang: 'zh' } },
    );
    expect(answer.code).toBe(0);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@coinlens.test');
    expect(mail?.to).toEqual(['smtp-user@example.org']);
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail?.raw).toMatch(/\d{6}/);
    expect((await fetch(`${server.baseUrl}/dev/outbox.json`)).status).toBe(404);
  });
});

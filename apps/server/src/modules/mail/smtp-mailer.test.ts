import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SmtpMailer } from './smtp-mailer.js';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/local-smtp-server.js';

describe('SmtpMailer recipients', () => {
  let smtp: LocalSmtpServer;
  let mailer: SmtpMailer;
  /** The envelope recipients of each message the local SMTP server accepted. */
  const delivered = () => smtp.received.map((mail) => mail.to);

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Coinlens <no-reply@coinlens.test>', 5_000);
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const message = (to: string) => ({ to, subject: 'Code', text: '123456', html: '<p>123456</p>' });

  it('delivers to a bare address, and only to it', async () => {
    await mailer.send(message('user@example.org'));
    expect(delivered()).toEqual([['user@example.org']]);
  });

  it.each([
    'x<victim@host.test>',
    '"Support" <victim@host.test>',
    'user@example.org, victim@host.test',
    'user@example.org;victim@host.test',
    'victim@host.test (comment)',
    'user@example.org\r\nBcc: victim@host.test',
    'group: victim@host.test;',
    '',
  ])('refuses %j without sending anything', async (to) => {
    await expect(mailer.send(message(to))).rejects.toThrow(/not a bare email address/);
    expect(delivered()).toEqual([]);
  });
});

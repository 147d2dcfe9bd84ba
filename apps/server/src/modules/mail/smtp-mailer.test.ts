import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SmtpMailer } from './smtp-mailer.js';

/** The envelope recipients of each message the local SMTP server accepted. */
let delivered: string[][] = [];

describe('SmtpMailer recipients', () => {
  let smtp: SMTPServer;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Coinlens <no-reply@coinlens.test>', 5_000);
  });
  afterAll(async () => {
    mailer.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(() => {
    delivered = [];
  });

  const message = (to: string) => ({ to, subject: 'Code', text: '123456', html: '<p>123456</p>' });

  it('delivers to a bare address, and only to it', async () => {
    await mailer.send(message('user@example.org'));
    expect(delivered).toEqual([['user@example.org']]);
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
    expect(delivered).toEqual([]);
  });
});

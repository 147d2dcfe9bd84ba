import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';

import { DevOutboxMailer } from './dev-outbox-mailer.js';
import type { MailMessage } from './mailer.js';
import type { OutboxRepository } from './outbox.repository.js';

function outboxMailer() {
  const stored: string[] = [];
  const outbox = { store: (message: MailMessage) => Promise.resolve(void stored.push(message.to)) };
  const log = { info: () => undefined } as unknown as FastifyBaseLogger;
  return { stored, mailer: new DevOutboxMailer(outbox as unknown as OutboxRepository, log) };
}

const message = (to: string) => ({ to, subject: 'Code', text: '123456', html: '<p>123456</p>' });

describe('DevOutboxMailer recipients', () => {
  it('keeps mail to a bare address', async () => {
    const { stored, mailer } = outboxMailer();
    await mailer.send(message('User@Example.org'));
    expect(stored).toEqual(['user@example.org']);
  });

  it('refuses what is not one bare address, as the SMTP mailer does', async () => {
    const { stored, mailer } = outboxMailer();
    await expect(mailer.send(message('x<victim@host.test>'))).rejects.toThrow(/not a bare email address/);
    await expect(mailer.send(message('a@b.test, victim@host.test'))).rejects.toThrow(
      /not a bare email address/,
    );
    expect(stored).toEqual([]);
  });
});

import type { FastifyBaseLogger } from 'fastify';

import { bareRecipient } from './bare-recipient.js';
import type { MailMessage, Mailer } from './mailer.js';
import type { OutboxRepository } from './outbox.repository.js';

/** Keeps mail in the database and prints it to the log, so sign-up works offline (read it at /dev/outbox). */
export class DevOutboxMailer implements Mailer {
  readonly kind = 'dev-outbox';

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.outbox.store({ ...message, to: bareRecipient(message.to).toLowerCase() }, Date.now());
    this.log.info({ to: message.to, subject: message.subject }, `dev outbox:\n${message.text}`);
  }
}

import { createRequire } from 'node:module';

import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

import { bareRecipient } from './bare-recipient.js';
import type { MailMessage, Mailer } from './mailer.js';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  /**
   * `timeoutMs` bounds each step of a send (connecting, the greeting, any wait on the socket): nodemailer's own
   * defaults are 2 min, 30 s and 10 min, long enough for a black-holed mail server to hold a send for minutes.
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs: number,
  ) {
    // Loaded here, not on import: the dev outbox (the default) never needs nodemailer's code.
    const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const to = bareRecipient(message.to);
    await this.transport.sendMail({
      from: this.from,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  close(): void {
    this.transport.close();
  }
}

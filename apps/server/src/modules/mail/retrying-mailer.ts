import type { FastifyBaseLogger } from 'fastify';

import type { MailMessage, Mailer } from './mailer.js';

export interface MailRetryPolicy {
  /** Wait before the first retry; each later one waits twice as long as the one before. */
  firstRetryMs: number;
  /** A mail still not sent this long after it was handed over is given up (a code in it has expired). */
  giveUpAfterMs: number;
  /** Mails waiting for a retry at most; a new failure beyond it is given up at once (memory stays bounded). */
  maxQueued: number;
}

/** A sign-up or reset code is valid ten minutes: a mail later than that is of no use. */
export const DEFAULT_GIVE_UP_AFTER_MS = 10 * 60_000;
export const DEFAULT_MAX_QUEUED = 1_000;

interface QueuedMail {
  message: MailMessage;
  firstTriedAt: number;
  nextDelayMs: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps a mail the mail server did not take and tries it again with a doubling delay, so an SMTP outage delays
 * sign-up and reset codes instead of losing them. `send` settles once the mail is sent or queued; callers never
 * wait on a retry. The queue is in memory: a restart during an outage loses what it held (logged on failure).
 */
export class RetryingMailer implements Mailer {
  readonly kind: Mailer['kind'];
  private readonly queued = new Set<QueuedMail>();

  constructor(
    private readonly inner: Mailer,
    private readonly policy: MailRetryPolicy,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.kind = inner.kind;
  }

  /** Mails waiting for a retry. */
  get waiting(): number {
    return this.queued.size;
  }

  async send(message: MailMessage): Promise<void> {
    const firstTriedAt = this.now();
    try {
      await this.inner.send(message);
    } catch (error) {
      if (this.queued.size >= this.policy.maxQueued) throw error;
      this.retryLater({ message, firstTriedAt, nextDelayMs: this.policy.firstRetryMs, timer: null }, error);
    }
  }

  /** Drops the waiting mails (the server is stopping). */
  stop(): void {
    for (const mail of this.queued) if (mail.timer) clearTimeout(mail.timer);
    if (this.queued.size > 0) this.log.error({ dropped: this.queued.size }, 'mail queue dropped at stop');
    this.queued.clear();
  }

  private retryLater(mail: QueuedMail, error: unknown): void {
    const age = this.now() - mail.firstTriedAt;
    if (age + mail.nextDelayMs > this.policy.giveUpAfterMs) {
      this.queued.delete(mail);
      this.log.error({ err: error, subject: mail.message.subject }, 'mail given up after retries');
      return;
    }
    this.queued.add(mail);
    this.log.warn({ err: error, retryInMs: mail.nextDelayMs }, 'mail not sent; retrying');
    mail.timer = setTimeout(() => void this.retry(mail), mail.nextDelayMs);
    mail.timer.unref();
  }

  private async retry(mail: QueuedMail): Promise<void> {
    mail.timer = null;
    try {
      await this.inner.send(mail.message);
      this.queued.delete(mail);
      this.log.info({ subject: mail.message.subject }, 'mail sent on retry');
    } catch (error) {
      mail.nextDelayMs *= 2;
      this.retryLater(mail, error);
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { DevOutboxMailer } from './dev-outbox-mailer.js';
import { mailDeliveryWarning } from './mail-delivery-warning.js';
import type { Mailer } from './mailer.js';
import { OutboxRepository } from './outbox.repository.js';
import { DEFAULT_GIVE_UP_AFTER_MS, DEFAULT_MAX_QUEUED, RetryingMailer } from './retrying-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export interface MailRuntime {
  mailer: Mailer;
  /** Set when the dev outbox pages are switched on (DEV_OUTBOX=true, no SMTP_URL). */
  outbox: OutboxRepository | null;
  /** Stops the retry queue and closes the SMTP connection. */
  stop(): void;
}

/** Mail, built once by the composition root: SMTP behind a retry queue, else the dev outbox in the database. */
export function createMailRuntime(deps: {
  config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'SMTP_TIMEOUT_MS' | 'SMTP_RETRY_MS' | 'DEV_OUTBOX'>;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): MailRuntime {
  const { config, log } = deps;
  const outboxRepository = new OutboxRepository(deps.db);
  const smtp = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, config.SMTP_TIMEOUT_MS)
    : null;
  const smtpQueue = smtp
    ? new RetryingMailer(
        smtp,
        {
          firstRetryMs: config.SMTP_RETRY_MS,
          giveUpAfterMs: DEFAULT_GIVE_UP_AFTER_MS,
          maxQueued: DEFAULT_MAX_QUEUED,
        },
        log,
      )
    : null;
  const warning = mailDeliveryWarning(config);
  if (warning) log.warn(warning);
  return {
    mailer: smtpQueue ?? new DevOutboxMailer(outboxRepository, log),
    outbox: config.DEV_OUTBOX && !config.SMTP_URL ? outboxRepository : null,
    stop: () => {
      smtpQueue?.stop();
      smtp?.close();
    },
  };
}

import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../db/database.js';
import { MemoryAttemptLimiter } from '../../security/attempt-limiter.js';
import {
  createTestDatabase,
  TEST_DIALECTS,
  openAnotherInstance,
} from '../../../test/support/test-databases.js';
import type { TestDatabase } from '../../../test/support/test-databases.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { EmailCodeRepository } from './email-code.repository.js';
import { EMAIL_CODE_RULES, EmailCodeService } from './email-code.service.js';

const EMAIL = 'owner@example.org';
const DEVICE = 'device-of-the-owner';
const KEY = Buffer.alloc(32, 7);
const GUESSES = 28;
const RIGHT_AT = 19;

/** Two server instances on one database: each its own connection (pool), repository and service. */
async function twoInstances(
  database: TestDatabase,
): Promise<{ services: EmailCodeService[]; mails: MailMessage[]; handles: DatabaseHandle[] }> {
  const mails: MailMessage[] = [];
  const mailer: Mailer = { kind: 'dev-outbox', send: (message) => Promise.resolve(void mails.push(message)) };
  const second = await openAnotherInstance(database);
  const handles = [database.handle, second];
  const services = handles.map(
    (handle) =>
      new EmailCodeService(
        new EmailCodeRepository(handle.db, handle.dialect),
        new MemoryAttemptLimiter(),
        mailer,
        KEY,
        pino({ level: 'silent' }),
      ),
  );
  return { services, mails, handles };
}

describe.each(TEST_DIALECTS)('guessing an email code concurrently on %s', (dialect) => {
  let database: TestDatabase | null = null;
  let extra: DatabaseHandle | null = null;
  afterEach(async () => {
    await extra?.close();
    await database?.dispose();
    database = extra = null;
  });

  it(`gives ${GUESSES} concurrent guesses over two instances at most ${EMAIL_CODE_RULES.maxWrongGuesses} comparisons`, async () => {
    database = await createTestDatabase(dialect);
    const { services, mails, handles } = await twoInstances(database);
    extra = handles[1] ?? null;
    const [first] = services;
    await first!.send({
      email: EMAIL,
      purpose: 'reset_password',
      ip: '203.0.113.7',
      deviceId: DEVICE,
      language: 'en',
      deliver: true,
    });
    const code = /\b\d{6}\b/.exec(mails[0]?.text ?? '')?.[0];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const outcomes = await Promise.allSettled(
      Array.from({ length: GUESSES }, (_, index) =>
        services[index % services.length]!.consume(
          EMAIL,
          'reset_password',
          index === RIGHT_AT ? code! : wrong,
          DEVICE,
          '203.0.113.7',
        ),
      ),
    );

    const row = await database.handle.db
      .selectFrom('email_codes')
      .select(['attempts', 'consumed_at'])
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    // Every comparison claims an attempt first, so the count is the number of comparisons made.
    expect(row.attempts).toBeLessThanOrEqual(EMAIL_CODE_RULES.maxWrongGuesses);
    expect(row.consumed_at).not.toBeNull();
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeLessThanOrEqual(1);
  });
});

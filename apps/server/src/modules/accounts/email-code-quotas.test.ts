import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../db/database.js';
import { TooManyAttempts } from '../../gateway/procedure-failure.js';
import { MemoryAttemptLimiter } from '../../security/attempt-limiter.js';
import {
  createTestDatabase,
  TEST_DIALECTS,
  openAnotherInstance,
} from '../../../test/support/test-databases.js';
import type { TestDatabase } from '../../../test/support/test-databases.js';
import type { Mailer } from '../mail/mailer.js';
import { EmailCodeRepository } from './email-code.repository.js';
import { EMAIL_CODE_RULES, EmailCodeService, type CodeRequest } from './email-code.service.js';

const EMAIL = 'owner@example.org';
const KEY = Buffer.alloc(32, 7);
const mailer: Mailer = { kind: 'dev-outbox', send: () => Promise.resolve() };
const log = pino({ level: 'silent' });

function request(ip: string, deviceId = 'device-1'): CodeRequest {
  return { email: EMAIL, purpose: 'reset_password', ip, deviceId, language: 'en', deliver: true };
}

async function sendsMade(database: TestDatabase): Promise<number> {
  const rows = await database.handle.db.selectFrom('email_codes').select('id').execute();
  return rows.length;
}

/**
 * Two instances on one database (PostgreSQL: a process with a single SQLite connection is one instance), each
 * with its own connection and its own memory limiter, so only the database can hold the quota between them.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'the email-code send quota across two instances on %s',
  (dialect) => {
    let database: TestDatabase | null = null;
    let second: DatabaseHandle | null = null;
    afterEach(async () => {
      await second?.close();
      await database?.dispose();
      database = second = null;
    });

    async function twoInstances(): Promise<EmailCodeService[]> {
      database = await createTestDatabase(dialect);
      second = await openAnotherInstance(database);
      return [database.handle, second].map(
        (handle) =>
          new EmailCodeService(
            new EmailCodeRepository(handle.db, handle.dialect),
            new MemoryAttemptLimiter(),
            mailer,
            KEY,
            log,
          ),
      );
    }

    it('sends one code to 12 concurrent requests from one address (one a minute)', async () => {
      const services = await twoInstances();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, index) => services[index % 2]!.send(request('203.0.113.7'))),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await sendsMade(database!)).toBe(1);
    });

    it(`sends ${EMAIL_CODE_RULES.perEmailLimit} codes to 16 concurrent requests from 16 addresses (per email)`, async () => {
      const services = await twoInstances();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 16 }, (_, index) =>
          services[index % 2]!.send(request(`198.51.100.${index + 1}`, `device-${index}`)),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(
        EMAIL_CODE_RULES.perEmailLimit,
      );
      expect(await sendsMade(database!)).toBe(EMAIL_CODE_RULES.perEmailLimit);
    });
  },
);

describe.each(TEST_DIALECTS)('email-code quotas per caller address on %s', (dialect) => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.dispose();
    database = null;
  });

  async function service(): Promise<EmailCodeService> {
    database = await createTestDatabase(dialect);
    return new EmailCodeService(
      new EmailCodeRepository(database.handle.db, database.handle.dialect),
      new MemoryAttemptLimiter(),
      mailer,
      KEY,
      log,
    );
  }

  it(`spends ${EMAIL_CODE_RULES.guessesPerAddressPerDay} guesses a day per address (IPv6 by /64), at any code`, async () => {
    const codes = await service();
    const guess = (ip: string, email: string) => codes.consume(email, 'register', '000000', 'device-1', ip);
    for (let index = 0; index < EMAIL_CODE_RULES.guessesPerAddressPerDay; index++) {
      // No code was sent: each guess is wrong, at a different email each time, from one /64.
      await expect(
        guess(`2001:db8:7:7::${(index + 1).toString(16)}`, `e${index}@example.org`),
      ).rejects.toThrow(/verification_code_error|code/);
    }
    await expect(guess('2001:db8:7:7:ffff::1', 'fresh@example.org')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(guess('2001:db8:7:8::1', 'fresh@example.org')).rejects.not.toBeInstanceOf(TooManyAttempts);
  });

  it('counts the sends of one IPv6 /64 as one requester', async () => {
    const codes = await service();
    await codes.send(request('2001:db8:5:5::1'));
    await expect(codes.send(request('2001:db8:5:5::2'))).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(codes.send(request('2001:db8:5:6::1'))).resolves.toBeDefined();
  });
});

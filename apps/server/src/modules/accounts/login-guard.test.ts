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
import { LoginEventRepository } from './login-event.repository.js';
import { LOGIN_RULES, LoginGuard, type LoginAttempt } from './login-guard.js';

const EMAIL = 'owner@example.org';

function attempt(ip: string): LoginAttempt {
  return { emailKey: EMAIL, userId: 1, ip, device: 'test', knownDeviceId: null, countFailuresFrom: 0 };
}

/** Wrong passwords: each admitted check settles as a failure; answers how many were admitted. */
async function wrongPasswords(guards: readonly LoginGuard[], count: number): Promise<number> {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, async (_, index) => {
      // A fresh address each time, so only the per-account count can refuse.
      const check = await guards[index % guards.length]!.admit(attempt(`10.${index >> 8}.${index & 255}.1`));
      await check.settle(false);
    }),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TooManyAttempts);
  }
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

describe.each(TEST_DIALECTS)('the login guard on %s', (dialect) => {
  let database: TestDatabase | null = null;
  let second: DatabaseHandle | null = null;
  afterEach(async () => {
    await second?.close();
    await database?.dispose();
    database = second = null;
  });

  function guardOn(handle: DatabaseHandle): LoginGuard {
    return new LoginGuard(new LoginEventRepository(handle.db, handle.dialect), new MemoryAttemptLimiter());
  }

  it(`checks at most ${LOGIN_RULES.accountFailureLimit} of 130 concurrent wrong passwords for one account`, async () => {
    database = await createTestDatabase(dialect);
    const guards = [guardOn(database.handle)];
    if (dialect === 'postgres') {
      // A second instance: its own connection and its own memory limiter; only the database is shared.
      second = await openAnotherInstance(database);
      guards.push(guardOn(second));
    }
    expect(await wrongPasswords(guards, 130)).toBe(LOGIN_RULES.accountFailureLimit);
  });

  it('records a right password as a success, which the failure count leaves out', async () => {
    database = await createTestDatabase(dialect);
    const guard = guardOn(database.handle);
    const check = await guard.admit(attempt('192.0.2.1'));
    await check.settle(true);
    const rows = await database.handle.db.selectFrom('login_events').select(['success', 'ip']).execute();
    expect(rows).toEqual([{ success: 1, ip: '192.0.2.1' }]);
  });

  it('counts the attempts of one IPv6 /64 as one address', async () => {
    database = await createTestDatabase(dialect);
    const guard = guardOn(database.handle);
    for (let index = 1; index <= LOGIN_RULES.ipAttemptLimit; index++) {
      const check = await guard.admit({
        ...attempt(`2001:db8:9:9::${index.toString(16)}`),
        emailKey: `e${index}`,
      });
      await check.settle(false);
    }
    await expect(guard.admit(attempt('2001:db8:9:9:abcd::1'))).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(guard.admit(attempt('2001:db8:9:a::1'))).resolves.toBeDefined();
  });
});

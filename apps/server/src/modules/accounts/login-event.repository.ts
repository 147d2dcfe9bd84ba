import type { Kysely } from 'kysely';

import type { DialectName } from '../../db/database.js';
import { lockKeyForTransaction } from '../../db/key-lock.js';
import type { Database } from '../../db/schema.js';

export interface LoginEvent {
  emailKey: string;
  userId: number | null;
  success: boolean;
  ip: string;
  device: string;
  at: number;
}

/** A password check claimed (its event's id), or refused with the times of the failures that fill the limit. */
export type CheckClaim = { claimed: number } | { failures: number[] };

function rowOf(event: LoginEvent) {
  return {
    email_key: event.emailKey,
    user_id: event.userId,
    success: event.success ? 1 : 0,
    ip: event.ip,
    device: event.device,
    at: event.at,
  };
}

export class LoginEventRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Records `event` and answers its id. */
  async record(event: LoginEvent): Promise<number> {
    const row = await this.db
      .insertInto('login_events')
      .values(rowOf(event))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Records a password check about to run (`event`, a failure until `settle` says otherwise) if the account
   * has had fewer than `limit` failures since `since`. The count and the record run under one lock per
   * account, so concurrent checks on every instance get at most `limit` failures between them (counting,
   * comparing and only then recording let a whole burst past the count); a check that never settles stays a
   * failure.
   */
  claimCheck(event: LoginEvent, since: number, limit: number): Promise<CheckClaim> {
    return this.db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, this.dialect, `login-failures:${event.emailKey}`);
      const rows = await trx
        .selectFrom('login_events')
        .select('at')
        .where('email_key', '=', event.emailKey)
        .where('success', '=', 0)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      if (rows.length >= limit) return { failures: rows.map((row) => row.at).reverse() };
      const claimed = await trx
        .insertInto('login_events')
        .values(rowOf({ ...event, success: false }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return { claimed: claimed.id };
    });
  }

  /** The outcome of a claimed check: a success is recorded as one; a failure stays as claimed. */
  async settle(id: number, succeeded: boolean): Promise<void> {
    if (!succeeded) return;
    await this.db.updateTable('login_events').set({ success: 1 }).where('id', '=', id).execute();
  }

  /** Removes a claimed check that is no login (a password change whose original password was right). */
  async withdraw(id: number): Promise<void> {
    await this.db.deleteFrom('login_events').where('id', '=', id).execute();
  }

  async recentForUser(userId: number, limit: number): Promise<LoginEvent[]> {
    const rows = await this.db
      .selectFrom('login_events')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      emailKey: row.email_key,
      userId: row.user_id,
      success: row.success === 1,
      ip: row.ip,
      device: row.device,
      at: row.at,
    }));
  }
}

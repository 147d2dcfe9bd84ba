import type { Kysely, Selectable } from 'kysely';

import type { DialectName } from '../../db/database.js';
import { lockKeyForTransaction } from '../../db/key-lock.js';
import type { Database, EmailCodeTable } from '../../db/schema.js';

export type EmailCodeRow = Selectable<EmailCodeTable>;

export interface NewEmailCode {
  email: string;
  purpose: string;
  codeHash: string;
  ip: string;
  deviceId: string;
  at: number;
  expiresAt: number;
}

/** One code sent: when, and to which caller address's request. */
export interface CodeSend {
  at: number;
  ip: string;
}

/** The send quota of an email: which of its sends count, and a check that throws when this one may not go. */
export interface SendQuota {
  countSince: number;
  admit(sent: readonly CodeSend[]): void;
}

export class EmailCodeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Issues a code if the email's send quota allows it, and retires the earlier live codes of the same email,
   * purpose and device only: another device's request never retires the code in the owner's mailbox. The
   * quota is read and the code inserted under one lock per email, so concurrent sends on any instance are
   * counted one after the other (a count and a separate insert let a whole burst through on the first count).
   */
  async issue(code: NewEmailCode, quota: SendQuota): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, this.dialect, `email-code-send:${code.email}`);
      const rows = await trx
        .selectFrom('email_codes')
        .select(['created_at', 'ip'])
        .where('email', '=', code.email)
        .where('created_at', '>', quota.countSince)
        .orderBy('created_at', 'asc')
        .execute();
      quota.admit(rows.map((row) => ({ at: row.created_at, ip: row.ip })));
      await trx
        .updateTable('email_codes')
        .set({ consumed_at: code.at })
        .where('email', '=', code.email)
        .where('purpose', '=', code.purpose)
        .where('device_id', '=', code.deviceId)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('email_codes')
        .values({
          email: code.email,
          purpose: code.purpose,
          code_hash: code.codeHash,
          ip: code.ip,
          device_id: code.deviceId,
          created_at: code.at,
          expires_at: code.expiresAt,
          consumed_at: null,
        })
        .execute();
    });
  }

  /** The newest live code of `email` and `purpose` that `deviceId` asked for. */
  findLive(email: string, purpose: string, deviceId: string, now: number): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('device_id', '=', deviceId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Claims one guess at a live code in a single statement, before the comparison: concurrent guesses, on one
   * instance or several, get at most `maxGuesses` comparisons between them (a read, a compare and a separate
   * count let a whole burst through on the first read). Undefined when the code has no guess left, expired or
   * was used.
   */
  claimGuess(
    id: number,
    maxGuesses: number,
    now: number,
  ): Promise<Pick<EmailCodeRow, 'code_hash' | 'attempts'> | undefined> {
    return this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxGuesses)
      .returning(['code_hash', 'attempts'])
      .executeTakeFirst();
  }

  /** Retires the code (used, or out of guesses); false when a parallel request retired it first. */
  async consume(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

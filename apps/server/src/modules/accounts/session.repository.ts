import type { Kysely, Selectable } from 'kysely';

import type { Database, SessionTable, UserStatus } from '../../db/schema.js';

export type SessionRow = Selectable<SessionTable>;

export interface SessionWithUser extends SessionRow {
  user_status: UserStatus;
  nickname: string;
}

export interface RefreshTokenRow {
  tokenHash: string;
  sessionId: string;
  issuedAt: number;
  usedAt: number | null;
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: SessionRow, firstTokenHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values(session).execute();
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: firstTokenHash,
          session_id: session.id,
          issued_at: session.created_at,
          used_at: null,
        })
        .execute();
    });
  }

  findWithUser(sessionId: string): Promise<SessionWithUser | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .select(['users.status as user_status', 'users.nickname as nickname'])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        sessionId: row.session_id,
        issuedAt: row.issued_at,
        usedAt: row.used_at,
      }
    );
  }

  /**
   * Spends `tokenHash` and records its successor in one transaction. False when another request spent it first.
   */
  async rotate(sessionId: string, tokenHash: string, successorHash: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: successorHash, session_id: sessionId, issued_at: at, used_at: null })
        .execute();
      await trx.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
      return true;
    });
  }

  async revoke(sessionId: string, reason: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every live session of the user except `keepSessionId`; returns how many ended. */
  async revokeAllForUser(
    userId: number,
    reason: string,
    at: number,
    keepSessionId: string | null,
  ): Promise<number> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async revokeSome(
    userId: number,
    sessionIds: readonly string[],
    reason: string,
    at: number,
  ): Promise<number> {
    if (sessionIds.length === 0) return 0;
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('id', 'in', sessionIds)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Whether `deviceId` holds a live (unrevoked, unexpired) session of the user started after `startedAfter`.
   * Revoked sessions do not count: logging out, a reset or a refresh-reuse revocation forgets the device.
   */
  async hasLiveSessionOnDevice(
    userId: number,
    deviceId: string,
    now: number,
    startedAfter: number,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('created_at', '>', startedAfter)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  liveForUser(userId: number, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .execute();
  }
}

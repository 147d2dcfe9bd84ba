import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';

export interface LoginEvent {
  emailKey: string;
  userId: number | null;
  success: boolean;
  ip: string;
  device: string;
  at: number;
}

export class LoginEventRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(event: LoginEvent): Promise<void> {
    await this.db
      .insertInto('login_events')
      .values({
        email_key: event.emailKey,
        user_id: event.userId,
        success: event.success ? 1 : 0,
        ip: event.ip,
        device: event.device,
        at: event.at,
      })
      .execute();
  }

  /** Failed password checks for one account since `since`, oldest first (only their times). */
  async failuresSince(emailKey: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('login_events')
      .select('at')
      .where('email_key', '=', emailKey)
      .where('success', '=', 0)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.at).reverse();
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

import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';

import type { ApiKeyTable, Database } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** Usage of one key: today's calls and all of them. */
export interface KeyUsage {
  today: number;
  total: number;
}

/** Open API keys and their usage per UTC day. */
export class ApiKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(key: { userId: number; label: string; secretHash: string; hint: string }, now: number) {
    const row = await this.db
      .insertInto('api_keys')
      .values({
        user_id: key.userId,
        label: key.label,
        secret_hash: key.secretHash,
        hint: key.hint,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The owner's live keys, oldest first. */
  listLive(userId: number): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** True when the key was the owner's and live. */
  async revoke(userId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A live key by the hash of its secret. */
  findLive(secretHash: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('secret_hash', '=', secretHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Adds counted calls to each key's day and moves its last use forward. */
  async addUsage(counts: ReadonlyMap<number, number>, day: string, now: number): Promise<void> {
    if (counts.size === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [keyId, calls] of counts) {
        await trx
          .insertInto('api_key_usage')
          .values({ key_id: keyId, day, calls })
          .onConflict((conflict) =>
            conflict
              .columns(['key_id', 'day'])
              .doUpdateSet({ calls: sql<number>`api_key_usage.calls + ${calls}` }),
          )
          .execute();
        await trx.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
      }
    });
  }

  async usage(keyIds: readonly number[], day: string): Promise<Map<number, KeyUsage>> {
    const usage = new Map<number, KeyUsage>(keyIds.map((id) => [id, { today: 0, total: 0 }]));
    if (keyIds.length === 0) return usage;
    const rows = await this.db
      .selectFrom('api_key_usage')
      .select(['key_id', 'day', 'calls'])
      .where('key_id', 'in', keyIds)
      .execute();
    for (const row of rows) {
      const entry = usage.get(row.key_id)!;
      entry.total += Number(row.calls);
      if (row.day === day) entry.today += Number(row.calls);
    }
    return usage;
  }
}

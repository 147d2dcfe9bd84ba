import { ErrorCode, FOLLOW_LIMIT } from '@coinlens/contract';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';

import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ProcedureFailure } from '../../gateway/procedure-failure.js';

export type WatchKind = 'coins' | 'exchanges';

const STORAGE: Readonly<Record<WatchKind, { table: string; column: string }>> = {
  coins: { table: 'watch_coins', column: 'coin_id' },
  exchanges: { table: 'watch_exchanges', column: 'exchange_id' },
};

/**
 * A user's ordered watch list of coins or exchanges, at most FOLLOW_LIMIT items. Every change runs in one
 * transaction that first locks the user's row (PostgreSQL) — SQLite runs one transaction at a time anyway —
 * so concurrent adds can never push a list past the limit.
 */
export class WatchlistRepository {
  private readonly table: string;
  private readonly column: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    kind: WatchKind,
  ) {
    ({ table: this.table, column: this.column } = STORAGE[kind]);
  }

  list(userId: number): Promise<string[]> {
    return this.read(this.db, userId);
  }

  /** Who follows an item (for alerts about it). */
  async followers(id: string): Promise<number[]> {
    const { rows } = await sql<{
      user_id: number;
    }>`select user_id from ${sql.table(this.table)} where ${sql.ref(this.column)} = ${id}`.execute(this.db);
    return rows.map((row) => Number(row.user_id));
  }

  /** Adds every id or none: 3009 when the list would pass the limit. Ids already present are kept in place. */
  add(userId: number, ids: readonly string[], at: number): Promise<string[]> {
    return this.locked(userId, async (trx, current) => {
      const fresh = [...new Set(ids)].filter((id) => !current.includes(id));
      if (current.length + fresh.length > FOLLOW_LIMIT) throw new ProcedureFailure(ErrorCode.LimitExceeded);
      for (const [offset, id] of fresh.entries()) {
        await sql`insert into ${sql.table(this.table)} (user_id, ${sql.ref(this.column)}, position, created_at) values (${userId}, ${id}, ${current.length + offset}, ${at})`.execute(
          trx,
        );
      }
      return [...current, ...fresh];
    });
  }

  remove(userId: number, ids: readonly string[]): Promise<string[]> {
    return this.locked(userId, async (trx, current) => {
      const removing = current.filter((id) => ids.includes(id));
      if (removing.length > 0) {
        await sql`delete from ${sql.table(this.table)} where user_id = ${userId} and ${sql.ref(this.column)} in (${sql.join(removing)})`.execute(
          trx,
        );
      }
      return current.filter((id) => !removing.includes(id));
    });
  }

  /** Sets the order; `ids` must be exactly the current items. */
  reorder(userId: number, ids: readonly string[]): Promise<string[]> {
    return this.locked(userId, async (trx, current) => {
      const same =
        ids.length === current.length &&
        new Set(ids).size === ids.length &&
        ids.every((id) => current.includes(id));
      if (!same)
        throw new ProcedureFailure(
          ErrorCode.ParameterInvalid,
          this.column === 'coin_id' ? 'coin_ids' : 'exchange_ids',
        );
      for (const [position, id] of ids.entries()) {
        await sql`update ${sql.table(this.table)} set position = ${position} where user_id = ${userId} and ${sql.ref(this.column)} = ${id}`.execute(
          trx,
        );
      }
      return [...ids];
    });
  }

  private async read(executor: Kysely<Database> | Transaction<Database>, userId: number): Promise<string[]> {
    const result = await sql<{
      item: string;
    }>`select ${sql.ref(this.column)} as item from ${sql.table(this.table)} where user_id = ${userId} order by position asc, created_at asc`.execute(
      executor,
    );
    return result.rows.map((row) => row.item);
  }

  private locked<T>(
    userId: number,
    change: (trx: Transaction<Database>, current: string[]) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres')
        await sql`select id from users where id = ${userId} for update`.execute(trx);
      return change(trx, await this.read(trx, userId));
    });
  }
}

import { sql, type Kysely, type Selectable } from 'kysely';

import type { Database, InboxCategory, InboxMessageTable } from '../../db/schema.js';

export type InboxMessageRow = Selectable<InboxMessageTable> & { read: boolean };

export interface NewInboxMessage {
  /** null: every user. */
  userId: number | null;
  category: InboxCategory;
  titleI18n: string;
  bodyI18n: string;
  link: string | null;
  dedupeKey: string | null;
}

/** Messages to one user or to everyone, and who has read which. */
export class InboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message; null when one with the same dedupe key exists. */
  async insert(message: NewInboxMessage, now: number): Promise<number | null> {
    const row = await this.db
      .insertInto('inbox_messages')
      .values({
        user_id: message.userId,
        category: message.category,
        title_i18n: message.titleI18n,
        body_i18n: message.bodyI18n,
        link: message.link,
        dedupe_key: message.dedupeKey,
        created_at: now,
        retracted_at: null,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** What one user sees: their own messages and broadcasts sent after they joined, not retracted. */
  private visibleTo(userId: number, joinedAt: number) {
    return this.db
      .selectFrom('inbox_messages')
      .leftJoin('inbox_reads', (join) =>
        join.onRef('inbox_reads.message_id', '=', 'inbox_messages.id').on('inbox_reads.user_id', '=', userId),
      )
      .where('inbox_messages.retracted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('inbox_messages.user_id', '=', userId),
          eb.and([eb('inbox_messages.user_id', 'is', null), eb('inbox_messages.created_at', '>=', joinedAt)]),
        ]),
      );
  }

  async page(
    userId: number,
    joinedAt: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: InboxMessageRow[]; total: number }> {
    const visible = this.visibleTo(userId, joinedAt);
    const [rows, count] = await Promise.all([
      visible
        .selectAll('inbox_messages')
        .select('inbox_reads.read_at')
        .orderBy('inbox_messages.created_at', 'desc')
        .orderBy('inbox_messages.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      visible.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map(({ read_at, ...row }) => ({ ...row, read: read_at !== null })),
      total: Number(count?.total ?? 0),
    };
  }

  async byId(userId: number, joinedAt: number, id: number): Promise<InboxMessageRow | null> {
    const row = await this.visibleTo(userId, joinedAt)
      .selectAll('inbox_messages')
      .select('inbox_reads.read_at')
      .where('inbox_messages.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { read_at, ...message } = row;
    return { ...message, read: read_at !== null };
  }

  async unreadCount(userId: number, joinedAt: number): Promise<number> {
    const row = await this.visibleTo(userId, joinedAt)
      .where('inbox_reads.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async markRead(userId: number, messageIds: readonly number[], now: number): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db
      .insertInto('inbox_reads')
      .values(messageIds.map((id) => ({ message_id: id, user_id: userId, read_at: now })))
      .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }

  async unreadIds(userId: number, joinedAt: number): Promise<number[]> {
    const rows = await this.visibleTo(userId, joinedAt)
      .where('inbox_reads.read_at', 'is', null)
      .select('inbox_messages.id')
      .execute();
    return rows.map((row) => row.id);
  }

  async joinedAt(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  async recent(limit: number): Promise<Selectable<InboxMessageTable>[]> {
    return this.db.selectFrom('inbox_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  async retract(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('inbox_messages')
      .set({ retracted_at: now })
      .where('id', '=', id)
      .where('retracted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Removes up to `limit` read marks of messages created before `before`. Done before the messages themselves:
   * a broadcast has one mark per reader, and removing it would otherwise take all of them in one statement.
   */
  async pruneReadsOfMessagesBefore(before: number, limit: number): Promise<number> {
    const batch = this.db
      .selectFrom('inbox_reads as read')
      .innerJoin('inbox_messages as message', 'message.id', 'read.message_id')
      .select(['read.message_id', 'read.user_id'])
      .where('message.created_at', '<', before)
      .limit(limit);
    const result = await this.db
      .deleteFrom('inbox_reads')
      // A row-value IN (SQLite 3.15+, PostgreSQL): the table's key is the pair.
      .where(sql<boolean>`(${sql.ref('message_id')}, ${sql.ref('user_id')}) in (${batch})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes up to `limit` messages created before `before`, oldest first (their read marks go with them). */
  async pruneMessagesBefore(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('inbox_messages')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('inbox_messages')
          .select('id')
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async userExists(userId: number): Promise<boolean> {
    return (await this.joinedAt(userId)) !== null;
  }
}

import type { Kysely, Selectable } from 'kysely';

import type { AlertFiringTable, Database } from '../../db/schema.js';

export type AlertFiringRow = Selectable<AlertFiringTable>;

/** The firings of alerts: the history the user reads, and which ones still await their inbox message. */
export class AlertFiringRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(
    userId: number,
    alertId: number | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: AlertFiringRow[]; total: number }> {
    let query = this.db.selectFrom('alert_firings').where('user_id', '=', userId);
    if (alertId !== undefined) query = query.where('alert_id', '=', alertId);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('fired_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  byId(id: number): Promise<AlertFiringRow | undefined> {
    return this.db.selectFrom('alert_firings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async delivered(id: number, messageId: number | null, at: number): Promise<void> {
    await this.db
      .updateTable('alert_firings')
      .set({ message_id: messageId, delivered_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** The inbox message already written under `dedupeKey` (a delivery repeated after a stop). */
  async messageIdByKey(dedupeKey: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('inbox_messages')
      .select('id')
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Removes up to `limit` firings older than `before`, oldest first; answers how many went. */
  async pruneFiredBefore(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('alert_firings')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alert_firings')
          .select('id')
          .where('fired_at', '<', before)
          .orderBy('fired_at')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Claimed since `since` but not delivered (the process stopped in between). */
  undelivered(since: number): Promise<AlertFiringRow[]> {
    return this.db
      .selectFrom('alert_firings')
      .selectAll()
      .where('delivered_at', 'is', null)
      .where('fired_at', '>=', since)
      .orderBy('id', 'asc')
      .execute();
  }
}

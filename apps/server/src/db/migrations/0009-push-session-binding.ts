import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Push subscriptions (issue 24): bound to the session they were registered in, so a signed-out device stops
 * receiving its user's pushes (finding 2), and counting failed deliveries in a row, so endpoints that keep
 * failing are pruned (finding 6). A subscription already bound to a user takes that user's newest live session on
 * the same device; without one it becomes a visitor's.
 */
export const pushSessionBindingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('push_subscriptions').addColumn('session_id', 'text').execute();
    await db.schema
      .alterTable('push_subscriptions')
      .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('push_subscriptions').addColumn('failing_since', 'bigint').execute();
    await sql`
      UPDATE push_subscriptions SET session_id = (
        SELECT sessions.id FROM sessions
        WHERE sessions.user_id = push_subscriptions.user_id
          AND sessions.device_id = push_subscriptions.device_id
          AND sessions.revoked_at IS NULL
        ORDER BY sessions.last_used_at DESC
        LIMIT 1
      )
      WHERE user_id IS NOT NULL`.execute(db);
    await sql`UPDATE push_subscriptions SET user_id = NULL WHERE session_id IS NULL`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['failing_since', 'failures', 'session_id'])
      await db.schema.alterTable('push_subscriptions').dropColumn(column).execute();
  },
};

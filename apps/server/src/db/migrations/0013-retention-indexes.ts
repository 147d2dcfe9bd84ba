import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the retention job (issue 35): it removes alert firings and inbox messages by age, oldest first, in
 * small batches, and each batch must find its rows without reading the whole table. (Deleted alerts are found
 * through `alerts_updated_idx`: deleting an alert sets `updated_at`, and nothing writes a deleted alert again.)
 */
export const retentionIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('alert_firings_fired_idx').on('alert_firings').column('fired_at').execute();
    await db.schema
      .createIndex('inbox_messages_created_idx')
      .on('inbox_messages')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('inbox_messages_created_idx').execute();
    await db.schema.dropIndex('alert_firings_fired_idx').execute();
  },
};

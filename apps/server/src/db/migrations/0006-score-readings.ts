import type { Kysely, Migration } from 'kysely';

import { isPostgres } from './portable-columns.js';

/**
 * Each coin's first score reading of every hour, so "why it moved since yesterday" and the 30-day score history
 * survive a restart. `detail` (components, flags, corroboration figures as JSON) is kept for the last day only.
 */
export const scoreReadingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const float = isPostgres(db) ? 'double precision' : 'real';
    await db.schema
      .createTable('score_readings')
      .addColumn('coin_id', 'text', (column) => column.notNull())
      .addColumn('time', 'bigint', (column) => column.notNull())
      .addColumn('score', float, (column) => column.notNull())
      .addColumn('detail', 'text')
      .addPrimaryKeyConstraint('score_readings_pk', ['coin_id', 'time'])
      .execute();
    await db.schema.createIndex('score_readings_time_idx').on('score_readings').column('time').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('score_readings').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

import { isPostgres, withIdColumn } from './portable-columns.js';

/**
 * Alerts (issue 25): each user's price, change, score and integrity-flag alerts, soft-deleted so the leader's
 * index can follow deletes made on any instance by polling `updated_at`; and their firings, each claimed once by
 * its (alert, sequence) key before it is delivered.
 */
export const alertsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const float = isPostgres(db) ? 'double precision' : 'real';
    await withIdColumn(db, db.schema.createTable('alerts'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('coin_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', float)
      .addColumn('currency', 'text')
      .addColumn('change_window', 'text')
      .addColumn('repeat', 'text', (c) => c.notNull())
      .addColumn('cooldown_minutes', 'integer')
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_fired_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('alerts_user_idx').on('alerts').columns(['user_id', 'deleted_at']).execute();
    await db.schema.createIndex('alerts_updated_idx').on('alerts').columns(['updated_at']).execute();

    await withIdColumn(db, db.schema.createTable('alert_firings'))
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('coin_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', float)
      .addColumn('currency', 'text')
      .addColumn('change_window', 'text')
      .addColumn('observed', float)
      .addColumn('flag', 'text')
      .addColumn('fired_at', 'bigint', (c) => c.notNull())
      .addColumn('message_id', 'integer')
      .addColumn('delivered_at', 'bigint')
      .addUniqueConstraint('alert_firings_claim_uq', ['alert_id', 'sequence'])
      .execute();
    await db.schema
      .createIndex('alert_firings_user_idx')
      .on('alert_firings')
      .columns(['user_id', 'fired_at'])
      .execute();
    await db.schema
      .createIndex('alert_firings_undelivered_idx')
      .on('alert_firings')
      .columns(['delivered_at', 'fired_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('alert_firings').execute();
    await db.schema.dropTable('alerts').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

import { isPostgres } from './portable-columns.js';

/** Candles by resolution and the per-user, ordered watch lists of coins and exchanges. */
export const marketMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const float = isPostgres(db) ? 'double precision' : 'real';
    await db.schema
      .createTable('candles')
      .addColumn('coin_id', 'text', (column) => column.notNull())
      .addColumn('resolution', 'text', (column) => column.notNull())
      .addColumn('time', 'bigint', (column) => column.notNull())
      .addColumn('open', float, (column) => column.notNull())
      .addColumn('high', float, (column) => column.notNull())
      .addColumn('low', float, (column) => column.notNull())
      .addColumn('close', float, (column) => column.notNull())
      .addColumn('volume', float, (column) => column.notNull())
      .addColumn('amount', float, (column) => column.notNull())
      .addPrimaryKeyConstraint('candles_pk', ['coin_id', 'resolution', 'time'])
      .execute();
    await db.schema
      .createIndex('candles_resolution_time_idx')
      .on('candles')
      .columns(['resolution', 'time'])
      .execute();

    for (const [table, column] of [
      ['watch_coins', 'coin_id'],
      ['watch_exchanges', 'exchange_id'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn(column, 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', column])
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['watch_exchanges', 'watch_coins', 'candles'])
      await db.schema.dropTable(table).execute();
  },
};

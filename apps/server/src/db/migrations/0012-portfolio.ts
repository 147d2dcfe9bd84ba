import type { Kysely, Migration } from 'kysely';

import { withIdColumn } from './portable-columns.js';

/**
 * Portfolio transactions (issue 25), one row per buy, sell or transfer of a user. Amounts, prices, fees and the
 * US-dollar rates are canonical decimal text ("0.015", not a float): both dialects store it unchanged, so what a
 * user typed (or imported) comes back and exports exactly, and the server does the arithmetic on exact integers
 * (apps/server/src/modules/portfolio/fixed-decimal.ts). Nothing sums these columns in SQL.
 */
export const portfolioMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('portfolio_transactions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('coin_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('price', 'text')
      .addColumn('price_currency', 'text', (c) => c.notNull())
      .addColumn('price_usd_rate', 'text', (c) => c.notNull())
      .addColumn('fee', 'text', (c) => c.notNull())
      .addColumn('fee_currency', 'text', (c) => c.notNull())
      .addColumn('fee_usd_rate', 'text', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('portfolio_transactions_user_coin_idx')
      .on('portfolio_transactions')
      .columns(['user_id', 'coin_id', 'time'])
      .execute();
    await db.schema
      .createIndex('portfolio_transactions_user_time_idx')
      .on('portfolio_transactions')
      .columns(['user_id', 'time'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('portfolio_transactions').execute();
  },
};

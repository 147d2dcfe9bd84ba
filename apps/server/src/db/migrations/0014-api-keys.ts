import type { Kysely, Migration } from 'kysely';

import { withIdColumn } from './portable-columns.js';

/**
 * Keys of the open API (issue 38): each stored as the SHA-256 of its secret, never the secret; revoked keys stay
 * (soft) so their usage remains visible to their owner. Usage is counted per key and UTC day.
 */
export const apiKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('api_keys'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('api_keys_user_idx')
      .on('api_keys')
      .columns(['user_id', 'revoked_at'])
      .execute();
    await db.schema
      .createTable('api_key_usage')
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('calls', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_key_usage').execute();
    await db.schema.dropTable('api_keys').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

import { isPostgres } from './portable-columns.js';

/**
 * The bytes of uploaded images, for the storage every instance can read (PostgreSQL in production mode when no
 * object store is configured). Created on both dialects so the schema stays one; the embedded mode keeps its
 * images on disk and leaves this table empty.
 */
export const imageBlobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('image_blobs')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('image_blobs').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/** Who uploaded which image and when: the per-user daily cap, avatar ownership and the sweep of unadopted files. */
export const uploadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('uploaded_images')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('uploaded_images_user_idx')
      .on('uploaded_images')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('uploaded_images_created_idx')
      .on('uploaded_images')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('uploaded_images').execute();
  },
};

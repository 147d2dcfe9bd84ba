import type { Kysely, Migration } from 'kysely';

import { withIdColumn } from './portable-columns.js';

/** Users, sessions with rotating refresh tokens, login history, email codes, server secrets, dev outbox. */
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('nickname', 'text', (column) => column.notNull())
      .addColumn('bio', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('avatar', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('country', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .addColumn('password_changed_at', 'bigint')
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('device_id', 'text', (column) => column.notNull())
      .addColumn('device', 'text', (column) => column.notNull())
      .addColumn('ip', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('last_used_at', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoke_reason', 'text')
      .execute();
    await db.schema
      .createIndex('sessions_user_idx')
      .on('sessions')
      .columns(['user_id', 'revoked_at'])
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('session_id', 'text', (column) =>
        column.notNull().references('sessions.id').onDelete('cascade'),
      )
      .addColumn('issued_at', 'bigint', (column) => column.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_session_idx')
      .on('refresh_tokens')
      .column('session_id')
      .execute();

    await withIdColumn(db, db.schema.createTable('login_events'))
      .addColumn('email_key', 'text', (column) => column.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('success', 'integer', (column) => column.notNull())
      .addColumn('ip', 'text', (column) => column.notNull())
      .addColumn('device', 'text', (column) => column.notNull())
      .addColumn('at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('login_events_email_idx')
      .on('login_events')
      .columns(['email_key', 'at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('email_codes'))
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('purpose', 'text', (column) => column.notNull())
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('ip', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('email_codes_lookup_idx')
      .on('email_codes')
      .columns(['email', 'purpose', 'created_at'])
      .execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();

    await withIdColumn(db, db.schema.createTable('outbox_messages'))
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('text_body', 'text', (column) => column.notNull())
      .addColumn('html_body', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'outbox_messages',
      'server_secrets',
      'email_codes',
      'login_events',
      'refresh_tokens',
      'sessions',
      'users',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

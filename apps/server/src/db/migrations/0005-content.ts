import type { Kysely, Migration } from 'kysely';

import { withIdColumn } from './portable-columns.js';

/**
 * Flashes and news with their coin tags, votes and comments; the feeds and official pages being followed;
 * the inbox with per-user read state; ads; Web Push subscriptions and per-user push switches.
 */
export const contentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('articles'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('origin_key', 'text', (c) => c.notNull().unique())
      .addColumn('title_i18n', 'text', (c) => c.notNull())
      .addColumn('summary_i18n', 'text', (c) => c.notNull())
      .addColumn('body_i18n', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('title_fingerprint', 'text', (c) => c.notNull())
      .addColumn('source_name', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text')
      .addColumn('image_url', 'text')
      .addColumn('important', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retracted_at', 'bigint')
      .addColumn('bullish', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bearish', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('articles_kind_published_idx')
      .on('articles')
      .columns(['kind', 'published_at'])
      .execute();
    await db.schema
      .createIndex('articles_fingerprint_idx')
      .on('articles')
      .columns(['title_fingerprint'])
      .execute();

    await db.schema
      .createTable('article_coins')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('coin_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_coins_pk', ['article_id', 'coin_id'])
      .execute();
    await db.schema
      .createIndex('article_coins_coin_idx')
      .on('article_coins')
      .columns(['coin_id', 'article_id'])
      .execute();

    await db.schema
      .createTable('article_votes')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_votes_pk', ['article_id', 'user_id'])
      .execute();

    await withIdColumn(db, db.schema.createTable('article_comments'))
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('article_comments_article_idx')
      .on('article_comments')
      .columns(['article_id', 'id'])
      .execute();
    await db.schema
      .createIndex('article_comments_user_idx')
      .on('article_comments')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('followed_sources')
      .addColumn('url', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('coin_id', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('content_hash', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_poll_at', 'bigint', (c) => c.notNull())
      .addColumn('last_ok_at', 'bigint')
      .addColumn('last_error', 'text')
      .execute();

    await withIdColumn(db, db.schema.createTable('inbox_messages'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('title_i18n', 'text', (c) => c.notNull())
      .addColumn('body_i18n', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retracted_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('inbox_messages_user_idx')
      .on('inbox_messages')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('inbox_reads')
      .addColumn('message_id', 'integer', (c) =>
        c.notNull().references('inbox_messages.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('inbox_reads_pk', ['message_id', 'user_id'])
      .execute();

    await withIdColumn(db, db.schema.createTable('ads'))
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('title_i18n', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retracted_at', 'bigint')
      .execute();
    await db.schema.createIndex('ads_position_idx').on('ads').columns(['position', 'starts_at']).execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('push_preferences')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('inbox', 'integer', (c) => c.notNull())
      .addColumn('coin_alerts', 'integer', (c) => c.notNull())
      .addColumn('breaking', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'push_preferences',
      'push_subscriptions',
      'ads',
      'inbox_reads',
      'inbox_messages',
      'followed_sources',
      'article_comments',
      'article_votes',
      'article_coins',
      'articles',
    ])
      await db.schema.dropTable(table).execute();
  },
};

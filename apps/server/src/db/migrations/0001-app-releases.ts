import type { Kysely, Migration } from 'kysely';

import type { Database } from '../schema.js';
import { withIdColumn } from './portable-columns.js';

const INITIAL_NOTES = JSON.stringify({
  en: 'Live market data, exchange rankings, quick-take flashes and news.',
  vi: 'Dữ liệu thị trường trực tiếp, xếp hạng sàn giao dịch, tin nhanh và tin tức.',
  'zh-Hans': '实时行情、交易所排名、快讯与资讯。',
});

// The spec gives V1.0.0 and 1.0.8 (code 108); the app reports the later reading (decision D12).
const INITIAL_RELEASES = ['web', 'android', 'ios'].map((platform) => ({
  platform,
  version: '1.0.8',
  version_code: 108,
  download_url: '',
  release_notes: INITIAL_NOTES,
  force_update: 0,
  released_at: Date.UTC(2026, 10, 1),
}));

export const appReleasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('app_releases'))
      .addColumn('platform', 'text', (column) => column.notNull())
      .addColumn('version', 'text', (column) => column.notNull())
      .addColumn('version_code', 'integer', (column) => column.notNull())
      .addColumn('download_url', 'text', (column) => column.notNull())
      .addColumn('release_notes', 'text', (column) => column.notNull())
      .addColumn('force_update', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('released_at', 'bigint', (column) => column.notNull())
      .addUniqueConstraint('app_releases_platform_code_unique', ['platform', 'version_code'])
      .execute();
    await (db as Kysely<Database>).insertInto('app_releases').values(INITIAL_RELEASES).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_releases').execute();
  },
};

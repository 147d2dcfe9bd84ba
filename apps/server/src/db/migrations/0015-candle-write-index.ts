import type { Kysely, Migration } from 'kysely';

/**
 * Drops the candles' (resolution, time) index. Every candle of one coin written together landed on a different
 * page of it (all coins share the times), so a 200-row back-fill write dirtied ~200 index pages: on SQLite each
 * commit took 25–30 ms of the event loop, and the back-fill's loop p99 sat above 20 ms. Its two readers now walk
 * the primary key (coin, resolution, time) coin by coin (candle.repository.ts).
 */
export const candleWriteIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('candles_resolution_time_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('candles_resolution_time_idx')
      .on('candles')
      .columns(['resolution', 'time'])
      .execute();
  },
};

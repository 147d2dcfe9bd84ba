import type { Kysely } from 'kysely';

import type { Database } from '../db/schema.js';
import type { Candle, Resolution } from '@coinlens/market-model';

const BATCH_ROWS = 500;

export class CandleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts or replaces candles of one coin and resolution, in batches inside one transaction. */
  async upsert(coinId: string, resolution: Resolution, candles: readonly Candle[]): Promise<void> {
    if (candles.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < candles.length; offset += BATCH_ROWS) {
        const rows = candles
          .slice(offset, offset + BATCH_ROWS)
          .map((candle) => ({ coin_id: coinId, resolution, ...candle }));
        await trx
          .insertInto('candles')
          .values(rows)
          .onConflict((conflict) =>
            conflict.columns(['coin_id', 'resolution', 'time']).doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'),
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
              amount: eb.ref('excluded.amount'),
            })),
          )
          .execute();
      }
    });
  }

  /** Candles with `from ≤ time < to`, oldest first. */
  async range(coinId: string, resolution: Resolution, from: number, to: number): Promise<Candle[]> {
    return this.db
      .selectFrom('candles')
      .select(['time', 'open', 'high', 'low', 'close', 'volume', 'amount'])
      .where('coin_id', '=', coinId)
      .where('resolution', '=', resolution)
      .where('time', '>=', from)
      .where('time', '<', to)
      .orderBy('time', 'asc')
      .execute();
  }

  /** The newest stored open time per coin at `resolution`. */
  async latestTimes(resolution: Resolution): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('candles')
      .select(['coin_id', (eb) => eb.fn.max('time').as('latest')])
      .where('resolution', '=', resolution)
      .groupBy('coin_id')
      .execute();
    return new Map(rows.map((row) => [row.coin_id, Number(row.latest)]));
  }

  async deleteOlderThan(resolution: Resolution, before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('candles')
      .where('resolution', '=', resolution)
      .where('time', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

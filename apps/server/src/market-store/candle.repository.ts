import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Database } from '../db/schema.js';
import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';

const BATCH_ROWS = 500;

/** One candle's close, of one coin and resolution. */
export interface CoinClose {
  coin_id: string;
  resolution: Resolution;
  time: number;
  close: number;
}

export class CandleRepository {
  private writes = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Increases after every write or delete through this repository has been committed. */
  get version(): number {
    return this.writes;
  }

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
    this.writes++;
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

  /**
   * In one query for many coins and resolutions, with `from ≤ time < to`: per coin and resolution, the first
   * candle and the last of each grid step (`t − stepMs < time ≤ t`, grid times t multiples of `stepMs`), in the
   * primary key's order (coin, resolution, time). The latest close at or before any grid time is among them, so
   * a chart of n points reads about n rows a coin, not every candle.
   */
  async gridCloses(
    coinIds: readonly string[],
    resolutions: readonly Resolution[],
    from: number,
    to: number,
    stepMs: number,
  ): Promise<CoinClose[]> {
    if (coinIds.length === 0 || resolutions.length === 0) return [];
    if (!Number.isSafeInteger(stepMs) || stepMs <= 0) throw new RangeError(`bad grid step ${stepMs}`);
    const rows = resolutions.every((resolution) => RESOLUTION_MS[resolution] >= stepMs)
      ? // Candles no closer than the step: each is the last of its step already.
        await this.db
          .selectFrom('candles')
          .select(['coin_id', 'resolution', 'time', 'close'])
          .where('coin_id', 'in', coinIds)
          .where('resolution', 'in', resolutions)
          .where('time', '>=', from)
          .where('time', '<', to)
          .orderBy('coin_id')
          .orderBy('resolution')
          .orderBy('time')
          .execute()
      : await this.lastOfEachStep(coinIds, resolutions, from, to, stepMs);
    return rows.map((row) => ({ ...row, resolution: row.resolution as Resolution }));
  }

  /** `gridCloses` where candles are closer than the step: the first of all and the last of each step. */
  private lastOfEachStep(
    coinIds: readonly string[],
    resolutions: readonly Resolution[],
    from: number,
    to: number,
    stepMs: number,
  ) {
    const inRange = (eb: ExpressionBuilder<Database, 'candles'>) =>
      eb.and([
        eb('coin_id', 'in', coinIds),
        eb('resolution', 'in', resolutions),
        eb('time', '>=', from),
        eb('time', '<', to),
      ]);
    // `time` is a bigint column: the division truncates in both dialects. The step is ours, never a caller's.
    const gridStep = sql`(time + ${sql.lit(stepMs - 1)}) / ${sql.lit(stepMs)}`;
    const lastOfStep = this.db
      .selectFrom('candles')
      .select(['coin_id', 'resolution', (eb) => eb.fn.max('time').as('time')])
      .where(inRange)
      .groupBy(['coin_id', 'resolution', gridStep]);
    const first = this.db
      .selectFrom('candles')
      .select(['coin_id', 'resolution', (eb) => eb.fn.min('time').as('time')])
      .where(inRange)
      .groupBy(['coin_id', 'resolution']);
    return this.db
      .selectFrom(lastOfStep.union(first).as('picked'))
      .innerJoin('candles', (join) =>
        join
          .onRef('candles.coin_id', '=', 'picked.coin_id')
          .onRef('candles.resolution', '=', 'picked.resolution')
          .onRef('candles.time', '=', 'picked.time'),
      )
      .select(['candles.coin_id', 'candles.resolution', 'candles.time', 'candles.close'])
      .orderBy('candles.coin_id')
      .orderBy('candles.resolution')
      .orderBy('candles.time')
      .execute();
  }

  /** The newest stored open time per coin at `resolution`. */
  async latestTimes(resolution: Resolution): Promise<Map<string, number>> {
    const { rows } = await sql<{ coin_id: string; latest: number | null }>`
      with recursive ${storedCoins}
      select id as coin_id,
        (select max(time) from candles where coin_id = coins.id and resolution = ${resolution}) as latest
      from coins where id is not null`.execute(this.db);
    return new Map(
      rows.flatMap((row) => (row.latest === null ? [] : [[row.coin_id, Number(row.latest)] as const])),
    );
  }

  /** Every coin with a stored candle, in id order. */
  async storedCoinIds(): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      with recursive ${storedCoins} select id from coins where id is not null`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Deletes one coin's candles at `resolution` opened before `before`. */
  async deleteOlderThan(coinId: string, resolution: Resolution, before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('candles')
      .where('coin_id', '=', coinId)
      .where('resolution', '=', resolution)
      .where('time', '<', before)
      .executeTakeFirst();
    this.writes++;
    return Number(result.numDeletedRows);
  }
}

/**
 * `coins(id)`: the distinct stored coins, one primary-key lookup each (the next id after the last), where a
 * `group by coin_id` would read every candle. The last row's id is null.
 */
const storedCoins = sql`coins(id) as (
  select min(coin_id) from candles
  union all
  select (select min(coin_id) from candles where coin_id > coins.id) from coins where coins.id is not null
)`;

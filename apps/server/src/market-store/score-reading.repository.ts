import type { Kysely } from 'kysely';
import { z } from 'zod';

import type { Database } from '../db/schema.js';
import type { CoinFlag } from '@coinlens/score';
import type { HourlyReading } from './hourly-reading.js';

const BATCH_ROWS = 500;

/** What `detail` holds: everything of a reading but its time and score. */
const detailSchema = z.object({
  components: z.record(z.string(), z.number().nullable()),
  flags: z.array(z.looseObject({ kind: z.string() })),
  // Rows stored before 1.2.0 also carry a bot share; no longer read, it is stripped.
  social: z.object({ followers: z.number().nullable(), engagement24h: z.number().nullable() }).nullable(),
  activeAddresses24h: z.number().nullable(),
  verifiedVolumeUsd: z.number(),
});

/** A stored hourly point: the whole reading while it has its detail, else the score alone. */
export type StoredScorePoint =
  | { coinId: string; time: number; score: number; whole: HourlyReading }
  | { coinId: string; time: number; score: number; whole: null };

/** Hourly score readings on disk (both dialects); the in-memory `HourlyScoreReadings` is rebuilt from them. */
export class ScoreReadingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores new hourly readings; an hour already stored for a coin keeps its first reading. */
  async insert(entries: readonly { coinId: string; entry: HourlyReading }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < entries.length; offset += BATCH_ROWS) {
        const rows = entries.slice(offset, offset + BATCH_ROWS).map(({ coinId, entry }) => ({
          coin_id: coinId,
          time: entry.time,
          score: entry.reading.score,
          detail: JSON.stringify({
            components: entry.reading.components,
            flags: entry.reading.flags,
            social: entry.social,
            activeAddresses24h: entry.activeAddresses24h,
            verifiedVolumeUsd: entry.verifiedVolumeUsd,
          }),
        }));
        await trx
          .insertInto('score_readings')
          .values(rows)
          .onConflict((conflict) => conflict.columns(['coin_id', 'time']).doNothing())
          .execute();
      }
    });
  }

  /** Every point since `from`, oldest first per coin; a detail that no longer parses keeps only its score. */
  async since(from: number): Promise<StoredScorePoint[]> {
    const rows = await this.db
      .selectFrom('score_readings')
      .select(['coin_id', 'time', 'score', 'detail'])
      .where('time', '>=', from)
      .orderBy('coin_id')
      .orderBy('time')
      .execute();
    return rows.map((row) => {
      const point = { coinId: row.coin_id, time: Number(row.time), score: row.score };
      const detail = row.detail === null ? null : parseDetail(row.detail);
      if (!detail) return { ...point, whole: null };
      const { social, activeAddresses24h, verifiedVolumeUsd, components, flags } = detail;
      return {
        ...point,
        whole: {
          time: point.time,
          reading: {
            score: row.score,
            components: components,
            flags: flags as unknown as CoinFlag[],
          },
          social,
          activeAddresses24h,
          verifiedVolumeUsd,
        },
      };
    });
  }

  /** Drops points older than `keepFrom` and the detail of those older than `detailFrom`. */
  async prune(keepFrom: number, detailFrom: number): Promise<void> {
    await this.db.deleteFrom('score_readings').where('time', '<', keepFrom).execute();
    await this.db
      .updateTable('score_readings')
      .set({ detail: null })
      .where('time', '<', detailFrom)
      .where('detail', 'is not', null)
      .execute();
  }
}

function parseDetail(text: string): z.infer<typeof detailSchema> | null {
  try {
    const parsed = detailSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

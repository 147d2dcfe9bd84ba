import type { Kysely, Selectable } from 'kysely';

import type { AdTable, Database } from '../../db/schema.js';

export type AdRow = Selectable<AdTable>;

export interface NewAd {
  position: string;
  titleI18n: string;
  imageUrl: string;
  linkUrl: string;
  priority: number;
  startsAt: number;
  endsAt: number | null;
}

export class AdRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ad: NewAd, now: number): Promise<number> {
    const row = await this.db
      .insertInto('ads')
      .values({
        position: ad.position,
        title_i18n: ad.titleI18n,
        image_url: ad.imageUrl,
        link_url: ad.linkUrl,
        priority: ad.priority,
        starts_at: ad.startsAt,
        ends_at: ad.endsAt,
        created_at: now,
        retracted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Ads inside their schedule window at a position, highest priority then newest first. */
  async running(position: string, now: number): Promise<AdRow[]> {
    return this.db
      .selectFrom('ads')
      .selectAll()
      .where('position', '=', position)
      .where('retracted_at', 'is', null)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('priority', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('ads')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async recent(limit: number): Promise<AdRow[]> {
    return this.db.selectFrom('ads').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  async retract(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('ads')
      .set({ retracted_at: now })
      .where('id', '=', id)
      .where('retracted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

import type { Kysely, Selectable } from 'kysely';

import type { Database, FollowedSourceTable } from '../../db/schema.js';

export type FollowedSource = Selectable<FollowedSourceTable>;
export type FollowedSourceKind = FollowedSource['kind'];

/** The feeds and official pages being followed, with what the next conditional request needs. */
export class FollowedSourceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Makes sure each configured source has a row; a known one keeps its validators and schedule. */
  async ensure(
    sources: readonly { url: string; kind: FollowedSourceKind; coinId: string | null }[],
    now: number,
  ): Promise<void> {
    for (const source of sources)
      await this.db
        .insertInto('followed_sources')
        .values({
          url: source.url,
          kind: source.kind,
          coin_id: source.coinId,
          etag: null,
          last_modified: null,
          content_hash: null,
          next_poll_at: now,
          last_ok_at: null,
          last_error: null,
        })
        .onConflict((conflict) => conflict.column('url').doNothing())
        .execute();
  }

  async due(urls: readonly string[], now: number): Promise<FollowedSource[]> {
    if (urls.length === 0) return [];
    return this.db
      .selectFrom('followed_sources')
      .selectAll()
      .where('url', 'in', [...urls])
      .where('next_poll_at', '<=', now)
      .orderBy('next_poll_at')
      .execute();
  }

  async recordSuccess(
    url: string,
    update: {
      kind: FollowedSourceKind;
      etag: string | null;
      lastModified: string | null;
      contentHash: string | null;
      nextPollAt: number;
    },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('followed_sources')
      .set({
        kind: update.kind,
        etag: update.etag,
        last_modified: update.lastModified,
        content_hash: update.contentHash,
        failures: 0,
        next_poll_at: update.nextPollAt,
        last_ok_at: now,
        last_error: null,
      })
      .where('url', '=', url)
      .execute();
  }

  async recordNotModified(url: string, nextPollAt: number, now: number): Promise<void> {
    await this.db
      .updateTable('followed_sources')
      .set({ failures: 0, next_poll_at: nextPollAt, last_ok_at: now, last_error: null })
      .where('url', '=', url)
      .execute();
  }

  async recordFailure(url: string, failures: number, error: string, nextPollAt: number): Promise<void> {
    await this.db
      .updateTable('followed_sources')
      .set({ failures, last_error: error.slice(0, 500), next_poll_at: nextPollAt })
      .where('url', '=', url)
      .execute();
  }

  async byUrl(url: string): Promise<FollowedSource | null> {
    return (
      (await this.db.selectFrom('followed_sources').selectAll().where('url', '=', url).executeTakeFirst()) ??
      null
    );
  }
}

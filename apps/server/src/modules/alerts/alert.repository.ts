import type { AlertDraft } from '@coinlens/contract';
import type { Kysely, Selectable } from 'kysely';

import type { DialectName } from '../../db/database.js';
import { lockKeyForTransaction } from '../../db/key-lock.js';
import type { AlertTable, Database } from '../../db/schema.js';

export type AlertRow = Selectable<AlertTable>;

/** What a firing claim writes, besides the alert's own counters. */
export interface FiringClaim {
  alertId: number;
  /** The alert's fired_count before this firing (the claim fails if another already moved it). */
  firedCount: number;
  /** A repeating alert's cooldown; a claim inside it fails. */
  cooldownMs: number;
  once: boolean;
  observed: number | null;
  flag: string | null;
  at: number;
}

function draftColumns(draft: AlertDraft) {
  return {
    coin_id: draft.coin_id,
    kind: draft.kind,
    level: draft.level,
    currency: draft.currency,
    change_window: draft.window,
    repeat: draft.repeat,
    cooldown_minutes: draft.cooldown_minutes,
  };
}

/** The alerts table: each user's alerts (deleted ones kept as rows, see the migration) and the firing claims. */
export class AlertRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Inserts unless the user already keeps `limit` alerts (then null), counted and inserted under one lock. */
  insert(userId: number, draft: AlertDraft, limit: number, at: number): Promise<AlertRow | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, this.dialect, `alerts:${userId}`);
      const count = await trx
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= limit) return null;
      return trx
        .insertInto('alerts')
        .values({
          user_id: userId,
          ...draftColumns(draft),
          paused: 0,
          fired_count: 0,
          last_fired_at: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** The user's alert, not deleted; undefined for another user's. */
  byId(userId: number, id: number): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Any alert by id, deleted or not (what the index needs to hear after a write). */
  anyById(id: number): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listOf(userId: number): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Edits and/or pauses the user's alert; undefined when there is none. */
  async update(
    userId: number,
    id: number,
    change: { draft: AlertDraft | null; paused: boolean | null },
    at: number,
  ): Promise<AlertRow | undefined> {
    return this.db
      .updateTable('alerts')
      .set({
        ...(change.draft ? draftColumns(change.draft) : {}),
        ...(change.paused !== null ? { paused: change.paused ? 1 : 0 } : {}),
        updated_at: at,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  async softDelete(userId: number, id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('alerts')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Removes up to `limit` alerts deleted before `before` that have no firing left (their history stays as long as
   * the firings do); answers how many went. A deleted alert is never written again, so its `updated_at` is its
   * deletion time and the `updated_at` index finds the candidates.
   */
  async pruneDeletedBefore(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('alerts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alerts')
          .select('alerts.id')
          .where('alerts.updated_at', '<', before)
          .where('alerts.deleted_at', 'is not', null)
          .where((where) =>
            where.not(
              where.exists(
                where
                  .selectFrom('alert_firings')
                  .select('alert_firings.id')
                  .whereRef('alert_firings.alert_id', '=', 'alerts.id'),
              ),
            ),
          )
          .orderBy('alerts.updated_at')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every live alert, not paused (the index's first load). */
  active(): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('paused', '=', 0)
      .execute();
  }

  /** Every alert row (deleted and paused ones too) written at or after `since`: what the index follows. */
  changedSince(since: number): Promise<AlertRow[]> {
    return this.db.selectFrom('alerts').selectAll().where('updated_at', '>=', since).execute();
  }

  /**
   * Claims one firing: the alert's counters move and the firing row (unique per alert and sequence) is written in
   * one transaction, only if the alert is still live, unpaused, at the expected count and out of its cooldown.
   * Null when the claim lost (another instance, a restart, a pause or delete in between): nothing may be sent.
   */
  claim(claim: FiringClaim): Promise<number | null> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const updated = await trx
          .updateTable('alerts')
          .set({
            fired_count: claim.firedCount + 1,
            last_fired_at: claim.at,
            updated_at: claim.at,
            ...(claim.once ? { paused: 1 } : {}),
          })
          .where('id', '=', claim.alertId)
          .where('deleted_at', 'is', null)
          .where('paused', '=', 0)
          .where('fired_count', '=', claim.firedCount)
          .where((eb) =>
            eb.or([eb('last_fired_at', 'is', null), eb('last_fired_at', '<=', claim.at - claim.cooldownMs)]),
          )
          .returningAll()
          .executeTakeFirst();
        if (!updated) return null;
        const firing = await trx
          .insertInto('alert_firings')
          .values({
            alert_id: updated.id,
            user_id: updated.user_id,
            sequence: claim.firedCount + 1,
            coin_id: updated.coin_id,
            kind: updated.kind,
            level: updated.level,
            currency: updated.currency,
            change_window: updated.change_window,
            observed: claim.observed,
            flag: claim.flag,
            fired_at: claim.at,
            message_id: null,
            delivered_at: null,
          })
          .onConflict((conflict) => conflict.columns(['alert_id', 'sequence']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!firing) throw new ClaimLost();
        return firing.id;
      })
      .catch((error: unknown) => {
        if (error instanceof ClaimLost) return null;
        throw error;
      });
  }
}

/** Rolls a claim's transaction back when its (alert, sequence) key was already taken. */
class ClaimLost extends Error {}

import type { Kysely, Selectable } from 'kysely';

import type { Database, PushSubscriptionTable } from '../../db/schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/** A subscription to deliver to, with its session when that is still live (null: it is a visitor's now). */
export type PushTarget = PushSubscriptionRow & { live_session_id: string | null };

export interface StoredPreferences {
  inbox: boolean;
  coin_alerts: boolean;
  breaking: boolean;
}

/** Every switch starts on: a user who allowed notifications in the browser asked for them. */
export const DEFAULT_PUSH_PREFERENCES: StoredPreferences = { inbox: true, coin_alerts: true, breaking: true };

/** Web Push subscriptions by device, bound to the session that registered them, and each user's switches. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One subscription per device: registering again replaces the endpoint, takes the current user and session
   * (none for a visitor) and starts its failure count afresh.
   */
  async upsert(
    subscription: {
      deviceId: string;
      userId: number | null;
      sessionId?: string | null;
      endpoint: string;
      p256dh: string;
      auth: string;
      language: string;
    },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({
        device_id: subscription.deviceId,
        user_id: subscription.userId,
        session_id: subscription.sessionId ?? null,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        language: subscription.language,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('device_id').doUpdateSet({
          user_id: subscription.userId,
          session_id: subscription.sessionId ?? null,
          endpoint: subscription.endpoint,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          language: subscription.language,
          updated_at: now,
          failures: 0,
          failing_since: null,
        }),
      )
      .execute();
  }

  async remove(deviceId: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('device_id', '=', deviceId).execute();
  }

  async removeEndpoint(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** Every subscription registered by the user, live or not (see {@link unbind}). */
  async byUser(userId: number, now: number): Promise<PushTarget[]> {
    return this.targets(now).where('push_subscriptions.user_id', '=', userId).execute();
  }

  /**
   * Every subscription whose user wants a topic; one whose session has ended counts as a visitor's, and
   * visitors have every switch on.
   */
  async wanting(topic: keyof StoredPreferences, now: number): Promise<PushTarget[]> {
    return this.targets(now)
      .leftJoin('push_preferences', 'push_preferences.user_id', 'live.user_id')
      .where((eb) =>
        eb.or([eb(`push_preferences.${topic}`, 'is', null), eb(`push_preferences.${topic}`, '=', 1)]),
      )
      .execute();
  }

  /** Makes a subscription whose session has ended a visitor's, unless it was registered again meanwhile. */
  async unbind(target: PushSubscriptionRow): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ user_id: null, session_id: null })
      .where('device_id', '=', target.device_id)
      .where('session_id', target.session_id === null ? 'is' : '=', target.session_id)
      .execute();
  }

  /** A delivery went through: the failure count starts again. */
  async recordSuccess(target: PushSubscriptionRow): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ failures: 0, failing_since: null })
      .where('device_id', '=', target.device_id)
      .where('endpoint', '=', target.endpoint)
      .execute();
  }

  /**
   * A delivery failed. Deletes the subscription once it has failed at least `pruneAfter.failures` times in a row
   * since no later than `pruneAfter.failingSince`; answers whether it did.
   */
  async recordFailure(
    target: PushSubscriptionRow,
    now: number,
    pruneAfter: { failures: number; failingSince: number },
  ): Promise<boolean> {
    await this.db
      .updateTable('push_subscriptions')
      .set((eb) => ({
        failures: eb('failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(now)),
      }))
      .where('device_id', '=', target.device_id)
      .where('endpoint', '=', target.endpoint)
      .execute();
    const pruned = await this.db
      .deleteFrom('push_subscriptions')
      .where('device_id', '=', target.device_id)
      .where('endpoint', '=', target.endpoint)
      .where('failures', '>=', pruneAfter.failures)
      .where('failing_since', '<=', pruneAfter.failingSince)
      .executeTakeFirst();
    return pruned.numDeletedRows > 0n;
  }

  /** Subscriptions joined to their session when it is live: not revoked, not expired, still the same user's. */
  private targets(now: number) {
    return this.db
      .selectFrom('push_subscriptions')
      .leftJoin('sessions as live', (join) =>
        join
          .onRef('live.id', '=', 'push_subscriptions.session_id')
          .onRef('live.user_id', '=', 'push_subscriptions.user_id')
          .on('live.revoked_at', 'is', null)
          .on('live.expires_at', '>', now),
      )
      .selectAll('push_subscriptions')
      .select('live.id as live_session_id');
  }

  async preferences(userId: number): Promise<StoredPreferences> {
    const row = await this.db
      .selectFrom('push_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_PUSH_PREFERENCES };
    return { inbox: row.inbox === 1, coin_alerts: row.coin_alerts === 1, breaking: row.breaking === 1 };
  }

  async savePreferences(userId: number, preferences: StoredPreferences, now: number): Promise<void> {
    const values = {
      inbox: preferences.inbox ? 1 : 0,
      coin_alerts: preferences.coin_alerts ? 1 : 0,
      breaking: preferences.breaking ? 1 : 0,
      updated_at: now,
    };
    await this.db
      .insertInto('push_preferences')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }
}

import type { Kysely, Selectable } from 'kysely';

import type { Database, PushSubscriptionTable } from '../../db/schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

export interface StoredPreferences {
  inbox: boolean;
  coin_alerts: boolean;
  breaking: boolean;
}

/** Every switch starts on: a user who allowed notifications in the browser asked for them. */
export const DEFAULT_PUSH_PREFERENCES: StoredPreferences = { inbox: true, coin_alerts: true, breaking: true };

/** Web Push subscriptions by device, and each user's switches. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One subscription per device: registering again replaces the endpoint and takes the current user. */
  async upsert(
    subscription: {
      deviceId: string;
      userId: number | null;
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
          endpoint: subscription.endpoint,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          language: subscription.language,
          updated_at: now,
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

  async byUser(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
  }

  /** Every subscription whose user (or visitor) wants a topic. */
  async wanting(topic: keyof StoredPreferences): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .leftJoin('push_preferences', 'push_preferences.user_id', 'push_subscriptions.user_id')
      .selectAll('push_subscriptions')
      .where((eb) =>
        eb.or([eb(`push_preferences.${topic}`, 'is', null), eb(`push_preferences.${topic}`, '=', 1)]),
      )
      .execute();
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

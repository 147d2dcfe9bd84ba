import {
  APP_LANGUAGES,
  ErrorCode,
  type AppLanguage,
  type LocalisedText,
  type ProcedureOutput,
  type PushPreferences,
} from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { PushExtras, PushType } from './push-message.js';
import type { PushRepository, PushSubscriptionRow, StoredPreferences } from './push.repository.js';
import type { VapidKeys } from './vapid-keys.js';
import type { WebPushSender } from './web-push-sender.js';

/** A notification to send, said in every language; each device gets its own. */
export interface PushNotice {
  title: Partial<LocalisedText>;
  body: Partial<LocalisedText>;
  type: PushType;
  extras: PushExtras;
  urgency?: 'normal' | 'high';
}

/**
 * The browsers' push services. Endpoints come from clients; anything else would let a client make the server
 * post to a host of its choosing.
 */
export const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

function say(texts: Partial<LocalisedText>, language: string): string {
  const known = (APP_LANGUAGES as readonly string[]).includes(language) ? (language as AppLanguage) : 'en';
  return texts[known] ?? texts.en ?? Object.values(texts).find(Boolean) ?? '';
}

/** Web Push: subscriptions bound to the device id, per-user switches, and delivery to users or everyone. */
export class PushService {
  constructor(
    private readonly subscriptions: PushRepository,
    private readonly sender: WebPushSender,
    private readonly vapid: VapidKeys,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly allowedHosts: readonly RegExp[] = PUSH_SERVICE_HOSTS,
  ) {}

  async config(userId: number | null): Promise<ProcedureOutput<'appsys_msrv/push_config'>> {
    return {
      vapid_public_key: this.vapid.publicKey,
      preferences: userId === null ? null : await this.subscriptions.preferences(userId),
    };
  }

  async register(
    deviceId: string | null,
    userId: number | null,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    language: AppLanguage,
  ): Promise<void> {
    if (deviceId === null) throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'DeviceId');
    const host = new URL(subscription.endpoint).hostname;
    if (!this.allowedHosts.some((pattern) => pattern.test(host)))
      throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'endpoint');
    await this.subscriptions.upsert(
      {
        deviceId,
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        language,
      },
      this.now(),
    );
  }

  async unregister(deviceId: string | null): Promise<void> {
    if (deviceId === null) throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'DeviceId');
    await this.subscriptions.remove(deviceId);
  }

  async updatePreferences(userId: number, changes: Partial<PushPreferences>): Promise<StoredPreferences> {
    const current = await this.subscriptions.preferences(userId);
    const next: StoredPreferences = {
      inbox: changes.inbox ?? current.inbox,
      coin_alerts: changes.coin_alerts ?? current.coin_alerts,
      breaking: changes.breaking ?? current.breaking,
    };
    await this.subscriptions.savePreferences(userId, next, this.now());
    return next;
  }

  /** To every device of a user who has the topic switched on; answers how many pushes were accepted. */
  async toUser(userId: number, topic: keyof StoredPreferences, notice: PushNotice): Promise<number> {
    if (!(await this.subscriptions.preferences(userId))[topic]) return 0;
    return this.deliver(await this.subscriptions.byUser(userId), notice);
  }

  /** To every device (visitors included) whose user has the topic on. */
  async toEveryone(topic: keyof StoredPreferences, notice: PushNotice): Promise<number> {
    return this.deliver(await this.subscriptions.wanting(topic), notice);
  }

  private async deliver(targets: readonly PushSubscriptionRow[], notice: PushNotice): Promise<number> {
    let sent = 0;
    for (const target of targets) {
      const result = await this.sender.send(
        { endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth },
        {
          title: say(notice.title, target.language),
          body: say(notice.body, target.language),
          type: notice.type,
          extras: notice.extras,
        },
        notice.urgency ?? 'normal',
      );
      if (result.kind === 'sent') sent += 1;
      else if (result.kind === 'gone') await this.subscriptions.removeEndpoint(target.endpoint);
      else this.log.warn({ status: result.status, reason: result.reason }, 'push not delivered');
    }
    return sent;
  }
}

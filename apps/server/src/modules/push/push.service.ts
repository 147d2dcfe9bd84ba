import {
  APP_LANGUAGES,
  ErrorCode,
  type AppLanguage,
  type LocalisedText,
  type ProcedureOutput,
  type PushPreferences,
} from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { ProcedureFailure, TooManyAttempts } from '../../gateway/procedure-failure.js';
import { hitAddressLimit, type AttemptLimiter } from '../../security/attempt-limiter.js';
import { forEachBounded } from './bounded-parallel.js';
import { isAllowedPushEndpoint, PUSH_SERVICE_HOSTS } from './push-endpoint-policy.js';
import {
  DELIVERY_CONCURRENCY,
  PRUNE_AFTER_FAILING_MS,
  PRUNE_AFTER_FAILURES,
  PUSH_REGISTRATION_WINDOW_MS,
  PUSH_REGISTRATIONS_PER_ADDRESS,
  PUSH_REGISTRATIONS_PER_DEVICE,
} from './push-limits.js';
import type { PushExtras, PushType } from './push-message.js';
import type { PushRepository, PushTarget, StoredPreferences } from './push.repository.js';
import type { VapidKeys } from './vapid-keys.js';
import type { PushSender, PushSendResult } from './web-push-sender.js';

/** A notification to send, said in every language; each device gets its own. */
export interface PushNotice {
  title: Partial<LocalisedText>;
  body: Partial<LocalisedText>;
  type: PushType;
  extras: PushExtras;
  urgency?: 'normal' | 'high';
}

/** Who registers a subscription: the signed-in user and the session they are signed in with. */
export interface PushOwner {
  userId: number;
  sessionId: string;
}

function say(texts: Partial<LocalisedText>, language: string): string {
  const known = (APP_LANGUAGES as readonly string[]).includes(language) ? (language as AppLanguage) : 'en';
  return texts[known] ?? texts.en ?? Object.values(texts).find(Boolean) ?? '';
}

/**
 * Web Push: subscriptions bound to the device id and the session that registered them, per-user switches, and
 * delivery to users or everyone, a few pushes at a time.
 */
export class PushService {
  constructor(
    private readonly subscriptions: PushRepository,
    private readonly sender: PushSender,
    private readonly vapid: VapidKeys,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly limiter: AttemptLimiter,
    private readonly allowedHosts: readonly RegExp[] = PUSH_SERVICE_HOSTS,
  ) {}

  async config(userId: number | null): Promise<ProcedureOutput<'appsys_msrv/push_config'>> {
    return {
      vapid_public_key: this.vapid.publicKey,
      preferences: userId === null ? null : await this.subscriptions.preferences(userId),
    };
  }

  /**
   * Registers the device's subscription for its signed-in user (or a visitor); limited per caller address and per
   * device, since it needs no login and every subscription costs a request on each broadcast.
   */
  async register(
    deviceId: string | null,
    owner: PushOwner | null,
    address: string,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    language: AppLanguage,
  ): Promise<void> {
    if (deviceId === null) throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'DeviceId');
    if (!isAllowedPushEndpoint(subscription.endpoint, this.allowedHosts))
      throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'endpoint');
    for (const decide of [
      () =>
        hitAddressLimit(
          this.limiter,
          'push-register:address',
          address,
          PUSH_REGISTRATIONS_PER_ADDRESS,
          PUSH_REGISTRATION_WINDOW_MS,
        ),
      () =>
        this.limiter.hit(
          `push-register:device:${deviceId}`,
          PUSH_REGISTRATIONS_PER_DEVICE,
          PUSH_REGISTRATION_WINDOW_MS,
        ),
    ]) {
      const decision = await decide();
      if (!decision.allowed) throw TooManyAttempts.afterMs(decision.retryAfterMs);
    }
    await this.subscriptions.upsert(
      {
        deviceId,
        userId: owner?.userId ?? null,
        sessionId: owner?.sessionId ?? null,
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

  /**
   * To every device still signed in to the user (its session live) if the user has the topic switched on;
   * answers how many pushes were accepted. Devices whose session has ended become visitors' on the way.
   */
  async toUser(userId: number, topic: keyof StoredPreferences, notice: PushNotice): Promise<number> {
    if (!(await this.subscriptions.preferences(userId))[topic]) return 0;
    const targets = await this.subscriptions.byUser(userId, this.now());
    await this.unbindEnded(targets);
    return this.deliver(
      targets.filter((target) => target.live_session_id !== null),
      notice,
    );
  }

  /** To every device (visitors and signed-out devices included) whose user has the topic on. */
  async toEveryone(topic: keyof StoredPreferences, notice: PushNotice): Promise<number> {
    const targets = await this.subscriptions.wanting(topic, this.now());
    await this.unbindEnded(targets);
    return this.deliver(targets, notice);
  }

  private async unbindEnded(targets: readonly PushTarget[]): Promise<void> {
    for (const target of targets)
      if (target.user_id !== null && target.live_session_id === null) await this.subscriptions.unbind(target);
  }

  private async deliver(targets: readonly PushTarget[], notice: PushNotice): Promise<number> {
    let sent = 0;
    let failed = 0;
    let pruned = 0;
    let lastFailure: PushSendResult | null = null;
    await forEachBounded(targets, DELIVERY_CONCURRENCY, async (target) => {
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
      if (result.kind === 'sent') {
        sent += 1;
        if (target.failures > 0) await this.subscriptions.recordSuccess(target);
      } else if (result.kind === 'gone') {
        await this.subscriptions.removeEndpoint(target.endpoint);
      } else {
        failed += 1;
        lastFailure = result;
        const now = this.now();
        const gone = await this.subscriptions.recordFailure(target, now, {
          failures: PRUNE_AFTER_FAILURES,
          failingSince: now - PRUNE_AFTER_FAILING_MS,
        });
        if (gone) pruned += 1;
      }
    });
    // One line per delivery, not per endpoint: a flood of dead endpoints must not flood the log as well.
    if (failed > 0) this.log.warn({ failed, pruned, sent, lastFailure }, 'pushes not delivered');
    return sent;
  }
}

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { InboxRepository } from '../src/modules/inbox/inbox.repository.js';
import { InboxService } from '../src/modules/inbox/inbox.service.js';
import { subscribePushTriggers } from '../src/modules/push/push-triggers.js';
import { PushRepository } from '../src/modules/push/push.repository.js';
import { PushService } from '../src/modules/push/push.service.js';
import {
  createBrowserSubscriptionKeys,
  decryptAes128gcm,
  startLocalPushService,
  verifyVapidAuthorization,
  type LocalPushService,
} from '../src/modules/push/testing/local-push-service.js';
import { generateVapidKeys } from '../src/modules/push/vapid-keys.js';
import { WebPushSender } from '../src/modules/push/web-push-sender.js';
import { createServerEvents } from '../src/runtime/server-events.js';
import { MemoryAttemptLimiter } from '../src/security/attempt-limiter.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './support/test-databases.js';

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(TEST_DIALECTS)('push delivery on %s', (dialect) => {
  let database: TestDatabase;
  let pushService: LocalPushService;
  const vapid = generateVapidKeys();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    pushService = await startLocalPushService();
  });
  afterAll(async () => {
    await pushService.close();
    await database.dispose();
  });

  it('turns an inbox message into an encrypted, VAPID-signed push the browser can read', async () => {
    const { db } = database.handle;
    const now = Date.now();
    const user = await db
      .insertInto('users')
      .values({
        email: `push-${dialect}@example.org`,
        password_hash: 'x',
        nickname: 'P',
        country: 'VN',
        created_at: now,
        updated_at: now,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The user's pushes reach a device only while the session it registered in is live.
    await db
      .insertInto('sessions')
      .values({
        id: 'session-1',
        user_id: user.id,
        device_id: 'device-1',
        device: 'test',
        ip: '127.0.0.1',
        created_at: now,
        last_used_at: now,
        expires_at: now + 60_000,
        revoked_at: null,
        revoke_reason: null,
      })
      .execute();
    const subscriptions = new PushRepository(db);
    const push = new PushService(
      subscriptions,
      new WebPushSender(vapid, 'mailto:ops@example.org', { allowInsecureLocalEndpoints: true }),
      vapid,
      pino({ level: 'silent' }),
      () => now,
      new MemoryAttemptLimiter(() => now),
    );
    const browser = createBrowserSubscriptionKeys();
    const endpoint = pushService.endpointFor('device-1');
    await subscriptions.upsert(
      {
        deviceId: 'device-1',
        userId: user.id,
        sessionId: 'session-1',
        endpoint,
        p256dh: browser.p256dh,
        auth: browser.auth,
        language: 'vi',
      },
      now,
    );
    const events = createServerEvents(pino({ level: 'silent' }));
    const inbox = new InboxService(new InboxRepository(db), events, () => now);
    subscribePushTriggers(push, events);

    const id = await inbox.send({
      userId: user.id,
      category: 'notice',
      title: { en: 'Hello', vi: 'Xin chào' },
      body: { en: 'Welcome' },
    });
    await until(() => pushService.received.length > 0);
    const received = pushService.received[0]!;
    expect(received.headers.contentEncoding).toBe('aes128gcm');
    const claims = verifyVapidAuthorization(
      received.headers.authorization ?? '',
      pushService.origin,
      vapid.publicKey,
    );
    expect(claims.sub).toBe('mailto:ops@example.org');
    const payload = JSON.parse(
      decryptAes128gcm(received.body, browser.privateKey, browser.publicKeyRaw, browser.authSecret).toString(
        'utf8',
      ),
    ) as { title: string; body: string; data: Record<string, string> };
    expect(payload).toEqual({
      title: 'Xin chào',
      body: 'Welcome',
      data: { type: 'message', information_id: String(id), pageType: 'message' },
    });

    // Switched off: nothing is sent. A subscription the push service has forgotten is deleted.
    await push.updatePreferences(user.id, { inbox: false });
    expect(
      await push.toUser(user.id, 'inbox', {
        title: { en: 'x' },
        body: { en: 'y' },
        type: 'message',
        extras: {},
      }),
    ).toBe(0);
    await push.updatePreferences(user.id, { inbox: true });
    pushService.respondWith(410);
    expect(
      await push.toUser(user.id, 'inbox', {
        title: { en: 'x' },
        body: { en: 'y' },
        type: 'message',
        extras: {},
      }),
    ).toBe(0);
    expect(await subscriptions.byUser(user.id, now)).toEqual([]);
  });
});

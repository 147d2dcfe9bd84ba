import type { SessionTokens } from '@coinlens/contract';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { PushNotice } from '../src/modules/push/push.service.js';
import { PushService } from '../src/modules/push/push.service.js';
import { PushRepository } from '../src/modules/push/push.repository.js';
import {
  DELIVERY_CONCURRENCY,
  PRUNE_AFTER_FAILING_MS,
  PRUNE_AFTER_FAILURES,
  PUSH_REGISTRATION_WINDOW_MS,
  PUSH_REGISTRATIONS_PER_ADDRESS,
  PUSH_REGISTRATIONS_PER_DEVICE,
} from '../src/modules/push/push-limits.js';
import { createBrowserSubscriptionKeys } from '../src/modules/push/testing/local-push-service.js';
import { RecordingPushSender } from '../src/modules/push/testing/recording-push-sender.js';
import { generateVapidKeys } from '../src/modules/push/vapid-keys.js';
import type { PushSendResult } from '../src/modules/push/web-push-sender.js';
import { MemoryAttemptLimiter } from '../src/security/attempt-limiter.js';
import { callAs, latestCode, nextTestAddress, PASSWORD, registerAccount } from './support/accounts.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

const browser = createBrowserSubscriptionKeys();
const keys = { p256dh: browser.p256dh, auth: browser.auth };

let noticeCounter = 0;
function freshNotice(): PushNotice {
  return { title: { en: `notice ${++noticeCounter}` }, body: { en: 'body' }, type: 'message', extras: {} };
}

/** Polls (bounded: 500 × 10 ms) until `condition` holds; the caller asserts on what it waited for. */
async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(TEST_DIALECTS)('push subscriptions and sign-out on %s (finding 2)', (dialect) => {
  let clock = Date.now();
  let server: TestServer;
  let push: PushService;
  const sender = new RecordingPushSender();
  let counter = 0;
  const fresh = (what: string) => `${what}${++counter}-${dialect}`;

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      { now: () => clock, pushSender: sender },
    );
    push = server.built.services.push.service;
  });
  afterAll(() => server.close());

  async function userIdOf(email: string): Promise<number> {
    const row = await server.built.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Subscribes `deviceId` signed in with `session`; answers the endpoint. */
  async function subscribe(session: SessionTokens, deviceId: string): Promise<string> {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${fresh('token-')}`;
    const answer = await callAs(
      server,
      'appsys_msrv/push_register',
      { endpoint, keys },
      { accessToken: session.AccessToken, deviceId, ip: nextTestAddress() },
    );
    expect(answer.code).toBe(0);
    return endpoint;
  }

  /** Whether a push to the user now reaches `endpoint`. */
  async function userPushReaches(userId: number, endpoint: string): Promise<boolean> {
    const notice = freshNotice();
    await push.toUser(userId, 'inbox', notice);
    return sender.to(endpoint, notice.title.en).length > 0;
  }

  async function boundUserOf(deviceId: string): Promise<number | null | undefined> {
    const row = await server.built.database.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return row?.user_id;
  }

  it('logout: the device stops receiving the user pushes, and gets them again after signing in', async () => {
    const email = `${fresh('logout')}@example.org`;
    const device = fresh('device-logout-');
    const session = await registerAccount(server, email, PASSWORD, { deviceId: device });
    const userId = await userIdOf(email);
    const endpoint = await subscribe(session, device);
    expect(await userPushReaches(userId, endpoint)).toBe(true);

    const out = await callAs(
      server,
      'user_msrv/logout',
      {},
      { accessToken: session.AccessToken, deviceId: device },
    );
    expect(out.code).toBe(0);
    expect(await userPushReaches(userId, endpoint)).toBe(false);
    // Signed out, the device is a visitor: it no longer names the user, and broadcasts still reach it.
    expect(await boundUserOf(device)).toBeNull();
    const broadcast = freshNotice();
    await push.toEveryone('breaking', broadcast);
    expect(sender.to(endpoint, broadcast.title.en)).toHaveLength(1);

    const again = await callAs(
      server,
      'user_msrv/login',
      { email, password: PASSWORD },
      { deviceId: device },
    );
    expect(again.code).toBe(0);
    const renewed = await subscribe(again.data, device);
    expect(await userPushReaches(userId, renewed)).toBe(true);
  });

  it('sign_out_sessions: the signed-out device stops receiving them, the caller keeps them', async () => {
    const email = `${fresh('others')}@example.org`;
    const phone = fresh('device-phone-');
    const tablet = fresh('device-tablet-');
    const mine = await registerAccount(server, email, PASSWORD, { deviceId: phone });
    const userId = await userIdOf(email);
    const other = await callAs(
      server,
      'user_msrv/login',
      { email, password: PASSWORD },
      { deviceId: tablet },
    );
    const phoneEndpoint = await subscribe(mine, phone);
    const tabletEndpoint = await subscribe(other.data, tablet);
    expect(await userPushReaches(userId, tabletEndpoint)).toBe(true);

    const out = await callAs(
      server,
      'user_msrv/sign_out_sessions',
      {},
      { accessToken: mine.AccessToken, deviceId: phone },
    );
    expect(out.data.signed_out_sessions).toBe(1);
    expect(await userPushReaches(userId, tabletEndpoint)).toBe(false);
    expect(await userPushReaches(userId, phoneEndpoint)).toBe(true);
  });

  it('refresh-token reuse: the revoked family stops receiving them (a rotation alone does not)', async () => {
    const email = `${fresh('reuse')}@example.org`;
    const device = fresh('device-reuse-');
    const session = await registerAccount(server, email, PASSWORD, { deviceId: device });
    const userId = await userIdOf(email);
    const endpoint = await subscribe(session, device);
    const rotated = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: session.RefreshToken, deviceId: device },
    );
    expect(rotated.code).toBe(0);
    expect(await userPushReaches(userId, endpoint)).toBe(true);

    clock += 11_000; // past the refresh grace window
    const reuse = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: session.RefreshToken, deviceId: device },
    );
    expect(reuse.code).toBe(1000);
    expect(await userPushReaches(userId, endpoint)).toBe(false);
  });

  it('password reset: every device of the user stops receiving them', async () => {
    const email = `${fresh('reset')}@example.org`;
    const device = fresh('device-reset-');
    const session = await registerAccount(server, email, PASSWORD, { deviceId: device });
    const userId = await userIdOf(email);
    const endpoint = await subscribe(session, device);
    expect(await userPushReaches(userId, endpoint)).toBe(true);

    clock += 61_000; // past the resend interval of the registration code
    await callAs(
      server,
      'user_msrv/captcha',
      { email, purpose: 'reset_password' },
      { ip: nextTestAddress() },
    );
    const code = await latestCode(server, email, 1);
    const reset = await callAs(
      server,
      'user_msrv/reset_password',
      { email, code, password: 'New-pass-22', repeat_password: 'New-pass-22' },
      { ip: nextTestAddress() },
    );
    expect(reset.code).toBe(0);
    expect(await userPushReaches(userId, endpoint)).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('push registration limits on %s (finding 6)', (dialect) => {
  let clock = Date.now();
  let server: TestServer;
  let counter = 0;
  const fresh = (what: string) => `${what}${++counter}-${dialect}`;

  beforeAll(async () => {
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      { now: () => clock, pushSender: new RecordingPushSender() },
    );
  });
  afterAll(() => server.close());

  /** Registers as a visitor; answers the catalogue code (a refused one arrives with HTTP 429, see below). */
  async function register(
    endpoint: string,
    as: { deviceId: string; ip: string },
  ): Promise<number | undefined> {
    const answer = await server.postForm('appsys_msrv/push_register', server.sign({ endpoint, keys }), {
      DeviceId: as.deviceId,
      'X-Forwarded-For': as.ip,
    });
    if (answer.json?.code === 802009) expect(answer.status).toBe(429);
    return answer.json?.code;
  }

  it('refuses an endpoint with an explicit port other than the default one: 50500', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com:81/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://updates.push.services.mozilla.com:1/wpush/v2/abc',
    ]) {
      const answer = await register(endpoint, { deviceId: fresh('device-port-'), ip: nextTestAddress() });
      expect({ endpoint, code: answer }).toEqual({ endpoint, code: 50500 });
    }
    // The default port, written out or not, is the same endpoint and is accepted.
    for (const endpoint of [
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://fcm.googleapis.com/fcm/send/abc',
    ])
      expect(await register(endpoint, { deviceId: fresh('device-port-'), ip: nextTestAddress() })).toBe(0);
  });

  it(`caps registrations per caller address at ${PUSH_REGISTRATIONS_PER_ADDRESS} an hour: 802009`, async () => {
    const ip = nextTestAddress();
    const codes: Array<number | undefined> = [];
    for (let i = 0; i <= PUSH_REGISTRATIONS_PER_ADDRESS; i++) {
      const answer = await register(`https://fcm.googleapis.com/fcm/send/${fresh('flood-')}`, {
        deviceId: fresh('device-flood-'),
        ip,
      });
      codes.push(answer);
    }
    expect(codes).toEqual([...Array<number>(PUSH_REGISTRATIONS_PER_ADDRESS).fill(0), 802009]);
    // Another address is not affected, and the address may register again once the window has passed.
    const elsewhere = await register('https://fcm.googleapis.com/fcm/send/x', {
      deviceId: fresh('device-flood-'),
      ip: nextTestAddress(),
    });
    expect(elsewhere).toBe(0);
    clock += PUSH_REGISTRATION_WINDOW_MS + 1_000;
    const later = await register('https://fcm.googleapis.com/fcm/send/y', {
      deviceId: fresh('device-flood-'),
      ip,
    });
    expect(later).toBe(0);
  });

  it(`caps registrations per device at ${PUSH_REGISTRATIONS_PER_DEVICE} an hour, whatever the address`, async () => {
    const deviceId = fresh('device-churn-');
    const codes: Array<number | undefined> = [];
    for (let i = 0; i <= PUSH_REGISTRATIONS_PER_DEVICE; i++) {
      const answer = await register(`https://fcm.googleapis.com/fcm/send/${fresh('churn-')}`, {
        deviceId,
        ip: nextTestAddress(),
      });
      codes.push(answer);
    }
    expect(codes).toEqual([...Array<number>(PUSH_REGISTRATIONS_PER_DEVICE).fill(0), 802009]);
  });
});

describe.each(TEST_DIALECTS)('push delivery under failing endpoints on %s (finding 6)', (dialect) => {
  let database: TestDatabase;
  let subscriptions: PushRepository;
  let sender: RecordingPushSender;
  let push: PushService;
  let clock = Date.now();
  const vapid = generateVapidKeys();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    subscriptions = new PushRepository(database.handle.db);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.handle.db.deleteFrom('push_subscriptions').execute();
    sender = new RecordingPushSender();
    push = new PushService(
      subscriptions,
      sender,
      vapid,
      pino({ level: 'silent' }),
      () => clock,
      new MemoryAttemptLimiter(() => clock),
    );
  });

  async function addVisitor(deviceId: string, endpoint: string): Promise<void> {
    await subscriptions.upsert(
      { deviceId, userId: null, endpoint, p256dh: keys.p256dh, auth: keys.auth, language: 'en' },
      clock,
    );
  }

  async function deviceIds(): Promise<string[]> {
    const rows = await database.handle.db.selectFrom('push_subscriptions').select('device_id').execute();
    return rows.map((row) => row.device_id).sort();
  }

  const failing: PushSendResult = { kind: 'failed', status: 500, retryAfterMs: null, reason: 'down' };

  it(`prunes an endpoint after ${PRUNE_AFTER_FAILURES} failures in a row spanning ${PRUNE_AFTER_FAILING_MS / 3_600_000} h`, async () => {
    await addVisitor('healthy', 'https://fcm.googleapis.com/fcm/send/healthy');
    await addVisitor('broken', 'https://fcm.googleapis.com/fcm/send/broken');
    await addVisitor('flaky', 'https://fcm.googleapis.com/fcm/send/flaky');
    let flakyWorks = false;
    sender.answerWith((endpoint) =>
      endpoint.endsWith('/healthy') || (endpoint.endsWith('/flaky') && flakyWorks)
        ? { kind: 'sent', status: 201 }
        : failing,
    );
    const started = clock;
    // Failures within a short outage never prune, however many.
    for (let i = 0; i < PRUNE_AFTER_FAILURES + 2; i++) {
      await push.toEveryone('breaking', freshNotice());
      clock += 60_000;
    }
    expect(await deviceIds()).toEqual(['broken', 'flaky', 'healthy']);

    // The flaky one gets through once: its count starts again.
    flakyWorks = true;
    await push.toEveryone('breaking', freshNotice());
    flakyWorks = false;
    clock = started + PRUNE_AFTER_FAILING_MS + 60_000;
    await push.toEveryone('breaking', freshNotice());
    expect(await deviceIds()).toEqual(['flaky', 'healthy']);
    // Nothing more goes to the pruned endpoint.
    const next = freshNotice();
    await push.toEveryone('breaking', next);
    expect(sender.to('https://fcm.googleapis.com/fcm/send/broken', next.title.en)).toEqual([]);
  });

  it(`delivers a broadcast ${DELIVERY_CONCURRENCY} at a time: hanging endpoints do not hold up the others`, async () => {
    const rows = 100;
    const hanging = new Set<string>();
    for (let i = 0; i < rows; i++) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/row-${i}`;
      if (i % 10 === 0) hanging.add(endpoint);
      await addVisitor(`device-${String(i).padStart(3, '0')}`, endpoint);
    }
    const releases: Array<() => void> = [];
    sender.answerWith((endpoint) =>
      hanging.has(endpoint)
        ? new Promise<PushSendResult>((resolve) => releases.push(() => resolve(failing)))
        : { kind: 'sent', status: 201 },
    );

    const broadcast = push.toEveryone('breaking', freshNotice());
    await until(() => sender.sent.length === rows);
    // Every endpoint was asked while the ten hanging ones (the fake's "10 s timeout") were still pending.
    expect(sender.sent).toHaveLength(rows);
    expect(releases).toHaveLength(hanging.size);
    for (const release of releases) release();
    expect(await broadcast).toBe(rows - hanging.size);
    // Bounded: the pool was used to the full and never went beyond it.
    expect(sender.maxInFlight).toBe(DELIVERY_CONCURRENCY);
  });
});

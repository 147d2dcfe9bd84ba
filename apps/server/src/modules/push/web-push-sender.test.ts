import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodePushPayload } from './push-message.js';
import type { PushMessage } from './push-message.js';
import {
  createBrowserSubscriptionKeys,
  decryptAes128gcm,
  startLocalPushService,
  verifyVapidAuthorization,
} from './testing/local-push-service.js';
import type { LocalPushService } from './testing/local-push-service.js';
import { generateVapidKeys } from './vapid-keys.js';
import { WebPushSender } from './web-push-sender.js';

const SUBJECT = 'mailto:ops@coinlens.example';

const message: PushMessage = {
  title: 'Bitcoin crossed $100k',
  body: 'BTC is trading at $100,250 — tap for the chart',
  type: 'coin',
  extras: {
    pageType: 'detail',
    path: '/coins/bitcoin',
    information_id: 'info-7',
    newsId: 'news-42',
    newsType: 'flash',
    coinId: 'bitcoin',
    symbol: 'BTC',
    exchange_id: 'binance',
    url: 'https://coinlens.example/coins/bitcoin',
    tab: 'chart',
  },
};

describe('WebPushSender', () => {
  const vapid = generateVapidKeys();
  const sender = new WebPushSender(vapid, SUBJECT, { allowInsecureLocalEndpoints: true });
  let service: LocalPushService;

  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.received.length = 0;
    service.respondWith(201);
  });

  function subscription(id: string) {
    const browser = createBrowserSubscriptionKeys();
    return {
      browser,
      keys: { endpoint: service.endpointFor(id), p256dh: browser.p256dh, auth: browser.auth },
    };
  }

  it('delivers an aes128gcm push with TTL, urgency and a VAPID JWT for the endpoint origin', async () => {
    const { keys } = subscription('sub-1');

    await expect(sender.send(keys, message, 'high')).resolves.toEqual({ kind: 'sent', status: 201 });

    expect(service.received).toHaveLength(1);
    const push = service.received[0]!;
    expect(push.method).toBe('POST');
    expect(push.path).toBe('/push/sub-1');
    expect(push.headers.contentEncoding).toBe('aes128gcm');
    expect(push.headers.contentType).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    const claims = verifyVapidAuthorization(
      push.headers.authorization ?? '',
      service.origin,
      vapid.publicKey,
    );
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(() =>
      verifyVapidAuthorization(
        push.headers.authorization ?? '',
        service.origin,
        generateVapidKeys().publicKey,
      ),
    ).toThrow(/not the expected key/);
    expect(() =>
      verifyVapidAuthorization(
        push.headers.authorization ?? '',
        'https://fcm.googleapis.com',
        vapid.publicKey,
      ),
    ).toThrow(/aud/);
  });

  it('encrypts the payload so that only the subscribing browser can decrypt it', async () => {
    const { browser, keys } = subscription('sub-2');
    await sender.send(keys, message);
    const body = service.received[0]!.body;

    const plaintext = decryptAes128gcm(body, browser.privateKey, browser.publicKeyRaw, browser.authSecret);

    expect(plaintext.toString('utf8')).toBe(encodePushPayload(message));
    expect(JSON.parse(plaintext.toString('utf8'))).toEqual({
      title: message.title,
      body: message.body,
      data: { type: 'coin', ...message.extras },
    });
    expect(body.includes(Buffer.from('bitcoin'))).toBe(false);
    const wrongAuth = createBrowserSubscriptionKeys().authSecret;
    expect(() => decryptAes128gcm(body, browser.privateKey, browser.publicKeyRaw, wrongAuth)).toThrow(
      /unable to authenticate/,
    );
  });

  it('uses the configured TTL and normal urgency by default', async () => {
    const shortLived = new WebPushSender(vapid, SUBJECT, {
      ttlSeconds: 60,
      allowInsecureLocalEndpoints: true,
    });
    await shortLived.send(subscription('sub-3').keys, message);

    expect(service.received[0]?.headers.ttl).toBe('60');
    expect(service.received[0]?.headers.urgency).toBe('normal');
  });

  it.each([404, 410] as const)('reports %i as gone', async (status) => {
    service.respondWith(status);
    await expect(sender.send(subscription('gone').keys, message)).resolves.toEqual({ kind: 'gone', status });
  });

  it('reports 429 as failed with the Retry-After delay', async () => {
    service.respondWith(429, { 'Retry-After': '30' });
    await expect(sender.send(subscription('busy').keys, message)).resolves.toEqual({
      kind: 'failed',
      status: 429,
      retryAfterMs: 30_000,
      reason: expect.stringContaining('429') as unknown,
    });
  });

  it('parses an HTTP-date Retry-After and reports a 5xx without one as retryAfterMs null', async () => {
    service.respondWith(503, { 'Retry-After': new Date(Date.now() + 120_000).toUTCString() });
    const withDate = await sender.send(subscription('down').keys, message);
    expect(withDate).toMatchObject({ kind: 'failed', status: 503 });
    const retryAfterMs = withDate.kind === 'failed' ? withDate.retryAfterMs : null;
    expect(retryAfterMs).toBeGreaterThan(115_000);
    expect(retryAfterMs).toBeLessThanOrEqual(120_000);

    service.respondWith(500);
    await expect(sender.send(subscription('down').keys, message)).resolves.toMatchObject({
      kind: 'failed',
      status: 500,
      retryAfterMs: null,
    });
  });

  it('rejects http endpoints without sending unless they are local and explicitly allowed', async () => {
    const strict = new WebPushSender(vapid, SUBJECT);
    const notAllowed = { kind: 'failed', status: null, retryAfterMs: null, reason: 'endpoint not allowed' };

    await expect(strict.send(subscription('local').keys, message)).resolves.toEqual(notAllowed);
    const remote = { ...subscription('remote').keys, endpoint: 'http://push.example.com/push/remote' };
    await expect(sender.send(remote, message)).resolves.toEqual(notAllowed);
    await expect(sender.send({ ...remote, endpoint: 'not a url' }, message)).resolves.toEqual(notAllowed);
    expect(service.received).toHaveLength(0);
  });

  it('maps invalid subscription keys and unreachable push services to failed without throwing', async () => {
    const badKeys = { ...subscription('bad').keys, p256dh: 'AAAA' };
    await expect(sender.send(badKeys, message)).resolves.toMatchObject({
      kind: 'failed',
      reason: 'invalid subscription keys',
    });
    expect(service.received).toHaveLength(0);

    const closed = await startLocalPushService();
    const unreachable = { ...subscription('x').keys, endpoint: closed.endpointFor('x') };
    await closed.close();
    await expect(sender.send(unreachable, message)).resolves.toMatchObject({
      kind: 'failed',
      status: null,
      retryAfterMs: null,
      reason: expect.stringMatching(/ECONNREFUSED/) as unknown,
    });
  });

  it('throws for an invalid message, which is a caller bug rather than a delivery failure', async () => {
    const bad: PushMessage = { ...message, type: 'url', extras: { url: 'javascript:alert(1)' } };
    await expect(sender.send(subscription('bad-msg').keys, bad)).rejects.toThrow(TypeError);
  });

  it('refuses a subject that is neither mailto: nor https:', () => {
    expect(() => new WebPushSender(vapid, 'http://coinlens.example')).toThrow(/mailto: or https:/);
  });
});

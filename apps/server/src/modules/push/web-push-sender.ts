import https from 'node:https';
import { createConnection } from 'node:net';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';

import type * as WebPush from 'web-push';
import { encodePushPayload } from './push-message.js';
import type { PushMessage } from './push-message.js';
import type { VapidKeys } from './vapid-keys.js';

/** web-push, loaded on the first push: most instances never send one (docs/performance.md). */
function webPush(): typeof WebPush {
  return requireModule('web-push') as typeof WebPush;
}
const requireModule = createRequire(import.meta.url);

/** A browser PushSubscription as stored: endpoint plus its base64url `p256dh` and `auth` keys. */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Outcome of one push: `gone` means the subscription no longer exists and should be deleted. */
export type PushSendResult =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: 404 | 410 }
  | { kind: 'failed'; status: number | null; retryAfterMs: number | null; reason: string };

/** Delivery priority passed to the push service (RFC 8030 §5.3). */
export type PushUrgency = 'normal' | 'high';

/** What delivery needs from a sender: one push, never throwing for push-service errors. */
export interface PushSender {
  send(
    subscription: PushSubscriptionKeys,
    message: PushMessage,
    urgency?: PushUrgency,
  ): Promise<PushSendResult>;
}

/** Tuning for {@link WebPushSender}. */
export interface WebPushSenderOptions {
  /** Socket timeout per request; default 10 s. */
  timeoutMs?: number;
  /** How long the push service keeps an undelivered message; default 24 h. */
  ttlSeconds?: number;
  /** Also accept `http://127.0.0.1` and `http://localhost` endpoints. For tests only. */
  allowInsecureLocalEndpoints?: boolean;
}

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);
const MAX_REASON_BODY_CHARS = 200;

/** Sends VAPID-signed, aes128gcm-encrypted (RFC 8291) Web Push messages; never throws for push-service errors. */
export class WebPushSender implements PushSender {
  readonly #vapidDetails: { subject: string; publicKey: string; privateKey: string };
  readonly #ttlSeconds: number;
  readonly #timeoutMs: number;
  readonly #plainAgent: PlainTcpAgent | null;

  constructor(vapid: VapidKeys, subject: string, options: WebPushSenderOptions = {}) {
    if (!/^(mailto:|https:\/\/)/.test(subject)) {
      throw new TypeError('VAPID subject must be a mailto: or https: URL');
    }
    if (
      Buffer.from(vapid.publicKey, 'base64url').length !== 65 ||
      Buffer.from(vapid.privateKey, 'base64url').length !== 32
    ) {
      throw new TypeError('VAPID keys must be a 65-byte public and a 32-byte private key');
    }
    const ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0) {
      throw new RangeError('ttlSeconds must be a non-negative integer');
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError('timeoutMs must be a positive number');
    }
    this.#vapidDetails = { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
    this.#ttlSeconds = ttlSeconds;
    this.#timeoutMs = timeoutMs;
    this.#plainAgent = options.allowInsecureLocalEndpoints === true ? new PlainTcpAgent() : null;
  }

  /** Encrypts and posts the message; throws only when the message itself is invalid (see {@link encodePushPayload}). */
  async send(
    subscription: PushSubscriptionKeys,
    message: PushMessage,
    urgency: PushUrgency = 'normal',
  ): Promise<PushSendResult> {
    const payload = encodePushPayload(message);
    const protocol = this.#allowedProtocol(subscription.endpoint);
    if (protocol === null) return failed(null, 'endpoint not allowed');
    if (
      Buffer.from(subscription.p256dh, 'base64url').length !== 65 ||
      Buffer.from(subscription.auth, 'base64url').length < 16
    ) {
      return failed(null, 'invalid subscription keys');
    }

    try {
      const response = await webPush().sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: this.#vapidDetails,
          contentEncoding: 'aes128gcm',
          TTL: this.#ttlSeconds,
          urgency,
          timeout: this.#timeoutMs,
          ...(protocol === 'http:' && this.#plainAgent !== null ? { agent: this.#plainAgent } : {}),
        },
      );
      return { kind: 'sent', status: response.statusCode };
    } catch (error) {
      return toResult(error);
    }
  }

  #allowedProtocol(endpoint: string): 'https:' | 'http:' | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return null;
    }
    if (url.protocol === 'https:') return 'https:';
    if (url.protocol === 'http:' && this.#plainAgent !== null && LOCAL_HOSTS.has(url.hostname))
      return 'http:';
    return null;
  }
}

// web-push always calls https.request; handing it this agent makes the request go over plain TCP, which is how
// tests reach an http://127.0.0.1 push service through the exact production code path.
class PlainTcpAgent extends https.Agent {
  override createConnection(options: https.RequestOptions): Duplex {
    return createConnection({ host: options.host ?? 'localhost', port: Number(options.port) });
  }
}

function failed(status: number | null, reason: string, retryAfterMs: number | null = null): PushSendResult {
  return { kind: 'failed', status, retryAfterMs, reason };
}

function toResult(error: unknown): PushSendResult {
  if (!(error instanceof webPush().WebPushError)) {
    return failed(null, error instanceof Error ? error.message : String(error));
  }
  const status = error.statusCode;
  if (status === 404 || status === 410) return { kind: 'gone', status };
  // The typings claim string values, but these are Node's IncomingHttpHeaders.
  const headers = error.headers as Record<string, string | string[] | undefined>;
  const body = typeof error.body === 'string' ? error.body.slice(0, MAX_REASON_BODY_CHARS) : '';
  return failed(
    status,
    `push service responded ${status}${body === '' ? '' : `: ${body}`}`,
    parseRetryAfter(headers['retry-after']),
  );
}

// Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
function parseRetryAfter(header: string | string[] | undefined): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

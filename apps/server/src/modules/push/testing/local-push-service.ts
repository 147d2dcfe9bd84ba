import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the local push service received. */
export interface ReceivedPush {
  method: string;
  path: string;
  headers: {
    ttl: string | undefined;
    urgency: string | undefined;
    contentEncoding: string | undefined;
    contentType: string | undefined;
    authorization: string | undefined;
  };
  body: Buffer;
}

/** A fake push service on 127.0.0.1 that records every push and answers with a configurable status. */
export interface LocalPushService {
  /** `http://127.0.0.1:<port>`, the VAPID audience for its endpoints. */
  readonly origin: string;
  endpointFor(id: string): string;
  readonly received: ReceivedPush[];
  /** Sets the response for subsequent pushes (default 201 Created). */
  respondWith(status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/** A browser-side subscription key pair and auth secret, as `PushManager.subscribe()` would create. */
export interface BrowserSubscriptionKeys {
  p256dh: string;
  auth: string;
  privateKey: KeyObject;
  publicKeyRaw: Buffer;
  authSecret: Buffer;
}

/** Starts a {@link LocalPushService} on an ephemeral port. */
export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  let response: { status: number; headers: Record<string, string> } = { status: 201, headers: {} };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: {
          ttl: single(req.headers, 'ttl'),
          urgency: single(req.headers, 'urgency'),
          contentEncoding: single(req.headers, 'content-encoding'),
          contentType: single(req.headers, 'content-type'),
          authorization: single(req.headers, 'authorization'),
        },
        body: Buffer.concat(chunks),
      });
      res.writeHead(response.status, response.headers).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    endpointFor: (id) => `${origin}/push/${encodeURIComponent(id)}`,
    respondWith: (status, headers = {}) => {
      response = { status, headers };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Generates a user-agent P-256 key pair and 16-byte auth secret, base64url-encoded like a browser subscription. */
export function createBrowserSubscriptionKeys(): BrowserSubscriptionKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const publicKeyRaw = publicKeyToRaw(publicKey);
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKeyRaw.toString('base64url'),
    auth: authSecret.toString('base64url'),
    privateKey,
    publicKeyRaw,
    authSecret,
  };
}

// RFC 8188 §2.1 header: salt(16) | rs(4) | idlen(1) | keyid, where RFC 8291 §4 fixes keyid to the 65-byte
// uncompressed application server public key.
const SALT_LENGTH = 16;
const KEY_ID_LENGTH = 65;
const HEADER_LENGTH = SALT_LENGTH + 4 + 1 + KEY_ID_LENGTH;
const TAG_LENGTH = 16;

/** Decrypts an RFC 8291 (aes128gcm) push body with the user agent's keys; throws if it does not authenticate. */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivateKey: KeyObject | Buffer,
  uaPublicKeyRaw: Buffer,
  authSecret: Buffer,
): Buffer {
  if (body.length < HEADER_LENGTH + TAG_LENGTH + 1) throw new Error('aes128gcm body too short');
  const salt = body.subarray(0, SALT_LENGTH);
  const recordSize = body.readUInt32BE(SALT_LENGTH);
  const idLength = body[SALT_LENGTH + 4];
  if (idLength !== KEY_ID_LENGTH) throw new Error(`aes128gcm keyid must be 65 bytes, got ${idLength}`);
  const asPublicKeyRaw = body.subarray(SALT_LENGTH + 5, HEADER_LENGTH);
  const record = body.subarray(HEADER_LENGTH);
  // RFC 8188 §2.1: rs must leave room for the tag and delimiter; RFC 8291 §4: Web Push uses exactly one record.
  if (recordSize < TAG_LENGTH + 2) throw new Error(`aes128gcm record size ${recordSize} is too small`);
  if (record.length > recordSize) throw new Error('aes128gcm body holds more than one record');

  const privateKey = Buffer.isBuffer(uaPrivateKey)
    ? rawToPrivateKey(uaPrivateKey, uaPublicKeyRaw)
    : uaPrivateKey;
  const ecdhSecret = diffieHellman({ privateKey, publicKey: rawToPublicKey(asPublicKeyRaw) });

  // RFC 8291 §3.4: IKM = HKDF(salt=auth_secret, ikm=ecdh_secret, info="WebPush: info\0"|ua_public|as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublicKeyRaw, asPublicKeyRaw]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  // RFC 8188 §2.2 (CEK) and §2.3 (nonce), both from the header salt.
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  // The only record has sequence number 0, so the nonce is used unmodified (nonce XOR 0).
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - TAG_LENGTH)),
    decipher.final(),
  ]);

  // RFC 8188 §2: plaintext | delimiter | zero padding; the last (here: only) record's delimiter is 0x02.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x02) throw new Error('aes128gcm record lacks the last-record delimiter');
  return padded.subarray(0, end);
}

/** Verifies an RFC 8292 `vapid t=<jwt>, k=<key>` header and returns its claims; throws on any mismatch. */
export function verifyVapidAuthorization(
  header: string,
  expectedAudience: string,
  vapidPublicKey: string,
): { sub: string; exp: number } {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (match?.[1] === undefined) throw new Error('Authorization is not a vapid scheme');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new Error(`Malformed vapid parameter: ${part}`);
    params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (token === undefined || key === undefined) throw new Error('vapid Authorization needs t and k');
  const publicKeyRaw = Buffer.from(vapidPublicKey, 'base64url');
  if (!Buffer.from(key, 'base64url').equals(publicKeyRaw)) throw new Error('vapid k is not the expected key');

  const [encodedHeader, encodedClaims, encodedSignature, ...rest] = token.split('.');
  if (
    encodedHeader === undefined ||
    encodedClaims === undefined ||
    encodedSignature === undefined ||
    rest.length
  ) {
    throw new Error('vapid t is not a JWS compact serialization');
  }
  if (decodeJsonSegment(encodedHeader).alg !== 'ES256') throw new Error('vapid JWT alg must be ES256');
  // JOSE ES256 signatures are raw r|s (RFC 7518 §3.4), not DER.
  const valid = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedClaims}`, 'ascii'),
    { key: rawToPublicKey(publicKeyRaw), dsaEncoding: 'ieee-p1363' },
    Buffer.from(encodedSignature, 'base64url'),
  );
  if (!valid) throw new Error('vapid JWT signature does not verify');

  const claims = decodeJsonSegment(encodedClaims);
  if (claims.aud !== expectedAudience)
    throw new Error(`vapid aud ${String(claims.aud)} is not ${expectedAudience}`);
  const nowSeconds = Date.now() / 1000;
  // RFC 8292 §2: exp must not be more than 24 hours after the request.
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 60 * 60) {
    throw new Error('vapid exp is not within the next 24 hours');
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('vapid sub is missing');
  return { sub: claims.sub, exp: claims.exp };
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

function decodeJsonSegment(segment: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('JWT segment is not a JSON object');
  return value as Record<string, unknown>;
}

function publicKeyToRaw(key: KeyObject): Buffer {
  const { x, y } = key.export({ format: 'jwk' });
  if (x === undefined || y === undefined) throw new Error('Not an EC public key');
  return Buffer.concat([Buffer.of(0x04), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
}

function rawToJwkCoordinates(raw: Buffer): { kty: 'EC'; crv: 'P-256'; x: string; y: string } {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('Not an uncompressed P-256 point');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
}

function rawToPublicKey(raw: Buffer): KeyObject {
  return createPublicKey({ key: rawToJwkCoordinates(raw), format: 'jwk' });
}

function rawToPrivateKey(d: Buffer, publicKeyRaw: Buffer): KeyObject {
  return createPrivateKey({
    key: { ...rawToJwkCoordinates(publicKeyRaw), d: d.toString('base64url') },
    format: 'jwk',
  });
}

import { md5Hex } from './md5.js';
import type { SignedEnvelope, UnsignedEnvelope } from './protocol.js';
import { GATEWAY_DEV_ID, GATEWAY_VERSION } from './protocol.js';

const encoder = new TextEncoder();
const SURROGATE = /[\uD800-\uDFFF]/;

/** Orders strings by their UTF-8 bytes, which is what "sorted by byte order" means for any key. */
export function compareByUtf8Bytes(a: string, b: string): number {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/**
 * `k1=v1&k2=v2…` over every field except `signature`, keys in byte order, values raw (not URL-encoded).
 * Keys are length-prefixed by their `=`; values cannot be confused across fields because keys are a fixed set.
 */
export function canonicalFieldString(fields: Readonly<Record<string, string>>): string {
  const keys = Object.keys(fields).filter((key) => key !== 'signature');
  // Without surrogate pairs, UTF-16 code-unit order (the default sort) is UTF-8 byte order, and far cheaper.
  keys.sort(keys.some((key) => SURROGATE.test(key)) ? compareByUtf8Bytes : undefined);
  return keys.map((key) => `${key}=${fields[key] ?? ''}`).join('&');
}

/** Lowercase hex MD5 of `secret + canonical + secret`. */
export function computeSignature(fields: Readonly<Record<string, string>>, secret: string): string {
  return md5Hex(secret + canonicalFieldString(fields) + secret);
}

/** Compares two hex signatures without an early exit, so timing tells nothing about a near miss. */
export function signaturesEqual(expected: string, actual: string): boolean {
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ actual.charCodeAt(i);
  return difference === 0;
}

export interface SignOptions {
  appId: string;
  appSecret: string;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
  /** Defaults to 128 random bits; pass one only to reproduce a signature. */
  nonce?: string;
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Builds the signed form body of a call carrying `payload`. */
export function signPayload(payload: unknown, options: SignOptions): SignedEnvelope {
  const envelope: UnsignedEnvelope = {
    data: JSON.stringify(payload ?? {}),
    app_id: options.appId,
    dev_id: GATEWAY_DEV_ID,
    timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    v: GATEWAY_VERSION,
    nonce: options.nonce ?? randomNonce(),
  };
  return { ...envelope, signature: computeSignature({ ...envelope }, options.appSecret) };
}

import { hash } from 'node:crypto';

import { canonicalFieldString, GATEWAY_VERSION, signaturesEqual } from '@coinlens/contract';
import type { SignedEnvelope } from '@coinlens/contract';

import { EnvelopeError } from './envelope.js';
import type { ReplayGuard } from './replay-guard.js';

export interface VerifierOptions {
  appId: string;
  appSecret: string;
  windowSeconds: number;
  replayGuard: ReplayGuard;
  /** Whether the procedure changes state (gateway/read-procedures.ts): the replay guard's outage policy. */
  changesState: boolean;
  now?: () => number;
}

const SIGNATURE_PATTERN = /^[0-9a-f]{32}$/;
const TIMESTAMP_PATTERN = /^\d{1,12}$/;
/** At least 96 bits when random (16 base64url characters); the contract's client sends 32 hex digits. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Checks app id, version, timestamp window and signature, then claims the signature against replays, and
 * returns the decoded `data` payload. The signature proves integrity and freshness only: the secret ships in
 * the web bundle, so identity comes from the access token, never from here.
 */
export async function verifyEnvelope(
  envelope: SignedEnvelope,
  fields: Readonly<Record<string, string>>,
  options: VerifierOptions,
): Promise<Record<string, unknown>> {
  if (envelope.app_id !== options.appId) throw new EnvelopeError('app_id', 'unknown app');
  if (envelope.v !== GATEWAY_VERSION) throw new EnvelopeError('v', `must be ${GATEWAY_VERSION}`);
  if (!TIMESTAMP_PATTERN.test(envelope.timestamp))
    throw new EnvelopeError('timestamp', 'must be Unix seconds');
  if (!NONCE_PATTERN.test(envelope.nonce))
    throw new EnvelopeError('nonce', 'must be 16–64 random letters, digits, - or _');
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - Number(envelope.timestamp)) > options.windowSeconds) {
    throw new EnvelopeError('timestamp', 'outside the allowed window');
  }
  const signature = envelope.signature.toLowerCase();
  if (!SIGNATURE_PATTERN.test(signature)) throw new EnvelopeError('signature', 'malformed');
  if (!signatureMatches(fields, options.appSecret, signature)) {
    throw new EnvelopeError('signature', 'mismatch');
  }
  const payload = decodePayload(envelope.data);
  // Claimed only once everything else holds, so a forged request cannot burn a legitimate signature.
  if (!(await options.replayGuard.claim(signature, options.windowSeconds * 2 * 1000, options.changesState))) {
    throw new EnvelopeError('signature', 'replayed request');
  }
  return payload;
}

/** The contract's signature (MD5 of secret + canonical fields + secret) with Node's native one-shot hash. */
function signatureMatches(
  fields: Readonly<Record<string, string>>,
  secret: string,
  signature: string,
): boolean {
  // Compared as hex text in constant time: decoding the caller's hex into a Buffer cost more than the hash.
  return signaturesEqual(hash('md5', secret + canonicalFieldString(fields) + secret, 'hex'), signature);
}

function decodePayload(data: string): Record<string, unknown> {
  if (data.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new EnvelopeError('data', 'not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new EnvelopeError('data', 'must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ACCESS_PREFIX = 'at1';

export interface AccessClaims {
  sessionId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type AccessTokenCheck = { valid: true; claims: AccessClaims; expired: boolean } | { valid: false };

function mac(key: Buffer, purpose: string, value: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest();
}

/**
 * Access tokens are self-contained (`at1.<session>.<expiry>.<hmac>`) so checking one costs an HMAC and a
 * session lookup; refresh tokens are 256-bit random values stored only as SHA-256 hashes.
 */
export class TokenCodec {
  constructor(private readonly key: Buffer) {}

  issueAccessToken(claims: AccessClaims): string {
    const body = `${claims.sessionId}.${claims.expiresAt}`;
    return `${ACCESS_PREFIX}.${body}.${mac(this.key, 'access', body).toString('base64url')}`;
  }

  readAccessToken(token: string, nowSeconds: number): AccessTokenCheck {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== ACCESS_PREFIX) return { valid: false };
    const [, sessionId = '', expiry = '', signature = ''] = parts;
    if (!/^[0-9a-f]{32}$/.test(sessionId) || !/^\d{1,12}$/.test(expiry)) return { valid: false };
    const expected = mac(this.key, 'access', `${sessionId}.${expiry}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false };
    const expiresAt = Number(expiry);
    return { valid: true, claims: { sessionId, expiresAt }, expired: expiresAt <= nowSeconds };
  }

  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /**
   * The successor of a refresh token is derived from it, so two parallel refreshes with the same token inside
   * the grace window both receive the same successor instead of forking the family.
   */
  successorOf(refreshToken: string): string {
    return mac(this.key, 'rotate', refreshToken).toString('base64url');
  }

  static hashRefreshToken(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  static newSessionId(): string {
    return randomBytes(16).toString('hex');
  }
}

import { ErrorCode } from '@coinlens/contract';
import type { SessionTokens } from '@coinlens/contract';

import type { UserStatus } from '../../db/schema.js';
import type { AuthOutcome, Authenticator, Credentials } from '../../gateway/authenticator.js';
import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import { TokenCodec } from '../../security/token-codec.js';
import { boundDevice, NO_DEVICE } from './device-id.js';
import type { SessionRepository, SessionRow, SessionWithUser } from './session.repository.js';

export const SESSION_RULES = {
  /** Access tokens live 15 minutes; an expired one answers 1003 and the client refreshes. */
  accessTokenSeconds: 15 * 60,
  /** A login lasts at most 30 days, however often it is refreshed (ASVS 10.4.8). */
  sessionLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** A refresh token spent this recently may be presented again by a parallel request of the same client. */
  refreshGraceMs: 10_000,
} as const;

/** Where a session was started or used: the device id binds its refresh tokens. */
export interface DeviceContext {
  deviceId: string | null;
  device: string;
  ip: string;
}

export interface SessionUser {
  id: number;
  nickname: string;
}

/** 1004 for an account in an abnormal state (e.g. locked for review), 1007 for a restricted one. */
export function statusFailure(status: Exclude<UserStatus, 'active'>): ErrorCode {
  return status === 'abnormal' ? ErrorCode.AbnormalAccount : ErrorCode.RestrictedUser;
}

function isUsable(session: SessionRow | undefined, now: number): session is SessionRow {
  return session !== undefined && session.revoked_at === null && session.expires_at > now;
}

export class SessionService implements Authenticator {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly codec: TokenCodec,
    private readonly now: () => number = Date.now,
    private readonly onSecurityEvent: (event: string, details: Record<string, unknown>) => void = () =>
      undefined,
  ) {}

  /**
   * Whether this device holds a live session of the user started after the password's last reset or change
   * (`passwordChangedAt`), so a new password forgets every device. A device without an id is never known.
   */
  async isKnownDevice(userId: number, deviceId: string | null, passwordChangedAt: number): Promise<boolean> {
    const device = boundDevice(deviceId);
    if (device === NO_DEVICE) return false;
    return this.sessions.hasLiveSessionOnDevice(userId, device, this.now(), passwordChangedAt);
  }

  async start(user: SessionUser, device: DeviceContext): Promise<SessionTokens> {
    const now = this.now();
    const refreshToken = this.codec.newRefreshToken();
    const session: SessionRow = {
      id: TokenCodec.newSessionId(),
      user_id: user.id,
      device_id: boundDevice(device.deviceId),
      device: device.device,
      ip: device.ip,
      created_at: now,
      last_used_at: now,
      expires_at: now + SESSION_RULES.sessionLifetimeMs,
      revoked_at: null,
      revoke_reason: null,
    };
    await this.sessions.create(session, TokenCodec.hashRefreshToken(refreshToken));
    return this.tokens(session.id, refreshToken, user);
  }

  /**
   * Rotates a refresh token. A token spent earlier than the grace window, or whose successor was already
   * spent, is a reuse: the whole family is revoked and the caller gets 1000 (RFC 9700 §4.14.2).
   */
  async refresh(refreshToken: string | null, deviceId: string | null): Promise<SessionTokens> {
    if (!refreshToken || refreshToken.length > 128) throw new ProcedureFailure(ErrorCode.SessionExpired);
    const now = this.now();
    const tokenHash = TokenCodec.hashRefreshToken(refreshToken);
    const stored = await this.sessions.findRefreshToken(tokenHash);
    if (!stored) throw new ProcedureFailure(ErrorCode.SessionExpired);
    const session = await this.sessions.findWithUser(stored.sessionId);
    if (!isUsable(session, now)) throw new ProcedureFailure(ErrorCode.SessionExpired);
    if (session.user_status !== 'active') throw new ProcedureFailure(statusFailure(session.user_status));
    if (session.device_id !== boundDevice(deviceId)) {
      await this.revokeFamily(session, 'refresh_from_other_device');
      throw new ProcedureFailure(ErrorCode.SessionExpired);
    }
    const successor = this.codec.successorOf(refreshToken);
    const successorHash = TokenCodec.hashRefreshToken(successor);
    if (stored.usedAt === null && (await this.sessions.rotate(session.id, tokenHash, successorHash, now))) {
      return this.tokens(session.id, successor, { id: session.user_id, nickname: session.nickname });
    }
    // Spent already: fine only for a parallel request within the grace window whose successor is still unspent.
    const spent = await this.sessions.findRefreshToken(tokenHash);
    const next = await this.sessions.findRefreshToken(successorHash);
    const withinGrace =
      spent !== undefined && spent.usedAt !== null && now - spent.usedAt <= SESSION_RULES.refreshGraceMs;
    if (withinGrace && next && next.usedAt === null) {
      return this.tokens(session.id, successor, { id: session.user_id, nickname: session.nickname });
    }
    await this.revokeFamily(session, 'refresh_token_reuse');
    throw new ProcedureFailure(ErrorCode.SessionExpired);
  }

  async authenticate(credentials: Credentials): Promise<AuthOutcome> {
    if (!credentials.accessToken) return { status: 'anonymous' };
    const check = this.codec.readAccessToken(credentials.accessToken, Math.floor(this.now() / 1000));
    if (!check.valid || check.expired) return { status: 'rejected', code: ErrorCode.TokenInvalid };
    const session = await this.sessions.findWithUser(check.claims.sessionId);
    if (!isUsable(session, this.now()) || session.device_id !== boundDevice(credentials.deviceId)) {
      return { status: 'rejected', code: ErrorCode.TokenInvalid };
    }
    if (session.user_status !== 'active')
      return { status: 'rejected', code: statusFailure(session.user_status) };
    return {
      status: 'authenticated',
      user: { uid: String(session.user_id), userId: session.user_id, sessionId: session.id },
    };
  }

  /** Ends the session named by either token (an expired access token still names its session). */
  async end(accessToken: string | null, refreshToken: string | null): Promise<boolean> {
    const now = this.now();
    let sessionId: string | null = null;
    if (accessToken) {
      const check = this.codec.readAccessToken(accessToken, Math.floor(now / 1000));
      if (check.valid) sessionId = check.claims.sessionId;
    }
    if (!sessionId && refreshToken) {
      sessionId =
        (await this.sessions.findRefreshToken(TokenCodec.hashRefreshToken(refreshToken)))?.sessionId ?? null;
    }
    if (!sessionId) return false;
    await this.sessions.revoke(sessionId, 'logout', now);
    return true;
  }

  endOthers(userId: number, keepSessionId: string | null, reason: string): Promise<number> {
    return this.sessions.revokeAllForUser(userId, reason, this.now(), keepSessionId);
  }

  endSome(userId: number, sessionIds: readonly string[]): Promise<number> {
    return this.sessions.revokeSome(userId, sessionIds, 'signed_out', this.now());
  }

  live(userId: number): Promise<SessionRow[]> {
    return this.sessions.liveForUser(userId, this.now());
  }

  private async revokeFamily(session: SessionWithUser, reason: string): Promise<void> {
    await this.sessions.revoke(session.id, reason, this.now());
    this.onSecurityEvent('session_revoked', { reason, sessionId: session.id, userId: session.user_id });
  }

  private tokens(sessionId: string, refreshToken: string, user: SessionUser): SessionTokens {
    const expiresAt = Math.floor(this.now() / 1000) + SESSION_RULES.accessTokenSeconds;
    return {
      AccessToken: this.codec.issueAccessToken({ sessionId, expiresAt }),
      RefreshToken: refreshToken,
      uid: user.id,
      authorInfo: { nickname: user.nickname, uid: user.id },
      expires_in: SESSION_RULES.accessTokenSeconds,
    };
  }
}

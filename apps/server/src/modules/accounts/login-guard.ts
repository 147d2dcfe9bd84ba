import { TooManyAttempts } from '../../gateway/procedure-failure.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import type { LoginEventRepository } from './login-event.repository.js';

export const LOGIN_RULES = {
  /** At most 100 failed password checks per account per hour, from any source (ASVS 4.0.3 2.2.1, NIST 800-63B). */
  accountFailureLimit: 100,
  accountWindowMs: 60 * 60_000,
  /** Per caller address: 25 password attempts per 5 minutes (Mastodon's login throttle). */
  ipAttemptLimit: 25,
  ipWindowMs: 5 * 60_000,
  /**
   * A device holding a live session of the account, started since the password was last set, keeps its own
   * path past the account limit, limited per account and device so a leaked device id is no unlimited path.
   */
  knownDeviceAttemptLimit: 10,
  knownDeviceWindowMs: 15 * 60_000,
} as const;

/** Who is asking to have a password checked. */
export interface LoginAttempt {
  /** The email as typed (normalised), also for emails without an account. */
  emailKey: string;
  ip: string;
  /** The caller's device id when it holds a live session of this account (SessionService.isKnownDevice). */
  knownDeviceId: string | null;
  /** Failures before this moment no longer count: the account's last password reset or change. */
  countFailuresFrom: number;
}

/**
 * Decides whether a password may be checked at all. The per-account count lives in the database, so it holds
 * across server instances and restarts; the count is keyed by the email as typed, so unknown emails are
 * limited exactly like known ones and the limit reveals nothing. The account limit must not lock the owner
 * out (docs/accounts-and-security.md): a device still signed in is limited on its own, and a successful
 * reset starts the count afresh.
 */
export class LoginGuard {
  constructor(
    private readonly events: LoginEventRepository,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  async admit(attempt: LoginAttempt): Promise<void> {
    const perIp = await this.limiter.hit(
      `login:${attempt.ip}`,
      LOGIN_RULES.ipAttemptLimit,
      LOGIN_RULES.ipWindowMs,
    );
    if (!perIp.allowed) throw TooManyAttempts.afterMs(perIp.retryAfterMs);
    if (attempt.knownDeviceId !== null) {
      const perDevice = await this.limiter.hit(
        `login-device:${attempt.emailKey}:${attempt.knownDeviceId}`,
        LOGIN_RULES.knownDeviceAttemptLimit,
        LOGIN_RULES.knownDeviceWindowMs,
      );
      if (!perDevice.allowed) throw TooManyAttempts.afterMs(perDevice.retryAfterMs);
      return;
    }
    await this.admitAccount(attempt.emailKey, attempt.countFailuresFrom);
  }

  /** The per-account part alone, for password checks that are not logins (changing the password). */
  async admitAccount(emailKey: string, countFailuresFrom = 0): Promise<void> {
    const now = this.now();
    const failures = await this.events.failuresSince(
      emailKey,
      Math.max(now - LOGIN_RULES.accountWindowMs, countFailuresFrom),
      LOGIN_RULES.accountFailureLimit,
    );
    if (failures.length >= LOGIN_RULES.accountFailureLimit) {
      throw TooManyAttempts.afterMs((failures[0] ?? now) + LOGIN_RULES.accountWindowMs - now);
    }
  }
}

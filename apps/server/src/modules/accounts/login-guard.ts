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
} as const;

/**
 * Decides whether a password may be checked at all. The per-account count lives in the database, so it holds
 * across server instances and restarts; the count is keyed by the email as typed, so unknown emails are
 * limited exactly like known ones and the limit reveals nothing.
 */
export class LoginGuard {
  constructor(
    private readonly events: LoginEventRepository,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  async admit(emailKey: string, ip: string): Promise<void> {
    const perIp = await this.limiter.hit(`login:${ip}`, LOGIN_RULES.ipAttemptLimit, LOGIN_RULES.ipWindowMs);
    if (!perIp.allowed) throw TooManyAttempts.afterMs(perIp.retryAfterMs);
    await this.admitAccount(emailKey);
  }

  /** The per-account part alone, for password checks that are not logins (changing the password). */
  async admitAccount(emailKey: string): Promise<void> {
    const now = this.now();
    const failures = await this.events.failuresSince(
      emailKey,
      now - LOGIN_RULES.accountWindowMs,
      LOGIN_RULES.accountFailureLimit,
    );
    if (failures.length >= LOGIN_RULES.accountFailureLimit) {
      throw TooManyAttempts.afterMs((failures[0] ?? now) + LOGIN_RULES.accountWindowMs - now);
    }
  }
}

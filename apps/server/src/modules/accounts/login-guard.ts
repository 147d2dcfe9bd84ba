import { TooManyAttempts } from '../../gateway/procedure-failure.js';
import { hitAddressLimit, type AttemptLimiter } from '../../security/attempt-limiter.js';
import type { LoginEvent, LoginEventRepository } from './login-event.repository.js';

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
  /** The account's id, null for an email without one. */
  userId: number | null;
  ip: string;
  /** The device's label, as the login history shows it. */
  device: string;
  /** The caller's device id when it holds a live session of this account (SessionService.isKnownDevice). */
  knownDeviceId: string | null;
  /** Failures before this moment no longer count: the account's last password reset or change. */
  countFailuresFrom: number;
}

/** A password check the guard let through; `settle` records its outcome once the password is compared. */
export interface AdmittedCheck {
  settle(succeeded: boolean): Promise<void>;
}

/**
 * Decides whether a password may be checked at all. The per-account count lives in the database, so it holds
 * across server instances and restarts, and a check is claimed (recorded as a failure) before the password is
 * compared, in one locked step with the count, so concurrent checks on several instances cannot pass it
 * together. The count is keyed by the email as typed, so unknown emails are limited exactly like known ones
 * and the limit reveals nothing. The account limit must not lock the owner out
 * (docs/accounts-and-security.md): a device still signed in is limited on its own, and a successful reset
 * starts the count afresh.
 */
export class LoginGuard {
  constructor(
    private readonly events: LoginEventRepository,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  async admit(attempt: LoginAttempt): Promise<AdmittedCheck> {
    const perIp = await hitAddressLimit(
      this.limiter,
      'login',
      attempt.ip,
      LOGIN_RULES.ipAttemptLimit,
      LOGIN_RULES.ipWindowMs,
    );
    if (!perIp.allowed) throw TooManyAttempts.afterMs(perIp.retryAfterMs);
    const event = {
      emailKey: attempt.emailKey,
      userId: attempt.userId,
      success: false,
      ip: attempt.ip,
      device: attempt.device,
      at: this.now(),
    };
    if (attempt.knownDeviceId !== null) {
      const perDevice = await this.limiter.hit(
        `login-device:${attempt.emailKey}:${attempt.knownDeviceId}`,
        LOGIN_RULES.knownDeviceAttemptLimit,
        LOGIN_RULES.knownDeviceWindowMs,
      );
      if (!perDevice.allowed) throw TooManyAttempts.afterMs(perDevice.retryAfterMs);
      const id = await this.events.record(event);
      return { settle: (succeeded) => this.events.settle(id, succeeded) };
    }
    const id = await this.claimAccountCheck(event, attempt.countFailuresFrom);
    return { settle: (succeeded) => this.events.settle(id, succeeded) };
  }

  /**
   * The per-account part alone, for a password check that is no login (changing the password): a wrong
   * original password stays a failure of the account, a right one leaves no trace.
   */
  async admitPasswordChange(emailKey: string, userId: number, countFailuresFrom = 0): Promise<AdmittedCheck> {
    const id = await this.claimAccountCheck(
      { emailKey, userId, success: false, ip: '-', device: 'password change', at: this.now() },
      countFailuresFrom,
    );
    return { settle: (succeeded) => (succeeded ? this.events.withdraw(id) : Promise.resolve()) };
  }

  private async claimAccountCheck(event: LoginEvent, countFailuresFrom: number): Promise<number> {
    const claim = await this.events.claimCheck(
      event,
      Math.max(event.at - LOGIN_RULES.accountWindowMs, countFailuresFrom),
      LOGIN_RULES.accountFailureLimit,
    );
    if ('claimed' in claim) return claim.claimed;
    const oldest = claim.failures[0] ?? event.at;
    throw TooManyAttempts.afterMs(oldest + LOGIN_RULES.accountWindowMs - event.at);
  }
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import type { AppLanguage, CaptchaPurpose } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { FieldRejected, TooManyAttempts } from '../../gateway/procedure-failure.js';
import { addressKey } from '../../security/address-key.js';
import { hitAddressLimit, type AttemptLimiter } from '../../security/attempt-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { verificationCodeMail } from '../mail/mail-templates.js';
import { boundDevice } from './device-id.js';
import type { CodeSend, EmailCodeRepository } from './email-code.repository.js';

export const EMAIL_CODE_RULES = {
  validMs: 10 * 60_000,
  maxWrongGuesses: 5,
  /**
   * Per requester (caller address) and email: one send per minute, three per half hour. Counted per
   * requester, not per email, so a stranger who knows the email cannot use up the owner's sends.
   */
  resendIntervalMs: 60_000,
  perRequesterLimit: 3,
  perRequesterWindowMs: 30 * 60_000,
  /**
   * Per email, whoever asks: ten per half hour. Bounds the mail one mailbox receives and, at five wrong
   * guesses per code, the wrong guesses one email can take to 100 an hour (ASVS 4.0.3 2.2.1, NIST 800-63B
   * 5.2.2). One address alone never reaches it (perRequesterLimit).
   */
  perEmailLimit: 10,
  perEmailWindowMs: 30 * 60_000,
  /** Twenty sends per caller address per hour, whatever the emails. */
  perIpLimit: 20,
  perIpWindowMs: 60 * 60_000,
  /**
   * Guesses per caller address per day, at any code: five per code bound one code, this bounds one address
   * over every code it can have sent to itself or others (room for an office behind one address).
   */
  guessesPerAddressPerDay: 100,
  guessWindowMs: 24 * 60 * 60_000,
} as const;

export interface CodeRequest {
  email: string;
  purpose: CaptchaPurpose;
  ip: string;
  /** The caller's `DeviceId`: only this device may use the code. */
  deviceId: string | null;
  language: AppLanguage;
  /** False when the mail would only tell a stranger something (a reset for an email with no account). */
  deliver: boolean;
}

/** Throws 429 when this send would pass the requester's or the email's limit (sends oldest first). */
function admitSend(sent: readonly CodeSend[], ip: string, now: number): void {
  const requester = addressKey(ip);
  const mine = sent
    .filter(
      (send) => addressKey(send.ip) === requester && send.at > now - EMAIL_CODE_RULES.perRequesterWindowMs,
    )
    .map((send) => send.at);
  const last = mine.at(-1);
  if (last !== undefined && now - last < EMAIL_CODE_RULES.resendIntervalMs) {
    throw TooManyAttempts.afterMs(last + EMAIL_CODE_RULES.resendIntervalMs - now);
  }
  if (mine.length >= EMAIL_CODE_RULES.perRequesterLimit) {
    throw TooManyAttempts.afterMs((mine[0] ?? now) + EMAIL_CODE_RULES.perRequesterWindowMs - now);
  }
  const toEmail = sent.filter((send) => send.at > now - EMAIL_CODE_RULES.perEmailWindowMs);
  if (toEmail.length >= EMAIL_CODE_RULES.perEmailLimit) {
    throw TooManyAttempts.afterMs((toEmail[0]?.at ?? now) + EMAIL_CODE_RULES.perEmailWindowMs - now);
  }
}

/**
 * Six-digit email codes: CSPRNG, 10 minutes, single use, bound to email, purpose and the requesting device,
 * five wrong guesses.
 */
export class EmailCodeService {
  constructor(
    private readonly codes: EmailCodeRepository,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
    private readonly key: Buffer,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async send(request: CodeRequest): Promise<{ expires_in: number; resend_after: number }> {
    const now = this.now();
    const perIp = await hitAddressLimit(
      this.limiter,
      'email-code',
      request.ip,
      EMAIL_CODE_RULES.perIpLimit,
      EMAIL_CODE_RULES.perIpWindowMs,
    );
    if (!perIp.allowed) throw TooManyAttempts.afterMs(perIp.retryAfterMs);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Stored either way, so both paths cost the same and the answer's timing tells nothing.
    await this.codes.issue(
      {
        email: request.email,
        purpose: request.purpose,
        codeHash: this.hash(request.email, request.purpose, code),
        ip: request.ip,
        deviceId: boundDevice(request.deviceId),
        at: now,
        expiresAt: now + EMAIL_CODE_RULES.validMs,
      },
      {
        countSince: now - Math.max(EMAIL_CODE_RULES.perRequesterWindowMs, EMAIL_CODE_RULES.perEmailWindowMs),
        admit: (sent) => admitSend(sent, request.ip, now),
      },
    );
    if (request.deliver) {
      const minutes = EMAIL_CODE_RULES.validMs / 60_000;
      // Not awaited: a slow mail server must not make the answer slower for registered emails only.
      this.mailer
        .send(verificationCodeMail(request.email, code, request.purpose, minutes, request.language))
        .catch((error: unknown) =>
          this.log.error({ err: error, purpose: request.purpose }, 'verification mail not sent'),
        );
    }
    return {
      expires_in: EMAIL_CODE_RULES.validMs / 1000,
      resend_after: EMAIL_CODE_RULES.resendIntervalMs / 1000,
    };
  }

  /**
   * Spends the code `deviceId` asked for, or answers 'Verification code error' on the `code` field. Wrong
   * guesses count against that device's code only, so a stranger's guesses never burn the owner's code;
   * every guess also counts against the caller address's daily budget.
   */
  async consume(
    email: string,
    purpose: CaptchaPurpose,
    code: string,
    deviceId: string | null,
    ip: string,
  ): Promise<void> {
    const budget = await hitAddressLimit(
      this.limiter,
      'email-code-guess',
      ip,
      EMAIL_CODE_RULES.guessesPerAddressPerDay,
      EMAIL_CODE_RULES.guessWindowMs,
    );
    if (!budget.allowed) throw TooManyAttempts.afterMs(budget.retryAfterMs);
    const now = this.now();
    const live = await this.codes.findLive(email, purpose, boundDevice(deviceId), now);
    if (!live) throw new FieldRejected('code', 'verification_code_error');
    const claim = await this.codes.claimGuess(live.id, EMAIL_CODE_RULES.maxWrongGuesses, now);
    if (!claim) throw new FieldRejected('code', 'verification_code_error');
    const expected = Buffer.from(claim.code_hash, 'hex');
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      if (claim.attempts >= EMAIL_CODE_RULES.maxWrongGuesses) await this.codes.consume(live.id, now);
      throw new FieldRejected('code', 'verification_code_error');
    }
    if (!(await this.codes.consume(live.id, now))) throw new FieldRejected('code', 'verification_code_error');
  }

  /** Keyed, so a leaked table does not give the codes away to a 10^6 brute force. */
  private hash(email: string, purpose: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${email}\u0000${code}`).digest('hex');
  }
}

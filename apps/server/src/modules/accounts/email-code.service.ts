import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import type { AppLanguage, CaptchaPurpose } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { FieldRejected, TooManyAttempts } from '../../gateway/procedure-failure.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { verificationCodeMail } from '../mail/mail-templates.js';
import type { EmailCodeRepository } from './email-code.repository.js';

export const EMAIL_CODE_RULES = {
  validMs: 10 * 60_000,
  maxWrongGuesses: 5,
  /** One send per email per minute, five per half hour. */
  resendIntervalMs: 60_000,
  perEmailLimit: 5,
  perEmailWindowMs: 30 * 60_000,
  /** Twenty sends per caller address per hour, whatever the emails. */
  perIpLimit: 20,
  perIpWindowMs: 60 * 60_000,
} as const;

export interface CodeRequest {
  email: string;
  purpose: CaptchaPurpose;
  ip: string;
  language: AppLanguage;
  /** False when the mail would only tell a stranger something (a reset for an email with no account). */
  deliver: boolean;
}

/** Six-digit email codes: CSPRNG, 10 minutes, single use, bound to email and purpose, five wrong guesses. */
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
    const perIp = await this.limiter.hit(
      `email-code:${request.ip}`,
      EMAIL_CODE_RULES.perIpLimit,
      EMAIL_CODE_RULES.perIpWindowMs,
    );
    if (!perIp.allowed) throw TooManyAttempts.afterMs(perIp.retryAfterMs);
    const sent = await this.codes.sentSince(request.email, now - EMAIL_CODE_RULES.perEmailWindowMs);
    const last = sent.at(-1);
    if (last !== undefined && now - last < EMAIL_CODE_RULES.resendIntervalMs) {
      throw TooManyAttempts.afterMs(last + EMAIL_CODE_RULES.resendIntervalMs - now);
    }
    if (sent.length >= EMAIL_CODE_RULES.perEmailLimit) {
      throw TooManyAttempts.afterMs((sent[0] ?? now) + EMAIL_CODE_RULES.perEmailWindowMs - now);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Stored either way, so both paths cost the same and the answer's timing tells nothing.
    await this.codes.issue({
      email: request.email,
      purpose: request.purpose,
      codeHash: this.hash(request.email, request.purpose, code),
      ip: request.ip,
      at: now,
      expiresAt: now + EMAIL_CODE_RULES.validMs,
    });
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

  /** Spends the code, or answers 'Verification code error' on the `code` field. */
  async consume(email: string, purpose: CaptchaPurpose, code: string): Promise<void> {
    const now = this.now();
    const live = await this.codes.findLive(email, purpose, now);
    if (!live) throw new FieldRejected('code', 'verification_code_error');
    const expected = Buffer.from(live.code_hash, 'hex');
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await this.codes.recordWrongGuess(live.id, EMAIL_CODE_RULES.maxWrongGuesses, now);
      throw new FieldRejected('code', 'verification_code_error');
    }
    if (!(await this.codes.consume(live.id, now))) throw new FieldRejected('code', 'verification_code_error');
  }

  /** Keyed, so a leaked table does not give the codes away to a 10^6 brute force. */
  private hash(email: string, purpose: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${email}\u0000${code}`).digest('hex');
  }
}

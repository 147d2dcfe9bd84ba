import { z } from 'zod';

import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './limits.js';
import { NICKNAME_CHARACTERS, normaliseBio, normaliseNickname } from './display-text.js';
import type { ValidationMessageKey } from './validation-messages.js';

// Form rules of decision D23. Each `check*` returns the message key of the first problem or
// null; a blank (empty or whitespace-only) value reports its `required_*` key, never the format key. Lengths
// count characters (code points), so an emoji or a CJK character counts once.

/**
 * Letters and digits of any script, and the other characters an unquoted address may hold; no angle brackets,
 * quotes, commas or parentheses, which a mailer reads as a display name or a list (`x<victim@host>` goes to victim).
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{M}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;
const VERIFICATION_CODE_PATTERN = new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`);
const PASSWORD_FORBIDDEN = /[\s\p{Cc}\p{Cf}\p{Cs}]/u;
const DIGIT = /^\p{Nd}$/u;
/** Combining marks count as letters, so a decomposed "ệ" is not mistaken for a symbol. */
const LETTER = /^[\p{L}\p{M}]$/u;

export type PasswordRequiredKey = Extract<
  ValidationMessageKey,
  'required_password' | 'required_repeat_password' | 'required_original_password'
>;

function characterCount(value: string): number {
  return [...value].length;
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

export function checkEmail(value: string): ValidationMessageKey | null {
  if (isBlank(value)) return 'required_email';
  return characterCount(value) <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value) ? null : 'email_format';
}

/**
 * 8–16 characters with at least two of the three kinds digits, letters and other symbols. The spec gives two
 * readings ("letters, digits and underscores" and "two of three kinds"); this is the stricter one, the one
 * ARCHITECTURE.md fixes, and it rejects single-kind passwords such as "12345678". Whitespace, control and
 * invisible format characters are never allowed: they are easy to type by accident and impossible to see.
 */
export function checkPassword(
  value: string,
  requiredKey: PasswordRequiredKey = 'required_password',
): ValidationMessageKey | null {
  if (isBlank(value)) return requiredKey;
  const characters = [...value];
  if (characters.length < PASSWORD_MIN_LENGTH || characters.length > PASSWORD_MAX_LENGTH)
    return 'password_format';
  if (PASSWORD_FORBIDDEN.test(value)) return 'password_format';
  let digits = false;
  let letters = false;
  let others = false;
  for (const character of characters) {
    if (DIGIT.test(character)) digits = true;
    else if (LETTER.test(character)) letters = true;
    else others = true;
  }
  return Number(digits) + Number(letters) + Number(others) >= 2 ? null : 'password_format';
}

export function checkRepeatPassword(password: string, repeat: string): ValidationMessageKey | null {
  if (isBlank(repeat)) return 'required_repeat_password';
  return repeat === password ? null : 'passwords_mismatch';
}

export function checkVerificationCode(value: string): ValidationMessageKey | null {
  if (isBlank(value)) return 'required_verification_code';
  return VERIFICATION_CODE_PATTERN.test(value) ? null : 'verification_code_error';
}

/** Checks the nickname as it will be stored (`normaliseNickname`): 1–20 characters of `NICKNAME_CHARACTERS`. */
export function checkNickname(value: string): ValidationMessageKey | null {
  const nickname = normaliseNickname(value);
  if (nickname === '') return 'required_nickname';
  if (characterCount(nickname) > NICKNAME_MAX_LENGTH) return 'nickname_too_long';
  return NICKNAME_CHARACTERS.test(nickname) ? null : 'nickname_format';
}

/** The bio may be empty; checked as it will be stored (`normaliseBio`). */
export function checkBio(value: string): ValidationMessageKey | null {
  return characterCount(normaliseBio(value)) <= BIO_MAX_LENGTH ? null : 'bio_too_long';
}

export function checkCountry(value: string): ValidationMessageKey | null {
  return isBlank(value) ? 'required_country' : null;
}

export function checkComment(value: string): ValidationMessageKey | null {
  return isBlank(value) ? 'comment_empty' : null;
}

export function checkAgreement(accepted: boolean): ValidationMessageKey | null {
  return accepted ? null : 'agreement_required';
}

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && checkEmail(value) === null;
}

export function isValidPassword(value: unknown): boolean {
  return typeof value === 'string' && checkPassword(value) === null;
}

export function isValidVerificationCode(value: unknown): boolean {
  return typeof value === 'string' && checkVerificationCode(value) === null;
}

export function passwordsMatch(password: string, repeat: string): boolean {
  return checkRepeatPassword(password, repeat) === null;
}

type FieldCheck = (value: string) => ValidationMessageKey | null;

/** Reports the key of `check` as the issue message, so a schema failure is translated like a form error. */
function reportKey(check: FieldCheck) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const key = check(value);
    if (key !== null) ctx.addIssue({ code: 'custom', message: key });
  };
}

/** A missing or non-string value reports `requiredKey`, like an empty one. */
function requiredString(requiredKey: ValidationMessageKey) {
  return z.string({ error: requiredKey });
}

export const emailSchema = requiredString('required_email').superRefine(reportKey(checkEmail));

export const passwordSchema = requiredString('required_password').superRefine(reportKey(checkPassword));

/** The current password on the change-password form; wrong ones answer 40005 from the server. */
export const originalPasswordSchema = requiredString('required_original_password').superRefine(
  reportKey((value) => checkPassword(value, 'required_original_password')),
);

export const verificationCodeSchema = requiredString('required_verification_code').superRefine(
  reportKey(checkVerificationCode),
);

/** Normalises the nickname (`normaliseNickname`), then checks it. */
export const nicknameSchema = requiredString('required_nickname')
  .transform(normaliseNickname)
  .superRefine(reportKey(checkNickname));

export const bioSchema = z.string().transform(normaliseBio).superRefine(reportKey(checkBio));

export const countrySchema = requiredString('required_country').trim().superRefine(reportKey(checkCountry));

export const commentSchema = requiredString('comment_empty').trim().superRefine(reportKey(checkComment));

export const agreementSchema = z.literal(true, { error: 'agreement_required' });

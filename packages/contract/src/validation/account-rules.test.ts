import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  agreementSchema,
  bioSchema,
  checkAgreement,
  checkBio,
  checkComment,
  checkCountry,
  checkEmail,
  checkNickname,
  checkPassword,
  checkRepeatPassword,
  checkVerificationCode,
  commentSchema,
  countrySchema,
  emailSchema,
  isValidEmail,
  isValidPassword,
  isValidVerificationCode,
  nicknameSchema,
  originalPasswordSchema,
  passwordSchema,
  passwordsMatch,
  verificationCodeSchema,
} from './account-rules.js';
import { BIO_MAX_LENGTH, EMAIL_MAX_LENGTH, NICKNAME_MAX_LENGTH } from './limits.js';
import { isValidationMessageKey } from './validation-messages.js';

/** The issue messages a schema reports for `input`; [] when it accepts it. */
function issueKeys(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('email', () => {
  it.each([
    'a@b.co',
    'user@example.com',
    'first.last+tag@sub.example.org',
    'UPPER@EXAMPLE.COM',
    'a@b.c.d',
    'user_name-1@exa-mple.io',
    '用户@例子.中国',
    'tiếng@việt.vn',
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(checkEmail(email)).toBeNull();
    expect(issueKeys(emailSchema, email)).toEqual([]);
  });

  it.each([
    'plain',
    'a@b',
    '@b.co',
    'a@.co',
    'a@b.',
    'a@@b.co',
    'a@b@c.co',
    'a b@c.co',
    'a@b .co',
    ' a@b.co',
    'a@b.co ',
    'a\t@b.co',
    'a@b.co\n',
    'a\u00a0b@c.co',
    '.',
    '@',
    // What a mailer reads as a display name or a list, delivering to another address than the one counted.
    'x<victim@host.com>',
    'victim@host.com>',
    '"a"@b.co',
    'a,b@c.co',
    'a;b@c.co',
    '(c)a@b.co',
    'a@b..co',
  ])('rejects %j as email_format', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(checkEmail(email)).toBe('email_format');
    expect(issueKeys(emailSchema, email)).toEqual(['email_format']);
  });

  it('allows at most 254 characters', () => {
    const at254 = `${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(checkEmail(`a${at254}`)).toBe('email_format');
  });

  it('asks for the email when it is empty or missing, never reporting the format', () => {
    expect(checkEmail('')).toBe('required_email');
    expect(checkEmail('   ')).toBe('required_email');
    expect(issueKeys(emailSchema, '')).toEqual(['required_email']);
    expect(issueKeys(emailSchema, undefined)).toEqual(['required_email']);
    expect(issueKeys(emailSchema, null)).toEqual(['required_email']);
    expect(issueKeys(emailSchema, 42)).toEqual(['required_email']);
  });

  it('isValidEmail refuses non-strings', () => {
    for (const value of [null, undefined, 1, {}, ['a@b.co']]) expect(isValidEmail(value)).toBe(false);
  });
});

describe('password', () => {
  it.each([
    ['abcd1234', 'letters and digits, 8 characters'],
    ['abcdefg!', 'letters and a symbol'],
    ['1234567_', 'digits and an underscore'],
    ['Passw0rd!', 'three kinds'],
    ['a234567890123456', 'two kinds, 16 characters'],
    ['密码密码密码12', 'CJK letters and digits'],
    ['mậtkhẩu9', 'Vietnamese letters and a digit'],
    ['Пароль№1', 'Cyrillic letters, a symbol and a digit'],
    ['!@#$%^&1', 'symbols and a digit'],
    ['😀😀😀😀abcd', 'emoji count as symbols, one character each'],
    ['mate\u0302\u0323kh9', 'combining marks count as letters'],
  ])('accepts %j (%s)', (password) => {
    expect(isValidPassword(password)).toBe(true);
    expect(checkPassword(password)).toBeNull();
    expect(issueKeys(passwordSchema, password)).toEqual([]);
  });

  it.each([
    ['abc1234', '7 characters'],
    ['a2345678901234567', '17 characters'],
    ['abcdefgh', 'letters only'],
    ['ABCDEFGHijkl', 'upper and lower case letters are one kind'],
    ['12345678', 'digits only'],
    ['!@#$%^&*', 'symbols only'],
    ['密码密码密码密码', 'CJK letters only'],
    ['mậtkhẩumới', 'Vietnamese letters only'],
    ['abcd 1234', 'a space'],
    ['abcd1234 ', 'a trailing space'],
    ['abcd\t1234', 'a tab'],
    ['abcd\u00a01234', 'a no-break space'],
    ['abcd\u30001234', 'an ideographic space'],
    ['abcd\u00001234', 'a NUL'],
    ['abcd\u001b1234', 'an escape'],
    ['abcd\u200b1234', 'a zero-width space'],
    ['abcd\ud8001234', 'a lone surrogate'],
    ['😀😀😀😀😀😀😀', '7 emoji'],
  ])('rejects %j (%s) as password_format', (password) => {
    expect(isValidPassword(password)).toBe(false);
    expect(checkPassword(password)).toBe('password_format');
    expect(issueKeys(passwordSchema, password)).toEqual(['password_format']);
  });

  it('counts the length boundaries 7/8/16/17', () => {
    expect(checkPassword('a'.repeat(6) + '1')).toBe('password_format');
    expect(checkPassword('a'.repeat(7) + '1')).toBeNull();
    expect(checkPassword('a'.repeat(15) + '1')).toBeNull();
    expect(checkPassword('a'.repeat(16) + '1')).toBe('password_format');
  });

  it('asks for the password when it is empty or missing', () => {
    expect(checkPassword('')).toBe('required_password');
    expect(checkPassword('   ')).toBe('required_password');
    expect(issueKeys(passwordSchema, '')).toEqual(['required_password']);
    expect(issueKeys(passwordSchema, undefined)).toEqual(['required_password']);
  });

  it('reports the required key of the field it checks', () => {
    expect(checkPassword('', 'required_original_password')).toBe('required_original_password');
    expect(checkPassword('', 'required_repeat_password')).toBe('required_repeat_password');
    expect(checkPassword('short', 'required_original_password')).toBe('password_format');
    expect(issueKeys(originalPasswordSchema, '')).toEqual(['required_original_password']);
    expect(issueKeys(originalPasswordSchema, undefined)).toEqual(['required_original_password']);
    expect(issueKeys(originalPasswordSchema, 'short')).toEqual(['password_format']);
    expect(issueKeys(originalPasswordSchema, 'abcd1234')).toEqual([]);
  });

  it('isValidPassword refuses non-strings', () => {
    for (const value of [null, undefined, 12345678, {}]) expect(isValidPassword(value)).toBe(false);
  });
});

describe('repeated password', () => {
  it('must match exactly', () => {
    expect(checkRepeatPassword('abcd1234', 'abcd1234')).toBeNull();
    expect(passwordsMatch('abcd1234', 'abcd1234')).toBe(true);
    expect(checkRepeatPassword('abcd1234', 'abcd1235')).toBe('passwords_mismatch');
    expect(checkRepeatPassword('abcd1234', 'ABCD1234')).toBe('passwords_mismatch');
    expect(checkRepeatPassword('abcd1234', 'abcd1234 ')).toBe('passwords_mismatch');
    expect(passwordsMatch('abcd1234', 'abcd12345')).toBe(false);
  });

  it('asks for the repetition when it is empty', () => {
    expect(checkRepeatPassword('abcd1234', '')).toBe('required_repeat_password');
    expect(checkRepeatPassword('', '')).toBe('required_repeat_password');
    expect(passwordsMatch('', '')).toBe(false);
  });
});

describe('verification code', () => {
  it.each(['000000', '123456', '987654'])('accepts %j', (code) => {
    expect(isValidVerificationCode(code)).toBe(true);
    expect(issueKeys(verificationCodeSchema, code)).toEqual([]);
  });

  it.each(['12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６', '١٢٣٤٥٦', '+12345', '12.456'])(
    'rejects %j as verification_code_error',
    (code) => {
      expect(isValidVerificationCode(code)).toBe(false);
      expect(checkVerificationCode(code)).toBe('verification_code_error');
      expect(issueKeys(verificationCodeSchema, code)).toEqual(['verification_code_error']);
    },
  );

  it('asks for the code when it is empty or missing', () => {
    expect(checkVerificationCode('')).toBe('required_verification_code');
    expect(issueKeys(verificationCodeSchema, '')).toEqual(['required_verification_code']);
    expect(issueKeys(verificationCodeSchema, 123456)).toEqual(['required_verification_code']);
    expect(isValidVerificationCode(123456)).toBe(false);
  });
});

describe('nickname and bio', () => {
  it('trims the nickname and caps it at 20 characters', () => {
    expect(nicknameSchema.parse('  Satoshi  ')).toBe('Satoshi');
    expect(checkNickname('x'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
    expect(checkNickname(` ${'x'.repeat(NICKNAME_MAX_LENGTH)} `)).toBeNull();
    expect(checkNickname('x'.repeat(NICKNAME_MAX_LENGTH + 1))).toBe('nickname_too_long');
    expect(checkNickname('币'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
    expect(checkNickname('😀'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
    expect(issueKeys(nicknameSchema, 'y'.repeat(NICKNAME_MAX_LENGTH + 1))).toEqual(['nickname_too_long']);
  });

  it("keeps nicknames to letters, digits, emoji, spaces and _ - . ' and strips invisible characters", () => {
    for (const fine of ['Nguyễn Văn A', '中本聪', "O'Neil_2.0", 'moon·boy', 'To the 🚀', '👍🏽 ok'])
      expect(checkNickname(fine)).toBeNull();
    for (const bad of ['<b>hi</b>', 'a&b', 'x"y', 'admin/root', 'hi!'])
      expect(checkNickname(bad)).toBe('nickname_format');
    expect(nicknameSchema.parse('Sa\u0000to\u200Bshi\u202E')).toBe('Satoshi');
    expect(nicknameSchema.parse('Satoshi\t\n  Nakamoto')).toBe('Satoshi Nakamoto');
    expect(nicknameSchema.parse('Nguye\u0302\u0303n')).toBe('Nguyễn'); // NFC
    expect(checkNickname('\u200B\u200B')).toBe('required_nickname');
    expect(checkNickname(`${'x'.repeat(NICKNAME_MAX_LENGTH)}\u0007`)).toBeNull();
  });

  it('strips control and direction characters from the bio but keeps its lines', () => {
    expect(bioSchema.parse('line one\r\nline\u0000 two\u202E')).toBe('line one\nline two');
    expect(checkBio(`${'b'.repeat(BIO_MAX_LENGTH)}\u0001\u0002`)).toBeNull();
  });

  it('asks for the nickname when it is blank or missing', () => {
    expect(checkNickname('')).toBe('required_nickname');
    expect(checkNickname('  ')).toBe('required_nickname');
    expect(issueKeys(nicknameSchema, '   ')).toEqual(['required_nickname']);
    expect(issueKeys(nicknameSchema, undefined)).toEqual(['required_nickname']);
  });

  it('allows an empty bio up to 200 characters', () => {
    expect(checkBio('')).toBeNull();
    expect(checkBio('b'.repeat(BIO_MAX_LENGTH))).toBeNull();
    expect(checkBio('b'.repeat(BIO_MAX_LENGTH + 1))).toBe('bio_too_long');
    expect(bioSchema.parse('  hello ')).toBe('hello');
    expect(issueKeys(bioSchema, 'b'.repeat(BIO_MAX_LENGTH + 1))).toEqual(['bio_too_long']);
  });
});

describe('country, comment and agreement', () => {
  it('requires a country', () => {
    expect(checkCountry('')).toBe('required_country');
    expect(checkCountry('VN')).toBeNull();
    expect(issueKeys(countrySchema, undefined)).toEqual(['required_country']);
    expect(issueKeys(countrySchema, ' ')).toEqual(['required_country']);
    expect(countrySchema.parse(' CN ')).toBe('CN');
  });

  it('refuses an empty comment', () => {
    expect(checkComment('')).toBe('comment_empty');
    expect(checkComment(' \n\t ')).toBe('comment_empty');
    expect(checkComment('To the moon')).toBeNull();
    expect(issueKeys(commentSchema, '  ')).toEqual(['comment_empty']);
    expect(issueKeys(commentSchema, undefined)).toEqual(['comment_empty']);
    expect(commentSchema.parse(' hi ')).toBe('hi');
  });

  it('needs the agreement accepted', () => {
    expect(checkAgreement(true)).toBeNull();
    expect(checkAgreement(false)).toBe('agreement_required');
    expect(issueKeys(agreementSchema, true)).toEqual([]);
    expect(issueKeys(agreementSchema, false)).toEqual(['agreement_required']);
    expect(issueKeys(agreementSchema, undefined)).toEqual(['agreement_required']);
  });
});

describe('schemas', () => {
  it('report message keys only', () => {
    const cases: [z.ZodType, unknown][] = [
      [emailSchema, 'bad'],
      [emailSchema, undefined],
      [passwordSchema, 'short'],
      [passwordSchema, 7],
      [originalPasswordSchema, ''],
      [verificationCodeSchema, 'abc'],
      [nicknameSchema, ''],
      [nicknameSchema, 'z'.repeat(30)],
      [bioSchema, 'z'.repeat(300)],
      [countrySchema, ''],
      [commentSchema, ''],
      [agreementSchema, false],
    ];
    for (const [schema, input] of cases) {
      const keys = issueKeys(schema, input);
      expect(keys).toHaveLength(1);
      expect(keys.every(isValidationMessageKey), keys.join()).toBe(true);
    }
  });
});

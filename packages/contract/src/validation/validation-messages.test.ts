import { describe, expect, it } from 'vitest';

import { APP_LANGUAGES } from '../i18n/languages.js';
import { isValidationMessageKey, VALIDATION_MESSAGE_KEYS, validationMessage } from './validation-messages.js';

describe('validationMessage', () => {
  it('translates every key into every language, each language distinctly', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      for (const lang of APP_LANGUAGES)
        expect(validationMessage(key, lang).trim(), `${key} ${lang}`).not.toBe('');
      expect(validationMessage(key, 'vi')).not.toBe(validationMessage(key, 'en'));
      expect(validationMessage(key, 'zh-Hans')).toMatch(/\p{Script=Han}/u);
    }
  });

  it('gives every key its own text', () => {
    for (const lang of APP_LANGUAGES) {
      const texts = VALIDATION_MESSAGE_KEYS.map((key) => validationMessage(key, lang));
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it.each([
    ['email_format', 'Email format incorrect'],
    ['password_format', 'Password format error'],
    ['passwords_mismatch', 'Two passwords are inconsistent'],
    ['verification_code_error', 'Verification code error'],
    ['required_email', 'Please enter your email'],
    ['required_password', 'Please enter your password'],
    ['required_repeat_password', 'Please repeat your password'],
    ['required_original_password', 'Please enter your original password'],
    ['required_country', 'Please select your country'],
    ['required_nickname', 'Please enter your nickname'],
    ['required_verification_code', 'Please enter the verification code'],
    ['agreement_required', 'Please agree to the User Agreement and Privacy Policy'],
    ['comment_empty', 'Comments cannot be empty'],
    ['nickname_too_long', 'Nickname cannot exceed 20 characters'],
    ['bio_too_long', 'Bio cannot exceed 200 characters'],
  ] as const)('reads %s in English as %j', (key, text) => {
    expect(validationMessage(key, 'en')).toBe(text);
  });

  it('reads the other languages', () => {
    expect(validationMessage('email_format', 'zh-Hans')).toBe('邮箱格式不正确');
    expect(validationMessage('passwords_mismatch', 'zh-Hans')).toBe('两次输入的密码不一致');
    expect(validationMessage('email_format', 'vi')).toBe('Email không đúng định dạng');
    expect(validationMessage('required_password', 'vi')).toBe('Vui lòng nhập mật khẩu');
  });
});

describe('isValidationMessageKey', () => {
  it('accepts the keys only', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) expect(isValidationMessageKey(key)).toBe(true);
    for (const value of ['', 'Email format incorrect', 'EMAIL_FORMAT', 'toString', null, undefined, 3, {}]) {
      expect(isValidationMessageKey(value)).toBe(false);
    }
  });
});

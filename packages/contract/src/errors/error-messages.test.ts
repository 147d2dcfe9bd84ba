import { describe, expect, it } from 'vitest';

import { APP_LANGUAGES } from '../i18n/languages.js';
import { ERROR_CODES, ErrorCode } from './error-codes.js';
import { ERROR_MESSAGES, errorMessage, parameterErrorMessage } from './error-messages.js';

describe('ERROR_MESSAGES', () => {
  it('has a non-empty message in every language for every code, and nothing else', () => {
    expect(
      Object.keys(ERROR_MESSAGES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...ERROR_CODES].sort((a, b) => a - b));
    for (const code of ERROR_CODES) {
      expect(Object.keys(ERROR_MESSAGES[code]).sort()).toEqual([...APP_LANGUAGES].sort());
      for (const lang of APP_LANGUAGES) {
        const text = ERROR_MESSAGES[code][lang];
        expect(text.trim(), `${code} ${lang}`).not.toBe('');
        expect(text, `${code} ${lang}`).toBe(text.trim());
      }
    }
  });

  it('translates: the vi and zh-Hans texts differ from the English one', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].vi).not.toBe(ERROR_MESSAGES[code].en);
      expect(ERROR_MESSAGES[code]['zh-Hans']).not.toBe(ERROR_MESSAGES[code].en);
      expect(ERROR_MESSAGES[code]['zh-Hans']).toMatch(/\p{Script=Han}/u);
    }
  });

  it('uses the wording of the spec', () => {
    expect(errorMessage(ErrorCode.LimitExceeded, 'en')).toBe(
      'Quantity exceeds the limit, cannot exceed 10 items',
    );
    expect(errorMessage(ErrorCode.TooFrequent, 'en')).toBe('Too frequent, retry later');
    expect(errorMessage(ErrorCode.EmailExists, 'en')).toBe('Same email exists');
    expect(errorMessage(ErrorCode.FollowSucceeded, 'en')).toBe('Successfully followed');
    expect(errorMessage(ErrorCode.SettingSucceeded, 'en')).toBe('Setting succeeded');
    expect(errorMessage(ErrorCode.CommentEmpty, 'en')).toBe('Comment cannot be empty');
    expect(errorMessage(ErrorCode.ParameterInvalid, 'en')).toBe('Parameter validation error');
    expect(errorMessage(ErrorCode.LimitExceeded, 'zh-Hans')).toBe('数量超出限制，不能超过10个');
    expect(errorMessage(ErrorCode.TooFrequent, 'vi')).toBe('Thao tác quá thường xuyên, vui lòng thử lại sau');
  });

  it('gives the codes the spec groups under one meaning the same text', () => {
    const groups = [
      [40001, 40002, 40003, 40004],
      [801113, 801114, 807003],
      [801115, 801116, 801117, 801118, 801119],
      [801125, 803000],
      [801126, 803001],
      [802001, 802002],
      [804101, 804113],
      [804104, 804112],
    ];
    for (const [first = 0, ...others] of groups) {
      for (const code of others) expect(errorMessage(code, 'en')).toBe(errorMessage(first, 'en'));
    }
  });
});

describe('errorMessage', () => {
  it.each(APP_LANGUAGES)('reads an unknown code as System error in %s', (lang) => {
    expect(errorMessage(123456, lang)).toBe(ERROR_MESSAGES[ErrorCode.SystemError][lang]);
    expect(errorMessage(Number.NaN, lang)).toBe(ERROR_MESSAGES[ErrorCode.SystemError][lang]);
  });

  it('reads the unknown-code fallback in each language', () => {
    expect(errorMessage(-7, 'en')).toBe('System error');
    expect(errorMessage(-7, 'vi')).toBe('Lỗi hệ thống');
    expect(errorMessage(-7, 'zh-Hans')).toBe('系统错误');
  });
});

describe('parameterErrorMessage', () => {
  it('names the field and the detail', () => {
    expect(parameterErrorMessage('email', 'Email format incorrect', 'en')).toBe(
      'Parameter validation error: email (Email format incorrect)',
    );
    expect(parameterErrorMessage('email', '邮箱格式不正确', 'zh-Hans')).toBe(
      '参数校验错误：email（邮箱格式不正确）',
    );
    expect(parameterErrorMessage('email', 'Email không đúng định dạng', 'vi')).toBe(
      'Lỗi xác thực tham số: email (Email không đúng định dạng)',
    );
  });

  it('leaves out a missing detail or field', () => {
    expect(parameterErrorMessage('timestamp', null, 'en')).toBe('Parameter validation error: timestamp');
    expect(parameterErrorMessage('timestamp', '', 'zh-Hans')).toBe('参数校验错误：timestamp');
    expect(parameterErrorMessage('', null, 'vi')).toBe('Lỗi xác thực tham số');
    expect(parameterErrorMessage('', 'Too long', 'en')).toBe('Parameter validation error: Too long');
  });
});

import { describe, expect, it } from 'vitest';

import { ERROR_CODES, ErrorCode, isErrorCode } from './error-codes.js';

/** Every server result code of the product's catalogue, ranges and pairs written out one by one. */
const SPEC_CODES = [
  0, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1010, 50500, 3001, 3002, 3003, 3004, 3005, 3006,
  3007, 3008, 3009, 3011, 40001, 40002, 40003, 40004, 40005, 40006, 40007, 40008, 40009, 40010, 5999, 801101,
  801102, 801103, 801104, 801105, 801106, 801109, 801110, 801111, 801112, 801113, 801114, 807003, 801115,
  801116, 801117, 801118, 801119, 801120, 801121, 801122, 801123, 801124, 801125, 803000, 801126, 803001,
  802000, 802001, 802002, 802004, 802005, 802008, 802009, 802100, 804100, 804101, 804113, 804102, 804103,
  804104, 804112, 804105, 804106, 804107, 804108, 804109, 804110, 804111, 805000, 805001, 805002,
];

describe('ErrorCode', () => {
  it('holds exactly the codes of the spec', () => {
    expect([...ERROR_CODES].sort((a, b) => a - b)).toEqual([...SPEC_CODES].sort((a, b) => a - b));
    expect(SPEC_CODES).toHaveLength(85);
  });

  it('gives every code one name and every name one code', () => {
    const names = Object.keys(ErrorCode);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(names.length).toBe(ERROR_CODES.length);
  });

  it('keeps the names the server already uses', () => {
    expect(ErrorCode).toMatchObject({
      Success: 0,
      SessionExpired: 1000,
      SystemError: 1001,
      NotLoggedIn: 1002,
      TokenInvalid: 1003,
      AbnormalAccount: 1004,
      LoginRequired: 1005,
      PermissionDenied: 1006,
      RestrictedUser: 1007,
      CannotLogOut: 1008,
      WrongPassword: 1010,
      ParameterInvalid: 50500,
      Failed: 3001,
      NotFound: 3002,
      SettingSucceeded: 3003,
      SettingFailed: 3004,
      FollowSucceeded: 3007,
      UnfollowSucceeded: 3008,
      LimitExceeded: 3009,
      LoginFailed: 40001,
      OldPasswordWrong: 40005,
      PasswordChangeFailed: 40006,
      EmailExists: 40008,
      CommentEmpty: 802000,
      TooFrequent: 802009,
    });
  });

  it('names are PascalCase', () => {
    for (const name of Object.keys(ErrorCode)) expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });
});

describe('isErrorCode', () => {
  it('accepts every catalogue code', () => {
    for (const code of SPEC_CODES) expect(isErrorCode(code)).toBe(true);
  });

  it.each([-1, 1, 999, 1009, 3010, 40011, 801107, 801108, 802003, 99999, 1000.5, Number.NaN])(
    'rejects %s',
    (code) => {
      expect(isErrorCode(code)).toBe(false);
    },
  );
});

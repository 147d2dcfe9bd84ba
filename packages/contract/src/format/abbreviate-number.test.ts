import { describe, expect, it } from 'vitest';

import { abbreviateNumber } from './abbreviate-number.js';

describe('abbreviateNumber in zh-Hans', () => {
  it.each([
    [1, '1.00'],
    [9999.5, '9,999.50'],
    [9999.994, '9,999.99'],
    [1e4, '1.00万'],
    [12345, '1.23万'],
    [99_994_999, '9,999.50万'],
    [1e8, '1.00亿'],
    [123_456_789, '1.23亿'],
    [1e12, '1.00万亿'],
    [1.5e13, '15.00万亿'],
    [1e16, '10,000.00万亿'],
  ])('abbreviates %j as %j', (value, expected) => {
    expect(abbreviateNumber(value, 'zh-Hans')).toBe(expected);
  });

  it('promotes to the next unit when rounding reaches it', () => {
    expect(abbreviateNumber(9999.995, 'zh-Hans')).toBe('1.00万');
    expect(abbreviateNumber(99_999_999, 'zh-Hans')).toBe('1.00亿');
    expect(abbreviateNumber(99_999_950, 'zh-Hans')).toBe('1.00亿');
    expect(abbreviateNumber(99_999_949, 'zh-Hans')).toBe('9,999.99万');
    expect(abbreviateNumber(999_999_999_999, 'zh-Hans')).toBe('1.00万亿');
    expect(abbreviateNumber(9999.5, 'zh-Hans', 0)).toBe('1万');
    expect(abbreviateNumber(99_995_000, 'zh-Hans', 0)).toBe('1亿');
  });

  it.each([
    [0, '0'],
    [-5, '-5'],
    [-123_456_789, '-123456789'],
    ['-1,234', '-1,234'],
  ])('returns the non-positive %j unchanged', (value, expected) => {
    expect(abbreviateNumber(value, 'zh-Hans')).toBe(expected);
  });

  it.each([Number.NaN, null, undefined, '', 'abc', Infinity])('shows "-" for %j', (value) => {
    expect(abbreviateNumber(value, 'zh-Hans')).toBe('-');
  });
});

describe.each(['en', 'vi'] as const)('abbreviateNumber in %s', (lang) => {
  it.each([
    [1, '1.00'],
    [9999.5, '9,999.50'],
    [1e4, '10,000.00'],
    [999_999, '999,999.00'],
    [1e6, '1.00M'],
    [1_234_567, '1.23M'],
    [1e8, '100.00M'],
    [1e9, '1.00B'],
    [1e10, '10.00B'],
    [1e12, '1.00T'],
    [2.5e15, '2,500.00T'],
    ['1,234,567,890', '1.23B'],
    ['$1,234', '1,234.00'],
  ])('abbreviates %j as %j', (value, expected) => {
    expect(abbreviateNumber(value, lang)).toBe(expected);
  });

  it('promotes to the next unit when rounding reaches it', () => {
    expect(abbreviateNumber(999_999.999, lang)).toBe('1.00M');
    expect(abbreviateNumber(999_999_999, lang)).toBe('1.00B');
    expect(abbreviateNumber(999_995_000_000, lang)).toBe('1.00T');
    expect(abbreviateNumber(999_994_999_999, lang)).toBe('999.99B');
    expect(abbreviateNumber(999_500, lang, 0)).toBe('999,500');
    expect(abbreviateNumber(999_999.5, lang, 0)).toBe('1M');
  });

  it('keeps the given decimals', () => {
    expect(abbreviateNumber(1_234_567, lang, 0)).toBe('1M');
    expect(abbreviateNumber(1_234_567, lang, 3)).toBe('1.235M');
  });

  it.each([
    [0, '0'],
    [-0, '0'],
    [-1e9, '-1000000000'],
    ['0', '0'],
  ])('returns the non-positive %j unchanged', (value, expected) => {
    expect(abbreviateNumber(value, lang)).toBe(expected);
  });

  it.each([Number.NaN, null, undefined, '', 'abc', -Infinity])('shows "-" for %j', (value) => {
    expect(abbreviateNumber(value, lang)).toBe('-');
  });
});

describe('abbreviateNumber decimals', () => {
  it('refuses invalid decimals', () => {
    expect(() => abbreviateNumber(1, 'en', -1)).toThrow(RangeError);
    expect(() => abbreviateNumber(1, 'zh-Hans', 2.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';

import { parseNumberText, toFiniteNumber } from './number-parsing.js';

describe('parseNumberText', () => {
  it.each([
    ['1234', 1234],
    ['1,234.5', 1234.5],
    ['$1,234', 1234],
    ['$ 1,234.56', 1234.56],
    ['-$1,234.5', -1234.5],
    ['$-1,234.5', -1234.5],
    ['−3.2', -3.2],
    ['+7', 7],
    ['¥12,345', 12345],
    ['€0.5', 0.5],
    ['£ 99', 99],
    ['₫25.000', 25],
    ['₩1,000', 1000],
    ['₹ 1,00,000', 100000],
    ['₽15', 15],
    ['₿0.00012345', 0.00012345],
    ['12 345 678', 12345678],
    ['12\u00a0345', 12345],
    ['  42  ', 42],
    ['.5', 0.5],
    ['5.', 5],
    ['0', 0],
    ['-0.00', -0],
    ['1e3', 1000],
    ['2.5E-3', 0.0025],
  ])('reads %j as %s', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '$',
    ',',
    'abc',
    '12abc',
    '1.2.3',
    '--1',
    '+-1',
    '0x10',
    'Infinity',
    'NaN',
    '1e',
    '1e999',
    '.',
    '12%',
  ])('refuses %j', (text) => {
    expect(parseNumberText(text)).toBeNull();
  });
});

describe('toFiniteNumber', () => {
  it('takes finite numbers and numeric texts', () => {
    expect(toFiniteNumber(3.5)).toBe(3.5);
    expect(toFiniteNumber(-2)).toBe(-2);
    expect(toFiniteNumber('1,234.5')).toBe(1234.5);
  });

  it.each([null, undefined, '', Number.NaN, Infinity, -Infinity, true, {}, [], 'abc', 10n])(
    'refuses %s',
    (value) => {
      expect(toFiniteNumber(value)).toBeNull();
    },
  );
});

import { describe, expect, it } from 'vitest';

import { formatNumber, formatPercent, formatPrice } from './number-format.js';

describe('formatNumber', () => {
  it.each([
    [1, '1.00'],
    [1234.5, '1,234.50'],
    [9999.5, '9,999.50'],
    [1e4, '10,000.00'],
    [1e8, '100,000,000.00'],
    [1e12, '1,000,000,000,000.00'],
    [0.004, '0.00'],
    [0.005, '0.01'],
    [1.005, '1.01'],
    [1234567.891, '1,234,567.89'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    ['1,234.5', '1,234.50'],
    ['$1,234', '1,234.00'],
    ['42', '42.00'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('uses the given decimals', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1234.5678, 4)).toBe('1,234.5678');
    expect(formatNumber(9999.5, 0)).toBe('10,000');
  });

  it.each([null, undefined, '', '  ', 'abc', Number.NaN, Infinity, -Infinity, {}, true])(
    'shows "-" for %j',
    (value) => {
      expect(formatNumber(value)).toBe('-');
    },
  );

  it.each([
    [0, '0'],
    [-0, '0'],
    [-5, '-5'],
    [-1234.567, '-1234.567'],
    ['0', '0'],
    ['-1,234', '-1,234'],
    ['$-5', '$-5'],
  ])('returns the non-positive %j unchanged', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each([-1, 1.5, 21, Number.NaN])('refuses %s decimals', (decimals) => {
    expect(() => formatNumber(1, decimals)).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it.each([
    [1.234, '+1.23%'],
    [-4.5, '-4.50%'],
    [0, '0.00%'],
    [-0, '0.00%'],
    [0.004, '0.00%'],
    [-0.004, '0.00%'],
    [0.005, '+0.01%'],
    [1234.5, '+1,234.50%'],
    ['-2.5', '-2.50%'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('uses the given decimals', () => {
    expect(formatPercent(12.3456, 1)).toBe('+12.3%');
    expect(formatPercent(-12.3456, 0)).toBe('-12%');
  });

  it.each([null, undefined, '', 'n/a', Number.NaN, Infinity])('shows "-" for %j', (value) => {
    expect(formatPercent(value)).toBe('-');
  });
});

describe('formatPrice', () => {
  it.each([
    [67890.123, '67,890.12'],
    [1, '1.00'],
    [1.005, '1.01'],
    [0.5, '0.5000'],
    [0.123456, '0.1235'],
    [0.00001234, '0.00001234'],
    [0.000012345, '0.00001235'],
    [0.99996, '1.00'],
    [0.99995, '1.00'],
    [0.99994, '0.9999'],
    [0.0099996, '0.01000'],
    [1e-12, '0.000000000001000'],
    [0, '0.00'],
    [-0.5, '-0.5000'],
    [-1234.5, '-1,234.50'],
    ['$0.0004567', '0.0004567'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', Number.NaN, -Infinity])('shows "-" for %j', (value) => {
    expect(formatPrice(value)).toBe('-');
  });
});

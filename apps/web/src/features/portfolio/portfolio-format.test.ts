import { describe, expect, it } from 'vitest';

import { formatAmount, formatSignedMoney, fromWallTime, toWallTime } from './portfolio-format';

describe('formatAmount', () => {
  it('groups and keeps up to eight decimals without trailing zeros', () => {
    expect(formatAmount(1250.5)).toBe('1,250.5');
    expect(formatAmount('0.00012000')).toBe('0.00012');
    expect(formatAmount(0.123456789)).toBe('0.12345679');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount('x')).toBe('-');
  });
});

describe('formatSignedMoney', () => {
  it('puts the sign before the unit, none on zero', () => {
    expect(formatSignedMoney(12.5, '$')).toBe('+$12.50');
    expect(formatSignedMoney(-3.2, '€')).toBe('-€3.20');
    expect(formatSignedMoney(-0.001, '$')).toBe('-$0.001000');
    expect(formatSignedMoney(0, '$')).toBe('$0.00');
    expect(formatSignedMoney(null, '$')).toBe('-');
  });
});

describe('wall time (UTC+8)', () => {
  it('shows an instant as UTC+8 wall time and reads it back', () => {
    const instant = Date.UTC(2026, 10, 27, 16, 5);
    expect(toWallTime(instant)).toBe('2026-11-28T00:05');
    expect(fromWallTime('2026-11-28T00:05')).toBe(instant);
    expect(fromWallTime('2026-11-28T00:05:30')).toBe(instant + 30_000);
  });

  it('refuses what is not a date-time', () => {
    expect(fromWallTime('')).toBeNull();
    expect(fromWallTime('2026-02-30T10:00')).toBeNull();
    expect(fromWallTime('yesterday')).toBeNull();
  });
});

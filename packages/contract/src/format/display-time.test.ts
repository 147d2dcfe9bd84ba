import { describe, expect, it } from 'vitest';

import { DISPLAY_UTC_OFFSET_HOURS, epochMs, formatDateTime, toDisplayParts } from './display-time.js';

/** 2020-11-21 16:30:05 UTC, a Saturday: 2020-11-22 00:30:05 on a UTC+8 clock, a Sunday. */
const LATE_SATURDAY_UTC = Date.UTC(2020, 10, 21, 16, 30, 5);

describe('formatDateTime', () => {
  it('is UTC+8', () => {
    expect(DISPLAY_UTC_OFFSET_HOURS).toBe(8);
  });

  it.each([
    ['YYYY-MM-DD HH:mm', '2020-11-22 00:30'],
    ['YYYY-MM-DD', '2020-11-22'],
    ['MM-DD HH:mm', '11-22 00:30'],
    ['HH:mm', '00:30'],
    ['HH:mm:ss', '00:30:05'],
  ] as const)('shifts 16:30 UTC to the next day for %s', (pattern, expected) => {
    expect(formatDateTime(LATE_SATURDAY_UTC, pattern)).toBe(expected);
    expect(formatDateTime(new Date(LATE_SATURDAY_UTC), pattern)).toBe(expected);
  });

  it('stays on the same day before 16:00 UTC', () => {
    expect(formatDateTime(Date.UTC(2020, 10, 21, 15, 59, 59), 'YYYY-MM-DD HH:mm')).toBe('2020-11-21 23:59');
    expect(formatDateTime(Date.UTC(2020, 10, 21, 16, 0), 'YYYY-MM-DD HH:mm')).toBe('2020-11-22 00:00');
  });

  it('crosses months, years and leap days', () => {
    expect(formatDateTime(Date.UTC(2023, 11, 31, 16, 0), 'YYYY-MM-DD HH:mm')).toBe('2024-01-01 00:00');
    expect(formatDateTime(Date.UTC(2024, 1, 28, 20, 0), 'YYYY-MM-DD')).toBe('2024-02-29');
    expect(formatDateTime(Date.UTC(2023, 1, 28, 20, 0), 'YYYY-MM-DD')).toBe('2023-03-01');
    expect(formatDateTime(0, 'YYYY-MM-DD HH:mm')).toBe('1970-01-01 08:00');
  });

  it('shows "-" for an invalid time', () => {
    expect(formatDateTime(Number.NaN, 'HH:mm')).toBe('-');
    expect(formatDateTime(Infinity, 'YYYY-MM-DD')).toBe('-');
    expect(formatDateTime(new Date('not a date'), 'YYYY-MM-DD')).toBe('-');
    expect(formatDateTime(8.64e15, 'YYYY-MM-DD')).toBe('-');
  });
});

describe('toDisplayParts', () => {
  it('reads the UTC+8 wall clock', () => {
    expect(toDisplayParts(LATE_SATURDAY_UTC)).toEqual({
      year: 2020,
      month: 11,
      day: 22,
      hour: 0,
      minute: 30,
      second: 5,
      weekday: 0,
    });
  });

  it('is null for an invalid time', () => {
    expect(toDisplayParts(Number.NaN)).toBeNull();
  });
});

describe('epochMs', () => {
  it('takes milliseconds or a Date', () => {
    expect(epochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(epochMs(new Date(1_700_000_000_000))).toBe(1_700_000_000_000);
  });
});

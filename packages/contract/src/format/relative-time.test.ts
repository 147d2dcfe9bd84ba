import { describe, expect, it } from 'vitest';

import { formatRelativeTime } from './relative-time.js';

const NOW = Date.UTC(2024, 5, 15, 4, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now', '刚刚', 'vừa xong'],
    [59 * SECOND, 'just now', '刚刚', 'vừa xong'],
    [-30 * SECOND, 'just now', '刚刚', 'vừa xong'],
    [MINUTE, '1 min ago', '1分钟前', '1 phút trước'],
    [59 * MINUTE + 59 * SECOND, '59 min ago', '59分钟前', '59 phút trước'],
    [HOUR, '1 h ago', '1小时前', '1 giờ trước'],
    [23 * HOUR + 59 * MINUTE, '23 h ago', '23小时前', '23 giờ trước'],
  ])('reads an age of %s ms', (age, en, zh, vi) => {
    expect(formatRelativeTime(NOW - age, NOW, 'en')).toBe(en);
    expect(formatRelativeTime(NOW - age, NOW, 'zh-Hans')).toBe(zh);
    expect(formatRelativeTime(new Date(NOW - age), new Date(NOW), 'vi')).toBe(vi);
  });

  it('shows the UTC+8 date from one day on', () => {
    expect(formatRelativeTime(NOW - 24 * HOUR, NOW, 'en')).toBe('06-14 12:00');
    expect(formatRelativeTime(Date.UTC(2024, 0, 1, 16, 30), NOW, 'zh-Hans')).toBe('01-02 00:30');
  });

  it('shows the full date for an earlier year on the UTC+8 calendar', () => {
    expect(formatRelativeTime(Date.UTC(2023, 11, 31, 15, 0), NOW, 'en')).toBe('2023-12-31');
    expect(formatRelativeTime(Date.UTC(2023, 11, 31, 16, 0), NOW, 'en')).toBe('01-01 00:00');
  });

  it('shows the date of a time more than a minute ahead', () => {
    expect(formatRelativeTime(NOW + 2 * MINUTE, NOW, 'en')).toBe('06-15 12:02');
  });

  it('shows "-" for an invalid time', () => {
    expect(formatRelativeTime(Number.NaN, NOW, 'en')).toBe('-');
    expect(formatRelativeTime(NOW, Number.NaN, 'vi')).toBe('-');
    expect(formatRelativeTime(Infinity, NOW, 'zh-Hans')).toBe('-');
  });
});

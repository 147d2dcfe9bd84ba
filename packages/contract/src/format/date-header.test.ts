import { describe, expect, it } from 'vitest';

import { APP_LANGUAGES } from '../i18n/languages.js';
import { formatDateHeader, weekdayNames } from './date-header.js';

const LATE_SATURDAY_UTC = Date.UTC(2020, 10, 21, 16, 30);

describe('weekdayNames', () => {
  it('lists the week from Sunday in each language', () => {
    expect(weekdayNames('zh-Hans')).toEqual([
      '星期日',
      '星期一',
      '星期二',
      '星期三',
      '星期四',
      '星期五',
      '星期六',
    ]);
    expect(weekdayNames('en')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('vi')).toEqual([
      'Chủ Nhật',
      'Thứ Hai',
      'Thứ Ba',
      'Thứ Tư',
      'Thứ Năm',
      'Thứ Sáu',
      'Thứ Bảy',
    ]);
  });

  it.each(APP_LANGUAGES)('has seven distinct names in %s', (lang) => {
    expect(new Set(weekdayNames(lang)).size).toBe(7);
  });
});

describe('formatDateHeader', () => {
  it('heads the day of 16:30 UTC Saturday as Sunday in UTC+8', () => {
    expect(formatDateHeader(LATE_SATURDAY_UTC, 'zh-Hans')).toBe('11月22日 星期日');
    expect(formatDateHeader(LATE_SATURDAY_UTC, 'en')).toBe('Sun, Nov 22');
    expect(formatDateHeader(LATE_SATURDAY_UTC, 'vi')).toBe('Chủ Nhật, 22/11');
  });

  it('formats single-digit days and months', () => {
    const newYear = Date.UTC(2024, 0, 1, 4, 0);
    expect(formatDateHeader(newYear, 'zh-Hans')).toBe('1月1日 星期一');
    expect(formatDateHeader(newYear, 'en')).toBe('Mon, Jan 1');
    expect(formatDateHeader(new Date(newYear), 'vi')).toBe('Thứ Hai, 01/01');
  });

  it.each(APP_LANGUAGES)('shows "-" for an invalid time in %s', (lang) => {
    expect(formatDateHeader(Number.NaN, lang)).toBe('-');
  });
});

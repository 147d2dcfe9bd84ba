import type { Localised } from '../i18n/localised-text.js';
import type { AppLanguage } from '../i18n/languages.js';
import { toDisplayParts } from './display-time.js';
import { twoDigits } from './number-text.js';

/** Seven names, Sunday first. */
export type WeekdayNames = readonly [string, string, string, string, string, string, string];

/** The spec's "week list": the weekday names of date headers (decision D3). */
const WEEKDAY_NAMES: Localised<WeekdayNames> = {
  'zh-Hans': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  vi: ['Chủ Nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'],
};

const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export function weekdayNames(lang: AppLanguage): WeekdayNames {
  return WEEKDAY_NAMES[lang];
}

/**
 * The day heading of a timeline, in UTC+8: zh-Hans "11月22日 星期日", en "Sun, Nov 22", vi "Chủ Nhật, 22/11".
 * "-" for an invalid timestamp.
 */
export function formatDateHeader(ts: number | Date, lang: AppLanguage): string {
  const parts = toDisplayParts(ts);
  if (!parts) return '-';
  const weekday = WEEKDAY_NAMES[lang][parts.weekday];
  switch (lang) {
    case 'zh-Hans':
      return `${parts.month}月${parts.day}日 ${weekday}`;
    case 'en':
      return `${weekday}, ${EN_MONTHS[parts.month - 1] ?? ''} ${parts.day}`;
    case 'vi':
      return `${weekday}, ${twoDigits(parts.day)}/${twoDigits(parts.month)}`;
  }
}

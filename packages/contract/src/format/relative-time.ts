import type { Localised } from '../i18n/localised-text.js';
import type { AppLanguage } from '../i18n/languages.js';
import { epochMs, formatDateTime, toDisplayParts } from './display-time.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface RelativeWords {
  justNow: string;
  minutesAgo: (minutes: number) => string;
  hoursAgo: (hours: number) => string;
}

const RELATIVE_WORDS: Localised<RelativeWords> = {
  'zh-Hans': { justNow: '刚刚', minutesAgo: (n) => `${n}分钟前`, hoursAgo: (n) => `${n}小时前` },
  en: { justNow: 'just now', minutesAgo: (n) => `${n} min ago`, hoursAgo: (n) => `${n} h ago` },
  vi: { justNow: 'vừa xong', minutesAgo: (n) => `${n} phút trước`, hoursAgo: (n) => `${n} giờ trước` },
};

/**
 * The age of a news item: "just now" under a minute, then whole minutes, then whole hours under a day; older
 * (or more than a minute in the future, i.e. a skewed clock) shows the UTC+8 date: "MM-DD HH:mm" within the
 * current year, "YYYY-MM-DD" before it. "-" for an invalid timestamp.
 */
export function formatRelativeTime(ts: number | Date, now: number | Date, lang: AppLanguage): string {
  const elapsed = epochMs(now) - epochMs(ts);
  if (Number.isNaN(elapsed)) return '-';
  const words = RELATIVE_WORDS[lang];
  if (elapsed >= -MINUTE_MS && elapsed < MINUTE_MS) return words.justNow;
  if (elapsed >= MINUTE_MS && elapsed < HOUR_MS) return words.minutesAgo(Math.floor(elapsed / MINUTE_MS));
  if (elapsed >= HOUR_MS && elapsed < DAY_MS) return words.hoursAgo(Math.floor(elapsed / HOUR_MS));
  const sameYear = toDisplayParts(ts)?.year === toDisplayParts(now)?.year;
  return formatDateTime(ts, sameYear ? 'MM-DD HH:mm' : 'YYYY-MM-DD');
}

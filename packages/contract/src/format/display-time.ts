import { twoDigits } from './number-text.js';

/** Times are shown in UTC+8 whatever the device's time zone (decision D3). */
export const DISPLAY_UTC_OFFSET_HOURS = 8;

const DISPLAY_OFFSET_MS = DISPLAY_UTC_OFFSET_HOURS * 3_600_000;

/** 0 = Sunday, as `Date#getUTCDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A moment as read on a UTC+8 clock. */
export interface DisplayDateParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

export type DateTimePattern = 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD' | 'MM-DD HH:mm' | 'HH:mm' | 'HH:mm:ss';

/** Timestamps are Unix milliseconds (or a Date). */
export function epochMs(ts: number | Date): number {
  return typeof ts === 'number' ? ts : ts.getTime();
}

/** Null for a timestamp that is not a valid time. */
export function toDisplayParts(ts: number | Date): DisplayDateParts | null {
  // Shifting the instant and reading its UTC fields gives the UTC+8 wall clock without the host's zone.
  const shifted = new Date(epochMs(ts) + DISPLAY_OFFSET_MS);
  if (Number.isNaN(shifted.getTime())) return null;
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay() as Weekday,
  };
}

/** "-" for an invalid timestamp. */
export function formatDateTime(ts: number | Date, pattern: DateTimePattern): string {
  const parts = toDisplayParts(ts);
  if (!parts) return '-';
  const date = `${twoDigits(parts.month)}-${twoDigits(parts.day)}`;
  const time = `${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
  const year = String(parts.year).padStart(4, '0');
  switch (pattern) {
    case 'YYYY-MM-DD HH:mm':
      return `${year}-${date} ${time}`;
    case 'YYYY-MM-DD':
      return `${year}-${date}`;
    case 'MM-DD HH:mm':
      return `${date} ${time}`;
    case 'HH:mm':
      return time;
    case 'HH:mm:ss':
      return `${time}:${twoDigits(parts.second)}`;
  }
}

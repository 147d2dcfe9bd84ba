import { DISPLAY_UTC_OFFSET_HOURS, formatPrice } from '@coinlens/contract';

const MAX_AMOUNT_DECIMALS = 8;
const amountFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: MAX_AMOUNT_DECIMALS });

/** A coin amount: grouped, up to 8 decimals, no trailing zeros ("1,250.5", "0.00012"). */
export function formatAmount(value: number | string | null | undefined): string {
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return '-';
  return amountFormatter.format(number);
}

/** A gain or loss with its sign before the unit ("+$12.50", "-€3.20", "$0.00"); "-" when unknown. */
export function formatSignedMoney(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const text = formatPrice(Math.abs(value));
  if (Number(text.replaceAll(',', '')) === 0) return `${unit}${text}`;
  return `${value > 0 ? '+' : '-'}${unit}${text}`;
}

const OFFSET_MS = DISPLAY_UTC_OFFSET_HOURS * 3_600_000;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A time as the value of a `datetime-local` field, in the app's display time (UTC+8, decision D3), so the form
 * reads like every other time in the app whatever the device's zone.
 */
export function toWallTime(epochMs: number): string {
  const wall = new Date(epochMs + OFFSET_MS);
  return (
    `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}` +
    `T${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`
  );
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Back from a `datetime-local` value in UTC+8 to epoch milliseconds; null when it is not one. */
export function fromWallTime(text: string): number | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return utc - OFFSET_MS;
}

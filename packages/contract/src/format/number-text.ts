// Internal helpers of the formatters; deliberately not exported from the package barrel.
import { toFiniteNumber } from './number-parsing.js';

export const MAX_DECIMALS = 20;

/** Decimals are a constant of the calling code, so a bad value is a programming error. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

const fixedFormatters = new Map<number, Intl.NumberFormat>();

/**
 * `value` with `decimals` fixed decimals and comma thousands separators, the same in every app language
 * (crypto prices are written 1,234.56 in all three). Intl rounds the number as written, half away from zero
 * (1.005 → "1.01"), where `toFixed` would round its binary value (1.00499… → "1.00").
 */
export function groupedFixed(value: number, decimals: number): string {
  let formatter = fixedFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    fixedFormatters.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** The value `groupedFixed` shows, as a number; decide units and signs with this so they match the text. */
export function roundedTo(value: number, decimals: number): number {
  return Number(groupedFixed(value, decimals).replaceAll(',', ''));
}

const significantFormatters = new Map<number, Intl.NumberFormat>();

/** `value` rounded to `digits` significant digits, the same way `groupedFixed` rounds. */
export function roundedToSignificant(value: number, digits: number): number {
  let formatter = significantFormatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits, useGrouping: false });
    significantFormatters.set(digits, formatter);
  }
  return Number(formatter.format(value));
}

/**
 * The spec's rule for its number formatter (§5): "-" for anything that is not a number, a value ≤ 0 as given,
 * and `format` for the rest.
 */
export function formatPositive(value: unknown, format: (positive: number) => string): string {
  const number = toFiniteNumber(value);
  if (number === null) return '-';
  if (number <= 0) return typeof value === 'string' ? value : String(number);
  return format(number);
}

export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

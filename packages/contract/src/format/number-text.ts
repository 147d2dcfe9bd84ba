// Internal helpers of the formatters; deliberately not exported from the package barrel.
import { toFiniteNumber } from './number-parsing.js';

export const MAX_DECIMALS = 20;

/** Decimals are a constant of the calling code, so a bad value is a programming error. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

/**
 * The decimal digits of |value| as JavaScript writes it (the shortest digits that read back as the same double)
 * and the power of ten of the first digit: 1234.5 → { digits: '12345', exponent: 3 }.
 */
function shortestDigits(value: number): { digits: string; exponent: number } {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toExponential().split('e');
  return { digits: mantissa.replace('.', ''), exponent: Number(exponent) };
}

/**
 * The first `keep` digits of `digits`, rounded half away from zero on the rest ('1995', 3 → '200' with a carry
 * that lengthens it to '2000' when every digit was a 9: the caller's exponent then grows by one).
 */
function roundDigits(digits: string, keep: number): string {
  if (keep <= 0) return keep === 0 && digits.charCodeAt(0) >= 53 /* '5' */ ? '1' : '';
  if (digits.length <= keep) return digits;
  const kept = digits.slice(0, keep);
  if (digits.charCodeAt(keep) < 53) return kept;
  let index = keep - 1;
  while (index >= 0 && kept[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(keep)}`;
  return kept.slice(0, index) + String(Number(kept[index]) + 1) + '0'.repeat(keep - 1 - index);
}

function groupThousands(integer: string): string {
  const head = integer.length % 3 || 3;
  let text = integer.slice(0, head);
  for (let index = head; index < integer.length; index += 3) text += `,${integer.slice(index, index + 3)}`;
  return text;
}

/**
 * `value` with `decimals` fixed decimals and comma thousands separators, the same in every app language
 * (crypto prices are written 1,234.56 in all three). The number is rounded as written, half away from zero
 * (1.005 → "1.01"), where `toFixed` would round its binary value (1.00499… → "1.00") — what
 * `Intl.NumberFormat('en-US')` does, written out because a page's first `Intl.NumberFormat` loads ICU's number
 * data: ~20 ms of a phone's first screen (issue 23). A property test holds the two to the same text.
 */
export function groupedFixed(value: number, decimals: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { digits, exponent } = shortestDigits(value);
  // Digits up to the last decimal shown; a carry adds one in front ('999' → '1000').
  const keep = exponent + 1 + decimals;
  const rounded = roundDigits(digits, keep);
  const width = Math.max(keep, 0) + (rounded.length > keep && keep >= 0 ? 1 : 0);
  const padded = rounded.padEnd(width, '0').padStart(decimals + 1, '0');
  const integer = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals);
  return `${sign}${groupThousands(integer)}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** The value `groupedFixed` shows, as a number; decide units and signs with this so they match the text. */
export function roundedTo(value: number, decimals: number): number {
  return Number(groupedFixed(value, decimals).replaceAll(',', ''));
}

/**
 * `value` rounded to `digits` significant digits, the same way `groupedFixed` rounds. Up to 15 digits this is
 * what `Intl.NumberFormat` with `maximumSignificantDigits` answers; beyond, ICU rounds a 15-digit approximation
 * of the double (999999.9999999995 to 16 digits → 1000000) where this keeps the digits as written.
 */
export function roundedToSignificant(value: number, digits: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const { digits: all, exponent } = shortestDigits(value);
  const rounded = roundDigits(all, digits);
  const sign = value < 0 ? '-' : '';
  // A carry ('9996' → '1000' and a fifth digit) stands for one more power of ten: its digits still count from
  // the same place as the `digits` kept.
  return Number(`${sign}${rounded}e${exponent + 1 - Math.min(rounded.length, digits)}`);
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

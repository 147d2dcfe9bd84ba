import {
  assertDecimals,
  formatPositive,
  groupedFixed,
  roundedTo,
  roundedToSignificant,
} from './number-text.js';
import { toFiniteNumber } from './number-parsing.js';

/**
 * The spec's number formatter (§5): thousands separators and `decimals` fixed decimals for positive numbers
 * and numeric texts ("1,234.5", "$1,234"); "-" when empty or not a number; a value ≤ 0 is returned as given.
 */
export function formatNumber(value: unknown, decimals = 2): string {
  assertDecimals(decimals);
  return formatPositive(value, (positive) => groupedFixed(positive, decimals));
}

/** A change already in percent (1.23 → "+1.23%"); a value that rounds to zero has no sign. */
export function formatPercent(value: unknown, decimals = 2): string {
  assertDecimals(decimals);
  const number = toFiniteNumber(value);
  if (number === null) return '-';
  const magnitude = Math.abs(number);
  if (roundedTo(magnitude, decimals) === 0) return `${groupedFixed(0, decimals)}%`;
  return `${number > 0 ? '+' : '-'}${groupedFixed(magnitude, decimals)}%`;
}

const PRICE_DECIMALS = 2;
const SMALL_PRICE_SIGNIFICANT_DIGITS = 4;
/** Intl's limit; a price below 1e-97 shows as zeros. */
const MAX_PRICE_DECIMALS = 100;

/** A price with 2 decimals from 1 up, and 4 significant digits below 1 (0.00001234), so small coins stay readable. */
export function formatPrice(value: unknown): string {
  const number = toFiniteNumber(value);
  if (number === null) return '-';
  const magnitude = Math.abs(number);
  const sign = number < 0 ? '-' : '';
  return sign + groupedFixed(magnitude, priceDecimals(magnitude));
}

function priceDecimals(magnitude: number): number {
  if (magnitude === 0) return PRICE_DECIMALS;
  // The exponent after rounding to 4 significant digits: 0.99996 counts as 1.000 and gets 2 decimals.
  const rounded = roundedToSignificant(magnitude, SMALL_PRICE_SIGNIFICANT_DIGITS);
  const exponent = Number(rounded.toExponential().split('e')[1]);
  if (exponent >= 0) return PRICE_DECIMALS;
  return Math.min(SMALL_PRICE_SIGNIFICANT_DIGITS - 1 - exponent, MAX_PRICE_DECIMALS);
}

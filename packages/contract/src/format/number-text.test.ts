import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { groupedFixed, roundedTo, roundedToSignificant } from './number-text.js';

/** What the formatters stand in for: ICU's en-US number formatting, which rounds half away from zero. */
function intlFixed(value: number, decimals: number): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

function intlSignificant(value: number, digits: number): number {
  return Number(
    new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits, useGrouping: false }).format(value),
  );
}

/** Doubles of every magnitude, and decimal-looking ones that sit on a rounding half (2.675, 0.125, 1.005). */
const anyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.double({ min: -1e6, max: 1e6 }),
  fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 12 }))
    .map(([units, scale]) => units / 10 ** scale),
  fc.integer({ min: 0, max: 18 }).map((scale) => 5 / 10 ** scale),
  fc.constantFrom(0, -0, 999.995, 9.995, 0.995, 99_999.999_5, 1e21, 5e-324, Number.MAX_VALUE),
);

describe('groupedFixed', () => {
  it('writes what Intl.NumberFormat en-US writes, for any number and 0–20 decimals', () => {
    fc.assert(
      fc.property(anyNumber, fc.integer({ min: 0, max: 20 }), (value, decimals) => {
        expect(groupedFixed(value, decimals)).toBe(intlFixed(value, decimals));
      }),
      { numRuns: 20_000 },
    );
  });

  it('rounds the number as written, half away from zero, and groups thousands', () => {
    expect(groupedFixed(1.005, 2)).toBe('1.01');
    expect(groupedFixed(2.675, 2)).toBe('2.68');
    expect(groupedFixed(-0.5, 0)).toBe('-1');
    expect(groupedFixed(999_999.996, 2)).toBe('1,000,000.00');
    expect(groupedFixed(0.006, 2)).toBe('0.01');
    expect(groupedFixed(0.004, 2)).toBe('0.00');
    expect(groupedFixed(-0.001, 2)).toBe('-0.00');
    expect(groupedFixed(1234567.891, 1)).toBe('1,234,567.9');
    expect(groupedFixed(Number.POSITIVE_INFINITY, 2)).toBe('∞');
  });

  it('reads back as the rounded number', () => {
    expect(roundedTo(1.005, 2)).toBe(1.01);
    expect(roundedTo(1234.5, 0)).toBe(1235);
  });
});

describe('roundedToSignificant', () => {
  it('equals the number Intl.NumberFormat writes with 1–15 significant digits', () => {
    fc.assert(
      fc.property(anyNumber.filter(Number.isFinite), fc.integer({ min: 1, max: 15 }), (value, digits) => {
        expect(Object.is(roundedToSignificant(value, digits), intlSignificant(value, digits))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('carries into a new digit', () => {
    expect(roundedToSignificant(0.000_999_96, 4)).toBe(0.001);
    expect(roundedToSignificant(123_456, 2)).toBe(120_000);
  });

  it('leaves what is not a finite number as it is (Intl would write ∞, which reads back as NaN)', () => {
    expect(roundedToSignificant(Number.NEGATIVE_INFINITY, 3)).toBe(Number.NEGATIVE_INFINITY);
    expect(roundedToSignificant(Number.NaN, 3)).toBeNaN();
  });
});

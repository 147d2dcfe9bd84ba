/**
 * Exact decimals as bigints of a fixed scale: 1.5 at scale 18 is 1_500_000_000_000_000_000n. The portfolio keeps
 * amounts and prices this way so sums, products and the CSV round trip lose nothing (binary floats would).
 */

/** Digits after the point of an amount, a US-dollar unit price and a US-dollar fee. */
export const UNIT_SCALE = 18;
/** Digits after the point of money: an amount (scale 18) times a unit price (scale 18) is exact at 36. */
export const MONEY_SCALE = 36;

const powers = new Map<number, bigint>();
function tenTo(digits: number): bigint {
  let power = powers.get(digits);
  if (power === undefined) {
    power = 10n ** BigInt(digits);
    powers.set(digits, power);
  }
  return power;
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * `text` (plain digits with an optional fraction) at `scale`; null if it is not such a text or has more fraction
 * digits than the scale holds (never rounds silently).
 */
export function parseDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return null;
  return BigInt(whole) * tenTo(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** The canonical text of `value` at `scale`: no leading zeros, no trailing fraction zeros, no point for integers. */
export function formatDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / tenTo(scale);
  const fraction = (magnitude % tenTo(scale)).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The nearest double to `value` at `scale` (for display). */
export function decimalToNumber(value: bigint, scale: number): number {
  return Number(formatDecimal(value, scale));
}

/** `value` moved from scale `from` to scale `to`, rounding half away from zero when digits are dropped. */
export function rescale(value: bigint, from: number, to: number): bigint {
  return to >= from ? value * tenTo(to - from) : divideRounded(value, tenTo(from - to));
}

/** numerator / denominator rounded half away from zero; the denominator must be positive. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** A finite positive double (an exchange rate) as decimal text with at most 12 significant digits. */
export function rateText(rate: number): string {
  const [mantissa = '0', exponentText = '0'] = rate.toExponential(11).split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  // digits × 10^(exponent − digits.length + 1)
  const shift = exponent - digits.length + 1;
  const text =
    shift >= 0
      ? digits + '0'.repeat(shift)
      : digits.length + shift > 0
        ? `${digits.slice(0, digits.length + shift)}.${digits.slice(digits.length + shift)}`
        : `0.${'0'.repeat(-shift - digits.length)}${digits}`;
  const value = parseDecimal(text, UNIT_SCALE + 12);
  return value === null ? text : formatDecimal(rescale(value, UNIT_SCALE + 12, UNIT_SCALE), UNIT_SCALE);
}

/** Currency symbols (Unicode category Sc: $ ¥ € £ ₫ ₩ ₹ ₽ ₿ …), thousands commas and any whitespace. */
const IGNORED_CHARACTERS = /[\p{Sc},\s]/gu;
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** Reads a displayed amount such as "$1,234.50", "¥ 12 345" or "−3.2" as a number; null when it is not one. */
export function parseNumberText(text: string): number | null {
  const plain = text.replace(IGNORED_CHARACTERS, '').replace('\u2212', '-');
  if (!NUMBER_PATTERN.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

/** A finite number from a number or a numeric text (see `parseNumberText`); null for anything else. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return parseNumberText(value);
  return null;
}

import type { Localised } from '../i18n/localised-text.js';
import type { AppLanguage } from '../i18n/languages.js';
import { assertDecimals, formatPositive, groupedFixed, roundedTo } from './number-text.js';

interface NumberUnit {
  size: number;
  suffix: string;
}

const WESTERN_UNITS: readonly NumberUnit[] = [
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
  { size: 1e12, suffix: 'T' },
];

/**
 * Units from small to large. The spec's "G (1e9), B (1e10)" for other languages is a defect of the original
 * (B would mean ten billion and G is not used for money); decision D2 replaces it with M, B, T.
 */
const UNITS: Localised<readonly NumberUnit[]> = {
  'zh-Hans': [
    { size: 1e4, suffix: '万' },
    { size: 1e8, suffix: '亿' },
    { size: 1e12, suffix: '万亿' },
  ],
  en: WESTERN_UNITS,
  vi: WESTERN_UNITS,
};

/**
 * Market caps and volumes in the language's units: zh-Hans 万, 亿, 万亿; en and vi M, B, T, and below the
 * smallest unit the full number with separators. "-" when empty or not a number; a value ≤ 0 as given.
 */
export function abbreviateNumber(value: unknown, lang: AppLanguage, decimals = 2): string {
  assertDecimals(decimals);
  return formatPositive(value, (positive) => abbreviate(positive, UNITS[lang], decimals));
}

function abbreviate(value: number, units: readonly NumberUnit[], decimals: number): string {
  let unit: NumberUnit | undefined;
  for (const candidate of units) {
    if (value >= candidate.size) unit = candidate;
  }
  // Rounding can reach the next unit (99,999,999 is 9999.9999万); show "1.00亿" rather than "10,000.00万".
  for (const next of units) {
    const size = unit?.size ?? 1;
    if (next.size > size && roundedTo(value / size, decimals) >= next.size / size) unit = next;
  }
  return unit ? groupedFixed(value / unit.size, decimals) + unit.suffix : groupedFixed(value, decimals);
}

import { abbreviateNumber, formatPrice, type AppLanguage } from '@coinlens/contract';

/** A price in the display currency: its unit before the number ("$1,234.56", "€0.001234"); "-" when missing. */
export function formatMoney(value: number | null | undefined, unit: string): string {
  const text = formatPrice(value);
  return text === '-' ? text : `${unit}${text}`;
}

/** A market cap or turnover in the language's units ("$1.23B", "¥1.23亿"); "-" when missing. */
export function formatCompactMoney(
  value: number | null | undefined,
  unit: string,
  language: AppLanguage,
): string {
  const text = abbreviateNumber(value, language);
  return text === '-' ? text : `${unit}${text}`;
}

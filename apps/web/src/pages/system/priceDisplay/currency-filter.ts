import type { CurrencyEntry } from '@coinlens/contract';

/** Currencies whose code, English or Chinese name contains the keyword (case-insensitive). */
export function filterCurrencies(entries: readonly CurrencyEntry[], keyword: string): CurrencyEntry[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) =>
    [entry.currency_code, entry.en_name, entry.cn_name, entry.unit].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

export interface CurrencyGroup {
  type: CurrencyEntry['currency_type'];
  entries: CurrencyEntry[];
}

const GROUP_ORDER: readonly CurrencyEntry['currency_type'][] = ['fiat', 'crypto', 'commodity'];

/** Fiat first, then crypto and commodities, each in the server's order (USD first). */
export function groupCurrencies(entries: readonly CurrencyEntry[]): CurrencyGroup[] {
  return GROUP_ORDER.map((type) => ({
    type,
    entries: entries.filter((entry) => entry.currency_type === type),
  })).filter((group) => group.entries.length > 0);
}

import type { CurrencyEntry } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { filterCurrencies, groupCurrencies } from './currency-filter';

const entry = (
  code: string,
  en: string,
  cn: string,
  type: CurrencyEntry['currency_type'],
  unit: string,
): CurrencyEntry => ({
  currency_code: code,
  en_name: en,
  cn_name: cn,
  currency_type: type,
  status: 1,
  unit,
});
const list = [
  entry('usd', 'US Dollar', '美元', 'fiat', '$'),
  entry('eur', 'Euro', '欧元', 'fiat', '€'),
  entry('btc', 'Bitcoin', '比特币', 'crypto', '₿'),
];

describe('the currency list', () => {
  it('finds currencies by code, English or Chinese name', () => {
    expect(filterCurrencies(list, 'EU').map((c) => c.currency_code)).toEqual(['eur']);
    expect(filterCurrencies(list, '比特').map((c) => c.currency_code)).toEqual(['btc']);
    expect(filterCurrencies(list, ' dollar ').map((c) => c.currency_code)).toEqual(['usd']);
    expect(filterCurrencies(list, '')).toHaveLength(3);
  });

  it('groups fiat before crypto and drops empty groups', () => {
    expect(groupCurrencies(list).map((g) => [g.type, g.entries.length])).toEqual([
      ['fiat', 2],
      ['crypto', 1],
    ]);
    expect(groupCurrencies(filterCurrencies(list, 'btc')).map((g) => g.type)).toEqual(['crypto']);
  });
});

import { describe, expect, it } from 'vitest';

import { DISPLAY_CURRENCIES } from './display-currencies.js';

describe('display currencies', () => {
  it('are 37 fiat currencies, bitcoin and ether, USD first', () => {
    expect(DISPLAY_CURRENCIES).toHaveLength(39);
    expect(DISPLAY_CURRENCIES[0].currency_code).toBe('usd');
    expect(DISPLAY_CURRENCIES.filter((entry) => entry.currency_type === 'fiat')).toHaveLength(37);
    expect(
      DISPLAY_CURRENCIES.filter((entry) => entry.currency_type === 'crypto').map(
        (entry) => entry.currency_code,
      ),
    ).toEqual(['btc', 'eth']);
  });

  it('have unique lower-case three-letter codes, both names and a unit', () => {
    const codes = DISPLAY_CURRENCIES.map((entry) => entry.currency_code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of DISPLAY_CURRENCIES) {
      expect(entry.currency_code).toMatch(/^[a-z]{3}$/);
      expect(entry.en_name.trim()).not.toBe('');
      expect(entry.cn_name).toMatch(/[\u4e00-\u9fff]/);
      expect(entry.unit.trim()).not.toBe('');
    }
  });
});

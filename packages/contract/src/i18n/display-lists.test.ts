import { describe, expect, it } from 'vitest';

import { formatList, sourceLabel } from './display-lists.js';
import { coinFlagText } from './score-texts.js';

describe('lists said per language', () => {
  it('joins with the language’s separator: 、 in Chinese, commas elsewhere', () => {
    expect(formatList(['A', 'B', 'C'], 'zh-Hans')).toBe('A、B、C');
    expect(formatList(['A', 'B', 'C'], 'en')).toBe('A, B, C');
    expect(formatList(['A', 'B', 'C'], 'vi')).toBe('A, B, C');
    expect(formatList(['A', 'B', 'C'], 'zh-Hans', 'and')).toBe('A、B和C');
    expect(formatList(['A', 'B'], 'vi', 'and')).toBe('A và B');
    expect(formatList(['A', 'B', 'C'], 'en', 'and')).toBe('A, B, and C');
    expect(formatList(['A'], 'zh-Hans')).toBe('A');
    expect(formatList([], 'en')).toBe('');
  });

  it('names coin flag venues as a list of the language', () => {
    expect(coinFlagText('suspicious_volume', ['Alpha', 'Beta'], null, 'zh-Hans')).toBe(
      'Alpha和Beta 成交量可疑：不计入',
    );
    expect(coinFlagText('price_outlier_excluded', ['Alpha', 'Beta', 'Gamma'], null, 'zh-Hans')).not.toContain(
      ', ',
    );
  });
});

describe('source labels', () => {
  it('names each known source for the reader, never as its raw id', () => {
    expect(sourceLabel('coingecko', 'en')).toBe('CoinGecko');
    expect(sourceLabel('coingecko', 'zh-Hans')).not.toBe('coingecko');
    expect(sourceLabel('ccxt', 'zh-Hans')).toBe('交易所接口（ccxt）');
    expect(sourceLabel('ccxt', 'vi')).toBe('API của sàn (ccxt)');
    expect(sourceLabel('defillama + coinmetrics', 'en')).toBe('DefiLlama and Coin Metrics');
  });

  it('says joined sources as a list, and an unknown one as given', () => {
    expect(sourceLabel('ccxt + coingecko', 'en')).toBe('exchange APIs (ccxt) and CoinGecko');
    expect(sourceLabel('ccxt + coingecko', 'zh-Hans')).toBe('交易所接口（ccxt）和CoinGecko 行情');
    expect(sourceLabel('somefeed', 'vi')).toBe('somefeed');
  });
});

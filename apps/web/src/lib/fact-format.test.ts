import { describe, expect, it } from 'vitest';

import { btcText, establishedText, percentText, textOrDash } from './fact-format';

describe('fact formatting', () => {
  it('writes bitcoin amounts whole from 100, abbreviated from a million, with two decimals below', () => {
    expect(btcText(156_177.95, 'en')).toBe('156,178 BTC');
    expect(btcText(12.345, 'en')).toBe('12.35 BTC');
    expect(btcText(2_500_000, 'en')).toBe('2.50M BTC');
    expect(btcText(2_500_000, 'zh-Hans')).toBe('250.00万 BTC');
    expect(btcText(null, 'en')).toBe('-');
  });

  it('writes percentages and missing text as a dash', () => {
    expect(percentText(28.7312)).toBe('28.73%');
    expect(percentText(null)).toBe('-');
    expect(textOrDash('  ')).toBe('-');
    expect(textOrDash('Cayman Islands')).toBe('Cayman Islands');
  });

  it('writes a founding year as a year and a founding month as a month, in each language', () => {
    expect(establishedText('2017', 'en')).toBe('2017');
    expect(establishedText('2017', 'vi')).toBe('2017');
    expect(establishedText('2017', 'zh-Hans')).toBe('2017年');
    expect(establishedText('2017-07', 'en')).toBe('July 2017');
    expect(establishedText('2017-07', 'zh-Hans')).toBe('2017年7月');
    expect(establishedText('2017-07', 'vi')).toBe('tháng 7 năm 2017');
    expect(establishedText(null, 'en')).toBe('-');
    expect(establishedText('long ago', 'en')).toBe('long ago');
  });
});

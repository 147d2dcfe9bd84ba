import { describe, expect, it } from 'vitest';

import { btcText, percentText, textOrDash } from './fact-format';

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
});

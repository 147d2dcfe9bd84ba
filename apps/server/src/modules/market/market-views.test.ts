import { describe, expect, it } from 'vitest';

import { localCountryName } from './market-views.js';

describe('exchange country in the answer', () => {
  it('names the country in the caller’s language', () => {
    expect(localCountryName('Cayman Islands', 'zh-Hans')).toBe('开曼群岛');
    expect(localCountryName('Cayman Islands', 'vi')).toBe('Quần đảo Cayman');
    expect(localCountryName('Cayman Islands', 'en')).toBe('Cayman Islands');
    expect(localCountryName('United States', 'zh-Hans')).toBe('美国');
    expect(localCountryName('United States', 'vi')).toBe('Mỹ');
    expect(localCountryName('British Virgin Islands', 'zh-Hans')).toBe('英属维尔京群岛');
    expect(localCountryName('South Korea', 'vi')).toBe('Hàn Quốc');
  });

  it('reads an ISO code in every language, keeps an unknown place as written, and null stays null', () => {
    expect(localCountryName('SG', 'en')).toBe('Singapore');
    expect(localCountryName('sg', 'zh-Hans')).toBe('新加坡');
    expect(localCountryName('Simulated venue', 'zh-Hans')).toBe('Simulated venue');
    expect(localCountryName(null, 'vi')).toBeNull();
    expect(localCountryName('  ', 'vi')).toBeNull();
  });
});

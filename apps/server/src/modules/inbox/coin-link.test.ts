import { describe, expect, it } from 'vitest';

import { coinLink, coinOfLink } from './coin-link.js';

describe('coin links', () => {
  it('round-trips a coin id, escaped', () => {
    expect(coinLink('bitcoin')).toBe('web+coinlens:coin?id=bitcoin');
    expect(coinOfLink(coinLink('bitcoin'))).toBe('bitcoin');
    expect(coinOfLink(coinLink('a b&c'))).toBe('a b&c');
  });

  it('finds no coin in other links', () => {
    expect(coinOfLink(null)).toBeNull();
    expect(coinOfLink('https://example.com/?id=bitcoin')).toBeNull();
    expect(coinOfLink('web+coinlens:news?id=5')).toBeNull();
    expect(coinOfLink('web+coinlens:coin?id=')).toBeNull();
  });
});

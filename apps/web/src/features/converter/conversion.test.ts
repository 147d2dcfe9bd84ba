import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { convert, formatAmount, rateLine, sameAsset, usdPerUnit, type Asset } from './conversion';

const eth: Asset = { kind: 'coin', id: 'ethereum', symbol: 'eth', name: 'Ethereum', logo: '' };
const btc: Asset = { kind: 'coin', id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', logo: '' };
const vnd: Asset = { kind: 'currency', code: 'vnd', unit: '₫', name: 'Vietnamese Dong' };
const eur: Asset = { kind: 'currency', code: 'eur', unit: '€', name: 'Euro' };
const usd: Asset = { kind: 'currency', code: 'usd', unit: '$', name: 'US Dollar' };
const rates = new Map([
  ['usd', 1],
  ['vnd', 26_000],
  ['eur', 0.8],
]);

describe('usdPerUnit', () => {
  it('reads a currency from its rate and a coin from its price in the display currency', () => {
    expect(usdPerUnit(vnd, rates, undefined)).toBeCloseTo(1 / 26_000, 15);
    expect(usdPerUnit(usd, rates, undefined)).toBe(1);
    // 2,800 € at 0.8 € a dollar is 3,500 $.
    expect(usdPerUnit(eth, rates, { price: 2_800, currency: 'eur' })).toBeCloseTo(3_500, 9);
  });

  it('is unknown without a price or a rate', () => {
    expect(usdPerUnit(eth, rates, undefined)).toBeNull();
    expect(usdPerUnit(eth, rates, { price: null, currency: 'usd' })).toBeNull();
    expect(usdPerUnit(eth, rates, { price: 3_500, currency: 'jpy' })).toBeNull();
    expect(usdPerUnit({ ...vnd, code: 'xyz' }, rates, undefined)).toBeNull();
  });
});

describe('convert', () => {
  it('converts ETH to VND through USD: 2 ETH at 3,500 $ is 182,000,000 ₫', () => {
    const ethUsd = usdPerUnit(eth, rates, { price: 3_500, currency: 'usd' });
    const vndUsd = usdPerUnit(vnd, rates, undefined);
    expect(convert(2, ethUsd, vndUsd)).toBeCloseTo(182_000_000, 4);
    // The other way: 182,000,000 ₫ buys 2 ETH.
    expect(convert(182_000_000, vndUsd, ethUsd)).toBeCloseTo(2, 12);
  });

  it('converts coin to coin and currency to currency', () => {
    expect(convert(1, 95_000, 3_500)).toBeCloseTo(27.142857, 6);
    expect(convert(100, usdPerUnit(eur, rates, undefined), usdPerUnit(vnd, rates, undefined))).toBeCloseTo(
      3_250_000,
      6,
    );
  });

  it('goes there and back to the same amount (both directions are one rule)', () => {
    const positive = fc.double({ min: 1e-9, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(positive, positive, positive, (amount, from, to) => {
        const there = convert(amount, from, to)!;
        expect(convert(there, to, from)!).toBeCloseTo(amount, Math.max(0, 8 - Math.log10(amount)));
      }),
    );
  });

  it('is unknown when either side has no price', () => {
    expect(convert(1, null, 1)).toBeNull();
    expect(convert(1, 1, null)).toBeNull();
    expect(convert(1, 1, 0)).toBeNull();
  });
});

describe('formatAmount', () => {
  it('writes currencies in the app’s price format', () => {
    expect(formatAmount(78_412_345.123, vnd)).toBe('78,412,345.12');
    expect(formatAmount(0.000038461, usd)).toBe('0.00003846');
  });

  it('writes coins with six significant digits and 2 to 12 decimals', () => {
    expect(formatAmount(1.234567891, eth)).toBe('1.23457');
    expect(formatAmount(12_345.6789, btc)).toBe('12,345.68');
    expect(formatAmount(0.0000123456789, eth)).toBe('0.0000123457');
    expect(formatAmount(1e-14, eth)).toBe('0.000000000000');
    expect(formatAmount(0, eth)).toBe('0');
  });
});

describe('rateLine and sameAsset', () => {
  it('says what one unit is worth', () => {
    expect(rateLine(eth, vnd, 78_412_345.4)).toBe('1 ETH = 78,412,345.40 ₫');
    expect(rateLine(vnd, eth, 1 / 91_000_000)).toBe('1 VND = 0.000000010989 ETH');
  });

  it('matches coins by id and currencies by code, never a coin with a currency', () => {
    expect(sameAsset(eth, { ...eth, name: 'Ether' })).toBe(true);
    expect(sameAsset(eth, btc)).toBe(false);
    expect(sameAsset(vnd, { ...vnd })).toBe(true);
    expect(sameAsset({ ...vnd, code: 'btc' }, btc)).toBe(false);
  });
});

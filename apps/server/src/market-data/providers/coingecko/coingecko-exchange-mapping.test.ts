import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { looksDecentralised, toExchangeProfile } from './coingecko-mapping.js';
import { exchangeDetailSchema, exchangesSchema } from './coingecko-schemas.js';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as unknown;
}

const list = exchangesSchema.parse(fixture('exchanges.json'));
const entry = (id: string) => list.find((candidate) => candidate.id === id)!;
const detail = (id: string) => exchangeDetailSchema.parse(fixture(`exchange-${id}.json`));

describe('CoinGecko exchange profiles', () => {
  it('takes centralised or DEX from the detail’s own flag', () => {
    expect(toExchangeProfile(entry('uniswap_v3'), detail('uniswap_v3')).kind).toBe('dex');
    expect(toExchangeProfile(entry('binance'), detail('binance')).kind).toBe('centralized');
    // The flag wins over a name that would say otherwise.
    expect(
      toExchangeProfile(
        { ...entry('binance'), name: 'Binance Swap' },
        { ...detail('binance'), centralized: true },
      ).kind,
    ).toBe('centralized');
  });

  it('marks a DEX as such from the list entry alone, before any detail arrives', () => {
    expect(toExchangeProfile(entry('uniswap_v3'), null).kind).toBe('dex');
    expect(toExchangeProfile(entry('binance'), null).kind).toBe('centralized');
    expect(toExchangeProfile(entry('gdax'), null).kind).toBe('centralized');
    // A detail whose flag is null (as the live API has answered for some DEXes) falls back the same way.
    expect(toExchangeProfile(entry('uniswap_v3'), { ...detail('uniswap_v3'), centralized: null }).kind).toBe(
      'dex',
    );
  });

  it('reads a centralized flag on the list entry when the source gives one', () => {
    const flagged = exchangesSchema.parse([
      { ...entry('binance'), id: 'x', name: 'X', centralized: false },
    ])[0]!;
    expect(toExchangeProfile(flagged, null).kind).toBe('dex');
  });

  it('recognises decentralised venues by name, id or address, and leaves centralised ones alone', () => {
    for (const [id, name, url] of [
      ['uniswap_v3', 'Uniswap V3 (Ethereum)', 'https://app.uniswap.org/#/swap'],
      ['pancakeswap_new', 'PancakeSwap (v2)', 'https://pancakeswap.finance/'],
      ['curve_ethereum', 'Curve (Ethereum)', 'https://curve.fi/'],
      ['raydium', 'Raydium', 'https://raydium.io/'],
      ['aerodrome_slipstream', 'Aerodrome SlipStream', 'https://aerodrome.finance/'],
      ['some_dex', 'Some DEX', null],
    ] as const)
      expect(looksDecentralised(id, name, url), name).toBe(true);
    for (const [id, name, url] of [
      ['binance', 'Binance', 'https://www.binance.com/'],
      ['gdax', 'Coinbase Exchange', 'https://www.coinbase.com/'],
      ['okex', 'OKX', 'https://www.okx.com'],
      ['kraken', 'Kraken', 'https://www.kraken.com/'],
      ['huobi', 'HTX', 'https://www.htx.com/'],
      ['bybit_spot', 'Bybit', 'https://www.bybit.com'],
      ['crypto_com', 'Crypto.com Exchange', 'https://crypto.com/exchange'],
      ['upbit', 'Upbit', 'https://upbit.com/'],
    ] as const)
      expect(looksDecentralised(id, name, url), name).toBe(false);
  });

  it('keeps the founding year a year: 2017 is "2017", never a month', () => {
    expect(toExchangeProfile(entry('binance'), null).established).toBe('2017');
    expect(toExchangeProfile(entry('gdax'), detail('gdax')).established).toBe('2012');
    expect(toExchangeProfile({ ...entry('binance'), year_established: null }, null).established).toBeNull();
    expect(toExchangeProfile({ ...entry('binance'), year_established: 17 }, null).established).toBeNull();
  });

  it('has no platform token from CoinGecko: null, never a placeholder word', () => {
    expect(toExchangeProfile(entry('binance'), detail('binance')).platformToken).toBeNull();
  });

  it('passes the source’s country through (the answer localises it)', () => {
    expect(toExchangeProfile(entry('binance'), null).registrationPlace).toBe('Cayman Islands');
    expect(toExchangeProfile(entry('uniswap_v3'), null).registrationPlace).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import type { VenueTicker } from '../market-data/market-model.js';
import { VenueQuoteSlots } from './venue-quote-slots.js';

function ticker(exchangeId: string, quote: string, lastUsd: number): VenueTicker {
  return {
    exchangeId,
    coinId: 'bitcoin',
    base: 'BTC',
    quote,
    last: lastUsd,
    lastUsd,
    bidUsd: lastUsd - 1,
    askUsd: lastUsd + 1,
    volumeBase24h: 10,
    volumeUsd24h: 10 * lastUsd,
    timestamp: lastUsd,
  };
}

describe('VenueQuoteSlots', () => {
  it('keeps one lasting quote per pair, holding the latest numbers and none of the provider objects', () => {
    const slots = new VenueQuoteSlots();
    const first = ticker('binance', 'USDT', 100);
    const kept = slots.take(0, first, 1);
    expect(kept.ticker).toEqual(first);
    expect(kept.ticker).not.toBe(first);

    const second = ticker('binance', 'USDT', 101);
    const again = slots.take(0, second, 2);
    expect(again).toBe(kept);
    expect(again.ticker).toEqual(second);
    expect(again.ticker).not.toBe(second);
  });

  it('finds a pair by key when the feed changes its order, and clears last tick’s exclusion', () => {
    const slots = new VenueQuoteSlots();
    const binance = slots.take(0, ticker('binance', 'USDT', 100), 1);
    const okx = slots.take(1, ticker('okx', 'USDT', 100), 1);
    okx.excluded = true;

    expect(slots.take(0, ticker('okx', 'USDT', 102), 2)).toBe(okx);
    expect(okx.excluded).toBe(false);
    expect(okx.ticker.lastUsd).toBe(102);
    expect(slots.take(1, ticker('binance', 'USDT', 103), 2)).toBe(binance);
    expect(binance.ticker.lastUsd).toBe(103);
    // The new order is the one remembered.
    expect(slots.take(0, ticker('okx', 'USDT', 104), 3)).toBe(okx);
  });

  it('gives the same pair twice in one tick two quotes, neither overwriting the other', () => {
    const slots = new VenueQuoteSlots();
    const one = slots.take(0, ticker('binance', 'USDT', 100), 1);
    const two = slots.take(1, ticker('binance', 'USDT', 200), 1);
    expect(two).not.toBe(one);
    expect(one.ticker.lastUsd).toBe(100);
    expect(two.ticker.lastUsd).toBe(200);

    const nextOne = slots.take(0, ticker('binance', 'USDT', 300), 2);
    const nextTwo = slots.take(1, ticker('binance', 'USDT', 400), 2);
    expect(nextOne).toBe(one);
    expect([nextOne.ticker.lastUsd, nextTwo.ticker.lastUsd]).toEqual([300, 400]);
  });
});

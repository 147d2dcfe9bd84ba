import { describe, expect, it } from 'vitest';

import type { VenueTicker } from '../market-data/market-model.js';
import { FeedLayout } from './feed-layout.js';

function ticker(exchangeId: string, coinId: string, quote: string, lastUsd: number): VenueTicker {
  return {
    exchangeId,
    coinId,
    base: coinId.slice(0, 3).toUpperCase(),
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

const lastPrices = (layout: FeedLayout, coinId: string) =>
  layout.coin(coinId)?.tickers.map((kept) => [kept.exchangeId, kept.quote, kept.lastUsd]);

describe('FeedLayout', () => {
  it('groups the feed by coin into lasting quotes holding the latest numbers and none of the provider objects', () => {
    const layout = new FeedLayout();
    const first = [
      ticker('binance', 'bitcoin', 'USDT', 100),
      ticker('binance', 'ethereum', 'USDT', 10),
      ticker('okx', 'bitcoin', 'USDT', 101),
    ];
    layout.fill(first);
    const bitcoin = layout.coin('bitcoin')!;
    expect(lastPrices(layout, 'bitcoin')).toEqual([
      ['binance', 'USDT', 100],
      ['okx', 'USDT', 101],
    ]);
    expect(bitcoin.quotes.map((quote) => quote.ticker)).toEqual(bitcoin.tickers);
    for (const kept of bitcoin.tickers) expect(first).not.toContain(kept);

    layout.fill([
      ticker('binance', 'bitcoin', 'USDT', 200),
      ticker('binance', 'ethereum', 'USDT', 20),
      ticker('okx', 'bitcoin', 'USDT', 201),
    ]);
    expect(layout.coin('bitcoin')).toBe(bitcoin);
    expect(bitcoin.tickers[0]).toEqual(ticker('binance', 'bitcoin', 'USDT', 200));
    expect(lastPrices(layout, 'ethereum')).toEqual([['binance', 'USDT', 20]]);
  });

  it('lays a changed feed out again, each pair keeping its quote, and includes every quote again', () => {
    const layout = new FeedLayout();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 100), ticker('okx', 'bitcoin', 'USDT', 100)]);
    const [binance, okx] = layout.coin('bitcoin')!.quotes;
    okx!.excluded = true;
    expect(layout.excludedAt(1)).toBe(true);

    layout.fill([
      ticker('okx', 'bitcoin', 'USDT', 102),
      ticker('kraken', 'bitcoin', 'USD', 99),
      ticker('binance', 'bitcoin', 'USDT', 103),
    ]);
    const quotes = layout.coin('bitcoin')!.quotes;
    expect(quotes[0]).toBe(okx);
    expect(quotes[2]).toBe(binance);
    expect(okx!.excluded).toBe(false);
    expect(lastPrices(layout, 'bitcoin')).toEqual([
      ['okx', 'USDT', 102],
      ['kraken', 'USD', 99],
      ['binance', 'USDT', 103],
    ]);
    // A coin that left the feed has no quotes.
    layout.fill([ticker('binance', 'ethereum', 'USDT', 10)]);
    expect(layout.coin('bitcoin')).toBeUndefined();
  });

  it('gives the same pair twice in one feed two quotes, neither overwriting the other', () => {
    const layout = new FeedLayout();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 100), ticker('binance', 'bitcoin', 'USDT', 200)]);
    const [one, two] = layout.coin('bitcoin')!.quotes;
    expect(two).not.toBe(one);
    expect([one!.ticker.lastUsd, two!.ticker.lastUsd]).toEqual([100, 200]);
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 300), ticker('binance', 'bitcoin', 'USDT', 400)]);
    expect(layout.coin('bitcoin')!.quotes).toEqual([one, two]);
    expect([one!.ticker.lastUsd, two!.ticker.lastUsd]).toEqual([300, 400]);
  });

  it('marks the first pair of each coin on each exchange, for the exchange’s coin count', () => {
    const layout = new FeedLayout();
    layout.fill([
      ticker('binance', 'bitcoin', 'USDT', 100),
      ticker('binance', 'bitcoin', 'FDUSD', 100),
      ticker('okx', 'bitcoin', 'USDT', 100),
      ticker('binance', 'ethereum', 'USDT', 10),
    ]);
    expect([0, 1, 2, 3].map((index) => layout.firstOfCoinOnExchangeAt(index))).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});

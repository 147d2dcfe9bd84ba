import { describe, expect, it } from 'vitest';

import type { VenueTicker } from '@coinlens/market-model';
import { tickerCopy } from '@coinlens/market-model';
import type { ExchangeFeedTotals } from './feed-layout.js';
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
  it('groups the feed by coin into kept quotes holding the latest numbers and none of the provider objects', () => {
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
    expect(tickerCopy(bitcoin.tickers[0]!)).toEqual(first[0]);
    expect(bitcoin.quotes.map((quote) => quote.ticker)).toEqual(bitcoin.tickers);
    for (const kept of bitcoin.tickers) expect(first).not.toContain(kept);
    expect([...bitcoin.prices]).toEqual([100, 101]);
    expect([...bitcoin.volumes]).toEqual([1_000, 1_010]);

    layout.markShown();
    layout.fill([
      ticker('binance', 'bitcoin', 'USDT', 200),
      ticker('binance', 'ethereum', 'USDT', 20),
      ticker('okx', 'bitcoin', 'USDT', 201),
    ]);
    expect(lastPrices(layout, 'bitcoin')).toEqual([
      ['binance', 'USDT', 200],
      ['okx', 'USDT', 201],
    ]);
    expect(lastPrices(layout, 'ethereum')).toEqual([['binance', 'USDT', 20]]);
    layout.markShown();
    layout.fill([
      ticker('binance', 'bitcoin', 'USDT', 300),
      ticker('binance', 'ethereum', 'USDT', 30),
      { ...ticker('okx', 'bitcoin', 'USDT', 301), bidUsd: null, askUsd: null },
    ]);
    // Every other tick fills the same quotes again.
    expect(layout.coin('bitcoin')).toBe(bitcoin);
    expect(tickerCopy(bitcoin.tickers[0]!)).toEqual(ticker('binance', 'bitcoin', 'USDT', 300));
    expect([bitcoin.tickers[1]!.bidUsd, bitcoin.tickers[1]!.askUsd]).toEqual([null, null]);
  });

  it('fills the side not on show: the quotes the last tick published keep their numbers and exclusions', () => {
    const layout = new FeedLayout();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 100), ticker('okx', 'bitcoin', 'USDT', 100)]);
    const published = layout.coin('bitcoin')!;
    published.excluded[1] = 1;
    expect(published.quotes[1]!.excluded).toBe(true);

    layout.markShown();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 200), ticker('okx', 'bitcoin', 'USDT', 200)]);
    const next = layout.coin('bitcoin')!;
    expect(next.quotes[1]).not.toBe(published.quotes[1]);
    expect(next.quotes.map((quote) => [quote.ticker.lastUsd, quote.excluded])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(published.quotes.map((quote) => [quote.ticker.lastUsd, quote.excluded])).toEqual([
      [100, false],
      [100, true],
    ]);
    // Filled again, every quote is included again.
    layout.markShown();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 300), ticker('okx', 'bitcoin', 'USDT', 300)]);
    expect(published.quotes[1]!.excluded).toBe(false);
  });

  it('lays a changed feed out again with new quotes, leaving those on show as they were', () => {
    const layout = new FeedLayout();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 100), ticker('okx', 'bitcoin', 'USDT', 100)]);
    const shown = layout.coin('bitcoin')!;

    layout.markShown();
    layout.fill([
      ticker('okx', 'bitcoin', 'USDT', 102),
      ticker('kraken', 'bitcoin', 'USD', 99),
      ticker('binance', 'bitcoin', 'USDT', 103),
    ]);
    expect(lastPrices(layout, 'bitcoin')).toEqual([
      ['okx', 'USDT', 102],
      ['kraken', 'USD', 99],
      ['binance', 'USDT', 103],
    ]);
    expect(shown.tickers.map((kept) => [kept.exchangeId, kept.lastUsd])).toEqual([
      ['binance', 100],
      ['okx', 100],
    ]);
    // A coin that left the feed has no quotes.
    layout.markShown();
    layout.fill([ticker('binance', 'ethereum', 'USDT', 10)]);
    expect(layout.coin('bitcoin')).toBeUndefined();
  });

  it('leaves the side on show alone when a filled tick is never published', () => {
    const layout = new FeedLayout();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 100)]);
    const shown = layout.coin('bitcoin')!;
    layout.markShown();
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 200)]); // abandoned: not published
    layout.fill([ticker('binance', 'bitcoin', 'USDT', 300)]);
    expect(layout.coin('bitcoin')).not.toBe(shown);
    expect(layout.coin('bitcoin')!.tickers[0]!.lastUsd).toBe(300);
    expect(shown.tickers[0]!.lastUsd).toBe(100);
  });

  it('gives the same pair twice in one feed two quotes, neither overwriting the other', () => {
    const layout = new FeedLayout();
    const twice = (first: number, second: number) => [
      ticker('binance', 'bitcoin', 'USDT', first),
      ticker('binance', 'bitcoin', 'USDT', second),
    ];
    layout.fill(twice(100, 200));
    const [one, two] = layout.coin('bitcoin')!.quotes;
    expect(two).not.toBe(one);
    expect([one!.ticker.lastUsd, two!.ticker.lastUsd]).toEqual([100, 200]);
    layout.markShown();
    layout.fill(twice(300, 400));
    layout.markShown();
    layout.fill(twice(500, 600));
    const [third, fourth] = layout.coin('bitcoin')!.quotes;
    expect(third).toBe(one);
    expect(fourth).toBe(two);
    expect([one!.ticker.lastUsd, two!.ticker.lastUsd]).toEqual([500, 600]);
  });

  it('totals each exchange of the last fill: pairs, coins, reported and in-band turnover', () => {
    const layout = new FeedLayout();
    const feed = (binanceUsd: number) => [
      ticker('binance', 'bitcoin', 'USDT', binanceUsd),
      ticker('binance', 'bitcoin', 'FDUSD', 100),
      ticker('okx', 'bitcoin', 'USDT', 100),
      ticker('binance', 'ethereum', 'USDT', 10),
    ];
    const totals = () => {
      const seen: Record<string, ExchangeFeedTotals> = {};
      layout.forEachExchange((exchangeId, exchange) => (seen[exchangeId] = exchange));
      return seen;
    };
    layout.fill(feed(100));
    expect(totals()).toEqual({
      binance: { pairs: 3, coinCount: 2, amount: 2_100, healthyAmount: 2_100 },
      okx: { pairs: 1, coinCount: 1, amount: 1_000, healthyAmount: 1_000 },
    });
    // The excluded pair still counts as a pair and in the reported turnover, not in the in-band one.
    layout.markShown();
    layout.fill(feed(150));
    layout.coin('bitcoin')!.excluded[0] = 1;
    expect(totals().binance).toEqual({ pairs: 3, coinCount: 2, amount: 2_600, healthyAmount: 1_100 });
  });
});

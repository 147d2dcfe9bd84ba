import { describe, expect, it } from 'vitest';

import type { AggregateQuote, Capability, VenueTicker } from '@coinlens/market-model';
import { RateLimitedError, UnavailableError } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { CoinFigures } from '../coin-figures.js';
import { HistoryCache } from '../history-cache.js';
import { MarketRanking } from '../market-ranking.js';
import type { PriceSource } from './tick-job.js';
import { TickJob } from './tick-job.js';
import {
  coinProfile,
  exchangeProfile,
  marketOf,
  NOW,
  running,
  ScriptedSource,
  venueTicker,
} from './jobs.test-support.js';

const EXCHANGES = ['alpha', 'bravo', 'charlie', 'liar'];

/** Bitcoin (19.8 M in circulation), ethereum, a coin whose only ticker is malformed, and one with no ticker. */
function market(): MarketSnapshot {
  return marketOf(
    [
      coinProfile('bitcoin', { circulatingSupply: 19_800_000 }),
      coinProfile('ethereum'),
      coinProfile('broken'),
      coinProfile('untraded'),
    ],
    EXCHANGES.map((id) => exchangeProfile(id)),
  );
}

/** Bitcoin at 99–101 on three venues and 150 on `liar`; ethereum on two venues only; `broken` priced at 0. */
function tickers(bitcoinAt = 100): VenueTicker[] {
  return [
    venueTicker('bitcoin', 'alpha', bitcoinAt),
    venueTicker('bitcoin', 'bravo', bitcoinAt + 1),
    venueTicker('bitcoin', 'charlie', bitcoinAt - 1),
    venueTicker('bitcoin', 'liar', bitcoinAt * 1.5),
    venueTicker('ethereum', 'alpha', 3_000),
    venueTicker('ethereum', 'bravo', 3_010),
    venueTicker('broken', 'alpha', 1, { lastUsd: 0 }),
  ];
}

function tickJob(snapshot: MarketSnapshot, capabilities: Capability[], prices: PriceSource = 'tickers') {
  const source = new ScriptedSource(capabilities);
  source.script.tickers = tickers();
  const ranking = new MarketRanking(snapshot, { exchangeRanking: () => [] });
  const job = new TickJob(source, snapshot, new CoinFigures(new HistoryCache()), ranking, prices, () => NOW);
  const heard: (readonly string[])[] = [];
  job.onTick((changed) => heard.push(changed));
  return { source, job, heard };
}

const quote = (
  coinId: string,
  priceUsd: number,
  overrides: Partial<AggregateQuote> = {},
): AggregateQuote => ({
  coinId,
  priceUsd,
  volumeUsd24h: 5_000_000,
  high24hUsd: null,
  low24hUsd: null,
  marketCapUsd: null,
  athUsd: null,
  athAt: null,
  atlUsd: null,
  atlAt: null,
  timestamp: NOW,
  ...overrides,
});

const venuesOf = (snapshot: MarketSnapshot, coinId: string) =>
  snapshot.coins.get(coinId)!.venues.map((venue) => [venue.ticker.exchangeId, venue.excluded]);

describe('the tick from venue tickers', () => {
  it('prices each coin from its venues, leaving the outlier out of the price but on show, last', async () => {
    const snapshot = market();
    const { job, heard } = tickJob(snapshot, ['tickers']);
    await job.run(running());
    const bitcoin = snapshot.coins.get('bitcoin')!;
    expect(bitcoin).toMatchObject({ price: 100, asOf: NOW, degraded: false });
    expect(venuesOf(snapshot, 'bitcoin')).toEqual([
      ['alpha', false],
      ['bravo', false],
      ['charlie', false],
      ['liar', true],
    ]);
    expect(bitcoin.metrics?.circulatingMarketCap).toBe(100 * 19_800_000);
    // Two venues are no majority: priced, but marked degraded.
    expect(snapshot.coins.get('ethereum')).toMatchObject({ price: 3_000, degraded: true });
    expect(snapshot).toMatchObject({ lastTickAt: NOW, version: 1 });
    expect(heard).toEqual([['bitcoin', 'ethereum']]);
  });

  it('leaves what it cannot know unknown: no price from a malformed ticker or none, no change without history', async () => {
    const snapshot = market();
    const { job } = tickJob(snapshot, ['tickers']);
    await job.run(running());
    for (const id of ['broken', 'untraded'])
      expect(snapshot.coins.get(id)).toMatchObject({ price: null, metrics: null, asOf: 0 });
    const metrics = snapshot.coins.get('bitcoin')!.metrics!;
    expect(metrics).toMatchObject({ change24h: null, change7d: null, ath: null, atl: null, roi: null });
    // No supply known: no market cap, rather than zero.
    expect(snapshot.coins.get('ethereum')!.metrics).toMatchObject({
      marketCap: null,
      circulatingMarketCap: null,
    });
  });

  it("sums each exchange's pairs and turnover, counting the outlier's only in the reported figure", async () => {
    const snapshot = market();
    const { job } = tickJob(snapshot, ['tickers']);
    await job.run(running());
    expect(snapshot.exchanges.get('liar')).toMatchObject({
      pairCount: 1,
      coinCount: 1,
      amount24h: 1_000_000,
      healthyAmount24h: 0,
      asOf: NOW,
    });
    expect(snapshot.exchanges.get('bravo')).toMatchObject({ pairCount: 2, amount24h: 2_000_000 });
    expect(snapshot.exchangesRanked.at(-1)?.profile.id).toBe('liar');
  });

  it("keeps a malformed ticker's volume out of its exchange's turnover", async () => {
    const snapshot = market();
    const { source, job } = tickJob(snapshot, ['tickers']);
    source.script.tickers.push(venueTicker('ethereum', 'charlie', 3_000, { volumeUsd24h: Number.NaN }));
    await job.run(running());
    expect(snapshot.exchanges.get('charlie')).toMatchObject({
      amount24h: 1_000_000,
      healthyAmount24h: 1_000_000,
    });
  });

  it.each([
    ['a rate limit (429)', new RateLimitedError('scripted', 60_000)],
    ['an outage or timeout', new UnavailableError('scripted', 'timed out')],
  ])('fails on %s and keeps the last tick on show, so the market reads as stale', async (_, failure) => {
    const snapshot = market();
    const { source, job, heard } = tickJob(snapshot, ['tickers']);
    await job.run(running());
    source.script.tickers = tickers(200);
    source.failNext('tickers', failure);
    await expect(job.run(running())).rejects.toBe(failure);
    expect(snapshot.coins.get('bitcoin')?.price).toBe(100);
    expect(snapshot).toMatchObject({ lastTickAt: NOW, version: 1 });
    expect(heard).toHaveLength(1);
  });

  it('publishes nothing of a tick aborted after the tickers arrived: no reader sees half a tick', async () => {
    const snapshot = market();
    const { source, job, heard } = tickJob(snapshot, ['tickers']);
    await job.run(running());
    const stop = new AbortController();
    source.script.tickers = tickers(200);
    source.answering = () => stop.abort();
    await expect(job.run(stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(snapshot.coins.get('bitcoin')).toMatchObject({ price: 100 });
    expect(snapshot.coins.get('bitcoin')!.venues[0]!.ticker.lastUsd).toBe(100);
    expect(snapshot.version).toBe(1);
    expect(heard).toHaveLength(1);

    // The next tick publishes in full.
    source.answering = () => {};
    await job.run(running());
    expect(snapshot.coins.get('bitcoin')).toMatchObject({ price: 200 });
    expect(snapshot.coins.get('bitcoin')!.venues[0]!.ticker.lastUsd).toBe(200);
  });
});

describe('the tick from aggregate quotes', () => {
  it('moves the prices and never the venues', async () => {
    const snapshot = market();
    const bitcoin = snapshot.coins.get('bitcoin')!;
    bitcoin.venues = [{ ticker: venueTicker('bitcoin', 'alpha', 90), excluded: false }];
    const { source, job, heard } = tickJob(snapshot, ['tickers', 'quotes'], 'quotes');
    source.script.quotes = [quote('bitcoin', 95, { change24hPercent: 2.5, athUsd: 120, athAt: NOW - 1e10 })];
    await job.run(running());
    expect(source.asked).toEqual(['quotes']);
    expect(bitcoin).toMatchObject({ price: 95, asOf: NOW, degraded: false });
    expect(venuesOf(snapshot, 'bitcoin')).toEqual([['alpha', false]]);
    expect(bitcoin.metrics).toMatchObject({ change24h: 2.5, amount24h: 5_000_000, ath: { price: 120 } });
    expect(heard).toEqual([['bitcoin']]);
  });

  it('leaves out a quote that is not a positive price, and one for a coin it does not know', async () => {
    const snapshot = market();
    const { source, job, heard } = tickJob(snapshot, ['quotes'], 'quotes');
    source.script.quotes = [quote('bitcoin', 95)];
    await job.run(running());
    source.script.quotes = [
      quote('bitcoin', 0),
      quote('ethereum', Number.NaN),
      quote('broken', -1),
      quote('stranger', 10),
    ];
    await job.run(running());
    expect(snapshot.coins.get('bitcoin')?.price).toBe(95);
    expect(snapshot.coins.get('ethereum')).toMatchObject({ price: null, metrics: null });
    expect(snapshot.coins.get('broken')?.price).toBeNull();
    expect(snapshot.coins.has('stranger')).toBe(false);
    expect(heard).toEqual([['bitcoin'], []]);
  });

  it('reads quotes when the source has no venue tickers, whatever the configured price source', async () => {
    const snapshot = market();
    const { source, job } = tickJob(snapshot, ['quotes'], 'tickers');
    source.script.quotes = [quote('bitcoin', 95)];
    await job.run(running());
    expect(source.asked).toEqual(['quotes']);
    expect(snapshot.coins.get('bitcoin')?.price).toBe(95);
  });

  it('fails on an outage and keeps the last prices', async () => {
    const snapshot = market();
    const { source, job } = tickJob(snapshot, ['quotes'], 'quotes');
    source.script.quotes = [quote('bitcoin', 95)];
    await job.run(running());
    source.script.quotes = [quote('bitcoin', 50)];
    source.failNext('quotes', new UnavailableError('scripted', '502'));
    await expect(job.run(running())).rejects.toBeInstanceOf(UnavailableError);
    expect(snapshot.coins.get('bitcoin')?.price).toBe(95);
    expect(snapshot.version).toBe(1);
  });
});

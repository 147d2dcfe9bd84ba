import { describe, expect, it } from 'vitest';

import type {
  AggregateQuote,
  CoinProfile,
  ExchangeProfile,
  MarketDataProvider,
  TickerQuery,
  VenueTicker,
} from '@coinlens/market-model';
import { NotFoundError, PartialProvider, RateLimitedError, UnavailableError } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import {
  emptyCoinState,
  emptyExchangeState,
  MarketSnapshot as Snapshot,
} from '../../market-store/market-snapshot.js';
import { CoinFigures } from '../coin-figures.js';
import { HistoryCache } from '../history-cache.js';
import type { MarketRanking } from '../market-ranking.js';
import { TickJob } from './tick-job.js';
import { VenuesJob } from './venues-job.js';

const NOW = Date.UTC(2026, 10, 29, 12, 0);

function ticker(coinId: string, exchangeId: string, price: number): VenueTicker {
  return {
    exchangeId,
    coinId,
    base: coinId.toUpperCase(),
    quote: 'USDT',
    last: price,
    lastUsd: price,
    bidUsd: price * 0.999,
    askUsd: price * 1.001,
    volumeBase24h: 1_000,
    volumeUsd24h: 1_000 * price,
    timestamp: NOW,
  };
}

/** Quotes for every coin; tickers per coin, with the failures a real source has. */
class QuoteSource extends PartialProvider implements MarketDataProvider {
  readonly name = 'quotes';
  readonly capabilities = new Set(['quotes', 'tickers'] as const);
  readonly asked: string[] = [];
  failures = new Map<string, () => Error>();

  override getTickers(query: TickerQuery): Promise<VenueTicker[]> {
    const coinId = query.coinIds?.[0] ?? '';
    this.asked.push(coinId);
    const failure = this.failures.get(coinId);
    if (failure) return Promise.reject(failure());
    return Promise.resolve(['alpha', 'bravo', 'charlie'].map((venue) => ticker(coinId, venue, 10)));
  }

  override getQuotes(coinIds: readonly string[]): Promise<AggregateQuote[]> {
    return Promise.resolve(
      coinIds.map((coinId) => ({
        coinId,
        priceUsd: 10,
        volumeUsd24h: 5_000_000,
        high24hUsd: null,
        low24hUsd: null,
        marketCapUsd: null,
        athUsd: 40,
        athAt: Date.UTC(2021, 10, 10),
        atlUsd: 0.5,
        atlAt: Date.UTC(2015, 9, 20),
        timestamp: NOW,
      })),
    );
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

function market(ids: readonly string[]): MarketSnapshot {
  const snapshot = new Snapshot(60_000);
  ids.forEach((id, index) => {
    const coin = emptyCoinState({
      id,
      symbol: id,
      name: id,
      links: {},
      sectors: [],
    } as unknown as CoinProfile);
    coin.rank = index + 1;
    snapshot.coins.set(id, coin);
  });
  return snapshot;
}

const venuesOf = (snapshot: MarketSnapshot, id: string) =>
  snapshot.coins.get(id)?.venues.map((venue) => venue.ticker.exchangeId);
const signal = () => AbortSignal.timeout(5_000);

describe('the venues of quote-priced coins', () => {
  it('reads coin by coin: one unknown or failing coin costs only itself, and an unknown one is not asked again', async () => {
    const source = new QuoteSource();
    const snapshot = market(['bitcoin', 'ghost', 'ethereum', 'flaky']);
    source.failures.set('ghost', () => new NotFoundError('quotes', 'ghost'));
    source.failures.set('flaky', () => new UnavailableError('quotes', 'timed out'));
    const job = new VenuesJob(source, snapshot, () => NOW);
    await job.run(signal());
    expect(venuesOf(snapshot, 'bitcoin')).toEqual(['alpha', 'bravo', 'charlie']);
    expect(venuesOf(snapshot, 'ethereum')).toEqual(['alpha', 'bravo', 'charlie']);
    expect(venuesOf(snapshot, 'ghost')).toEqual([]);

    // The next round: the 404 is remembered, the timeout is tried again and keeps nothing it did not read.
    source.asked.length = 0;
    await job.run(signal());
    expect(source.asked).toEqual(['bitcoin', 'ethereum', 'flaky']);
  });

  it('stops at a rate limit longer than its budget and resumes the round at that coin', async () => {
    const source = new QuoteSource();
    const snapshot = market(['bitcoin', 'ethereum', 'solana', 'dogecoin']);
    source.failures.set('solana', () => new RateLimitedError('quotes', 60_000));
    const job = new VenuesJob(source, snapshot, () => NOW);
    await expect(job.run(signal())).rejects.toBeInstanceOf(RateLimitedError);
    expect(venuesOf(snapshot, 'ethereum')).toHaveLength(3);
    expect(venuesOf(snapshot, 'dogecoin')).toEqual([]);
    source.failures.clear();
    source.asked.length = 0;
    await job.run(signal());
    expect(source.asked.slice(0, 2)).toEqual(['solana', 'dogecoin']);
  });

  it('waits out a short rate limit inside its budget and asks the same coin again', async () => {
    const source = new QuoteSource();
    const snapshot = market(['bitcoin', 'ethereum', 'solana']);
    let limited = false;
    source.failures.set('ethereum', () => {
      source.failures.delete('ethereum');
      limited = true;
      return new RateLimitedError('quotes', 20);
    });
    await new VenuesJob(source, snapshot, Date.now).run(signal());
    expect(limited).toBe(true);
    expect(source.asked).toEqual(['bitcoin', 'ethereum', 'ethereum', 'solana']);
    expect(venuesOf(snapshot, 'solana')).toHaveLength(3);
  });

  it('keeps the venues through every quote tick, with the quoted volume and the source record', async () => {
    const source = new QuoteSource();
    const snapshot = market(['bitcoin', 'ethereum']);
    const ranking = { rank: () => undefined } as unknown as MarketRanking;
    const ticks = new TickJob(
      source,
      snapshot,
      new CoinFigures(new HistoryCache()),
      ranking,
      'quotes',
      () => NOW,
    );
    await new VenuesJob(source, snapshot, () => NOW).run(signal());
    for (let tick = 0; tick < 3; tick++) await ticks.run(signal());
    const bitcoin = snapshot.coins.get('bitcoin')!;
    expect(bitcoin.venues.map((venue) => venue.ticker.exchangeId)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(bitcoin.metrics?.amount24h).toBe(5_000_000);
    expect(bitcoin.metrics?.bidAskSpread).toBeCloseTo(0.2);
    expect(bitcoin.metrics?.ath).toEqual({ price: 40, at: Date.UTC(2021, 10, 10) });
  });

  it("takes an exchange's turnover and pair count from what the source reports of the whole venue", async () => {
    const source = new QuoteSource();
    const snapshot = market(['bitcoin', 'ethereum']);
    snapshot.coins.get('bitcoin')!.price = 50_000;
    const venue = (id: string, reported?: ExchangeProfile['reported']) =>
      emptyExchangeState({ id, name: id, ...(reported ? { reported } : {}) } as ExchangeProfile, 0);
    snapshot.exchanges.set('alpha', venue('alpha', { volumeBtc24h: 2_000, pairs: 1_391, coins: 435 }));
    snapshot.exchanges.set('bravo', venue('bravo'));
    await new VenuesJob(source, snapshot, () => NOW).run(signal());
    // Binance-like: its whole day, not the two pairs of it read so far.
    expect(snapshot.exchanges.get('alpha')).toMatchObject({
      amount24h: 100_000_000,
      healthyAmount24h: 100_000_000,
      pairCount: 1_391,
      coinCount: 435,
    });
    // Without a report, the pairs read so far.
    expect(snapshot.exchanges.get('bravo')).toMatchObject({ amount24h: 20_000, pairCount: 2, coinCount: 2 });
  });
});

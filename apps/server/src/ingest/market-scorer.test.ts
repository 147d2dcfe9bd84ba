import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';

import type {
  BookLevel,
  Capability,
  CoinProfile,
  ExchangeProfile,
  MarketDataProvider,
  OrderBookSnapshot,
  PairQuery,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import { NotFoundError } from '@coinlens/market-model';
import { emptyCoinState, emptyExchangeState, MarketSnapshot } from '../market-store/market-snapshot.js';
import type { CoinState } from '../market-store/market-snapshot.js';
import { MarketScorer } from './market-scorer.js';

const NOW = 1_750_000_000_000;

/** A book around 100 with 100 levels a side 0.001 % apart (ending 0.1 % from mid), 10 units each. */
function shortBook(pair: PairQuery): OrderBookSnapshot {
  const side = (sign: 1 | -1): BookLevel[] =>
    Array.from({ length: 100 }, (_, i) => [100 * (1 + sign * 0.00001 * (i + 1)), 10] as const);
  return { ...pair, base: pair.coinId, bids: side(-1), asks: side(1), timestamp: NOW };
}

/**
 * Live routing: tickers from "coingecko", books and tapes from "ccxt", which serves only `read` venues, each
 * holding 100 levels whatever is asked.
 */
function liveProvider(read: ReadonlySet<string>): MarketDataProvider {
  const unserved = (pair: PairQuery) =>
    Promise.reject(new NotFoundError('ccxt', `${pair.exchangeId} not configured`));
  const sources: Partial<Record<Capability, string>> = {
    tickers: 'coingecko',
    coins: 'coingecko',
    orderBooks: 'ccxt',
    trades: 'ccxt',
  };
  return {
    name: 'live',
    capabilities: new Set<Capability>(['tickers', 'orderBooks', 'trades']),
    sourceOf: (capability: Capability) => sources[capability] ?? 'live',
    getTrades: (pair: PairQuery) => (read.has(pair.exchangeId) ? Promise.resolve([]) : unserved(pair)),
    getOrderBook: (pair: PairQuery) =>
      read.has(pair.exchangeId) ? Promise.resolve(shortBook(pair)) : unserved(pair),
  } as unknown as MarketDataProvider;
}

function ticker(
  exchangeId: string,
  coinId: string,
  volumeUsd24h: number,
  publishedUsd: number | null,
): VenueTicker {
  return {
    exchangeId,
    coinId,
    base: coinId,
    quote: 'USDT',
    last: 100,
    lastUsd: 100,
    volumeUsd24h,
    timestamp: NOW,
    ...(publishedUsd === null
      ? {}
      : { depthUsd2pctUp: publishedUsd / 2, depthUsd2pctDown: publishedUsd / 2 }),
  } as VenueTicker;
}

function coin(id: string, marketCap: number, tickers: VenueTicker[], stablecoin = false): CoinState {
  return {
    ...emptyCoinState({ id, stablecoin } as CoinProfile),
    price: 100,
    asOf: NOW,
    venues: tickers.map((entry) => ({ ticker: entry, excluded: false })),
    metrics: { circulatingMarketCap: marketCap } as CoinState['metrics'],
    social: {
      followers: { x: marketCap / 1e3, reddit: null, telegram: null },
      engagement24h: null,
      timestamp: NOW,
    },
    developer: { commits4w: 40, source: 'coingecko', timestamp: NOW },
  } as CoinState;
}

/** Bitcoin on a venue ccxt reads and one nobody reads; a coin only on the unread venue; a few more to rank. */
function market(): MarketSnapshot {
  const snapshot = new MarketSnapshot(60_000);
  const coins = [
    coin('bitcoin', 1e12, [ticker('binance', 'bitcoin', 2e9, 4e7), ticker('lbank', 'bitcoin', 3e9, 2e7)]),
    coin('ethereum', 4e11, [ticker('binance', 'ethereum', 1e9, null), ticker('lbank', 'ethereum', 1e9, 1e7)]),
    coin('unread', 1e9, [ticker('lbank', 'unread', 5e8, 1e6)]),
    coin('solana', 8e10, [ticker('binance', 'solana', 3e8, 5e6)]),
    coin(
      'tether',
      1.5e11,
      [ticker('binance', 'tether', 9e10, 9e9), ticker('lbank', 'tether', 9e9, 9e8)],
      true,
    ),
  ];
  for (const state of coins) snapshot.coins.set(state.profile.id, state);
  for (const id of ['binance', 'lbank']) {
    const state = emptyExchangeState({ id } as ExchangeProfile, NOW);
    state.pairCount = 3;
    snapshot.exchanges.set(id, state);
  }
  return snapshot;
}

async function scored(): Promise<MarketSnapshot> {
  const snapshot = market();
  const log = { warn: () => {} } as unknown as FastifyBaseLogger;
  await new MarketScorer(liveProvider(new Set(['binance'])), snapshot, log, () => NOW).run(
    new AbortController().signal,
  );
  return snapshot;
}

const venueVolume = (snapshot: MarketSnapshot, coinId: string, exchangeId: string) =>
  snapshot.coins
    .get(coinId)!
    .score!.detail.values.volume.venues.find((venue) => venue.exchangeId === exchangeId)!;

describe('MarketScorer over venues it read and venues it did not', () => {
  it('counts nothing of a venue nobody read (no_evidence), whatever depth its source publishes', async () => {
    const snapshot = await scored();
    expect(venueVolume(snapshot, 'bitcoin', 'lbank')).toMatchObject({
      limitedBy: 'no_evidence',
      verified: 0,
    });
    expect(venueVolume(snapshot, 'bitcoin', 'binance').verified).toBeGreaterThan(0);
    expect(snapshot.coins.get('unread')!.coverage!.verified_volume).toBeNull();
  });

  it('never judges the read venue on a book that ends short of ±2 %', async () => {
    const snapshot = await scored();
    // Bitcoin's book ends 0.1 % from mid; its source publishes $40M over ±2 %: that figure stands.
    expect(venueVolume(snapshot, 'bitcoin', 'binance').limitedBy).not.toBe('depth');
    // Ethereum's has no published figure: the $0.2M floor read must not cap $1B.
    expect(venueVolume(snapshot, 'ethereum', 'binance').limitedBy).not.toBe('depth');
    expect(snapshot.exchanges.get('binance')!.score!.integrityFlags).not.toContain('thin_book_for_volume');
  });

  it('names in each coverage entry only the sources that gave its figure', async () => {
    const snapshot = await scored();
    const unread = snapshot.coins.get('unread')!.coverage!;
    expect(unread.liquidity?.source).toBe('coingecko');
    const bitcoin = snapshot.coins.get('bitcoin')!.coverage!;
    expect(bitcoin.verified_volume?.source).toBe('coingecko + ccxt');
    // Binance's short book gave way to the published figure; lbank's is published too.
    expect(bitcoin.liquidity?.source).toBe('coingecko');
    expect(snapshot.coins.get('ethereum')!.coverage!.liquidity?.source).toBe('ccxt + coingecko');

    const lbank = snapshot.exchanges.get('lbank')!.score!.coverage;
    expect(lbank.integrity).toBeNull();
    expect(lbank.verified_volume).toBeNull();
    expect(lbank.liquidity?.source).toBe('coingecko');
    const binance = snapshot.exchanges.get('binance')!.score!.coverage;
    expect(binance.integrity?.source).toBe('ccxt');
    expect(binance.verified_volume?.source).toBe('coingecko + ccxt');
  });

  it('scores a stablecoin on its evidence but ranks it after every other scored coin', async () => {
    const snapshot = await scored();
    const tether = snapshot.coins.get('tether')!.score!;
    const others = ['bitcoin', 'ethereum', 'solana'].map((id) => snapshot.coins.get(id)!.score!);
    // The most volume and depth of all: by its score it would stand ahead of some of them.
    expect(others.some((score) => score.value < tether.value)).toBe(true);
    expect(Math.max(...others.map((score) => score.rank))).toBeLessThan(tether.rank);
  });
});

describe('MarketScorer holding a pair its runs do not sample to its own tape', () => {
  const FIVE_MINUTES = 300_000;
  /** An hour of 100 prints worth $2,083 each: the tape prints $5M a day. */
  const tape = (pair: PairQuery, end: number) =>
    Array.from({ length: 100 }, (_, index) => ({
      id: String(index),
      ...pair,
      base: pair.coinId,
      price: 100,
      amount: 20.83,
      side: index % 2 === 0 ? ('buy' as const) : ('sell' as const),
      timestamp: end - 3_600_000 + index * 36_000,
    }));

  /**
   * Binance lists 19 coins at $1B a day, half of each coin's volume, and "target" at a reported $500M: 100 × its
   * tape, and under 5 % of the coin's volume, so neither the largest (6) nor the most influential (12) pairs.
   */
  function inflatedMarket(): MarketSnapshot {
    const snapshot = new MarketSnapshot(60_000);
    const coins = [
      ...Array.from({ length: 19 }, (_, index) =>
        coin(`c${index}`, 1e10 - index * 1e8, [
          ticker('binance', `c${index}`, 1e9, null),
          ticker('okx', `c${index}`, 1e9, null),
        ]),
      ),
      coin('target', 5e9, [ticker('binance', 'target', 5e8, null), ticker('okx', 'target', 1e10, null)]),
    ];
    for (const state of coins) snapshot.coins.set(state.profile.id, state);
    for (const id of ['binance', 'okx'])
      snapshot.exchanges.set(id, emptyExchangeState({ id } as ExchangeProfile, NOW));
    return snapshot;
  }

  /**
   * A scorer over `inflatedMarket` whose ccxt serves Binance only: `targetTape` for "target", no prints for the
   * other coins. `read` lists the coins whose tapes were asked for; `clock.now` is the scorer's time.
   */
  function targetScorer(targetTape: (pair: PairQuery, end: number) => TradePrint[]) {
    const clock = { now: NOW };
    const read: string[] = [];
    const provider = {
      ...liveProvider(new Set(['binance'])),
      getTrades: (pair: PairQuery) => {
        if (pair.exchangeId !== 'binance') return Promise.reject(new NotFoundError('ccxt', 'not served'));
        read.push(pair.coinId);
        return Promise.resolve(pair.coinId === 'target' ? targetTape(pair, clock.now) : []);
      },
    } as unknown as MarketDataProvider;
    const snapshot = inflatedMarket();
    const log = { warn: () => {} } as unknown as FastifyBaseLogger;
    const scorer = new MarketScorer(provider, snapshot, log, () => clock.now);
    return { scorer, snapshot, read, clock, signal: new AbortController().signal };
  }

  it('reads its tape in rotation after a run, and the next runs count at most 2.5 × what it prints', async () => {
    const { scorer, snapshot, read, clock, signal } = targetScorer(tape);

    await scorer.run(signal);
    expect(read).not.toContain('target');
    const before = venueVolume(snapshot, 'target', 'binance');
    expect(before.limitedBy).not.toBe('tape');
    expect(before.plausible).toBeGreaterThan(1e8);

    await scorer.rotateTapes(signal);
    expect(read).toContain('target');
    clock.now += FIVE_MINUTES;
    await scorer.run(signal);
    const after = venueVolume(snapshot, 'target', 'binance');
    expect(after.limitedBy).toBe('tape');
    // The tape's 99 gaps of 36 s carry 99 prints of $2,083: $5.0M a day. Counted: 2.5 × that at most.
    const printedPerDay = ((99 * 100 * 20.83) / (99 * 36_000)) * 86_400_000;
    expect(after.plausible).toBeLessThanOrEqual(2.5 * printedPerDay * (1 + 1e-9));
    expect(after.plausible).toBeGreaterThan(0);
  });

  it("judges the pair by its own tape, read in rotation, not by the venue's sampled coins", async () => {
    /** 150 buy/sell legs of one size at one moment each over the hour: self-trades, $2,083 a print. */
    const washed = (pair: PairQuery, end: number) =>
      Array.from({ length: 300 }, (_, index) => ({
        id: String(index),
        ...pair,
        base: pair.coinId,
        price: 100,
        amount: 20.83 * (1 + (index >> 1) / 1_000),
        side: index % 2 === 0 ? ('buy' as const) : ('sell' as const),
        timestamp: end - 3_600_000 + (index >> 1) * 24_000,
      }));
    const { scorer, snapshot, clock, signal } = targetScorer(washed);

    await scorer.run(signal);
    // Outside the sample, the pair took the venue's sampled coins' integrity (none accused).
    expect(scorer.integrityOf('binance')!.coins.target).toBeUndefined();
    const before = venueVolume(snapshot, 'target', 'binance');
    expect(before.limitedBy).not.toBe('integrity');

    await scorer.rotateTapes(signal);
    clock.now += FIVE_MINUTES;
    await scorer.run(signal);
    expect(scorer.integrityOf('binance')!.coins.target).toBeUndefined();
    const after = venueVolume(snapshot, 'target', 'binance');
    // Tape-limited now (its tape prints ~$15M a day against $500M reported), and then cut by the tape's integrity.
    const tape = washed({ exchangeId: 'binance', coinId: 'target', quote: 'USDT' }, clock.now);
    const span = tape.at(-1)!.timestamp - tape[0]!.timestamp;
    const printedPerDay =
      (tape.reduce((sum, print) => sum + print.price * print.amount, 0) / span) * 86_400_000;
    expect(after.limitedBy).toBe('tape');
    expect(after.plausible).toBeLessThan(0.1 * 2.5 * printedPerDay);
    // The other coins keep theirs: the target's reading is its own.
    expect(venueVolume(snapshot, 'c0', 'binance').limitedBy).toBe('none');

    // A reading stands for a day: the next day's run, with no new read of the pair, is back to the venue's.
    clock.now += 86_400_000;
    await scorer.run(signal);
    expect(venueVolume(snapshot, 'target', 'binance').plausible).toBeGreaterThan(0.5 * before.plausible);
  });
});

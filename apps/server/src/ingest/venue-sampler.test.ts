import { describe, expect, it } from 'vitest';

import type {
  BookLevel,
  MarketDataProvider,
  OrderBookSnapshot,
  PairQuery,
  VenueTicker,
} from '@coinlens/market-model';
import { NotFoundError } from '@coinlens/market-model';
import { bandDepth } from './book-depth.js';
import { DEFAULT_SAMPLER_OPTIONS, VenueSampler } from './venue-sampler.js';
import { sampleAll } from './testing/sample-all.js';

function ticker(exchangeId: string, coinId: string, volumeUsd24h: number): VenueTicker {
  return { exchangeId, coinId, volumeUsd24h, quote: 'USD', last: 1, lastUsd: 1 } as VenueTicker;
}

/** A book around 100 with `levels` levels a side, each 0.01 % further out and holding 1 unit. */
function ladder(levels: number): OrderBookSnapshot {
  const side = (sign: 1 | -1): BookLevel[] =>
    Array.from({ length: levels }, (_, i) => [100 * (1 + sign * 0.0001 * (i + 1)), 1] as const);
  return {
    exchangeId: 'big',
    coinId: 'bitcoin',
    base: 'BTC',
    quote: 'USD',
    bids: side(-1),
    asks: side(1),
    timestamp: 0,
  };
}

/** A venue serving books and empty tapes, whose book holds `held` levels a side; records the depths asked. */
function bookVenue(held: number, asked: number[] = []): MarketDataProvider {
  const full = ladder(held);
  return {
    capabilities: new Set(['orderBooks', 'trades']),
    getTrades: () => Promise.resolve([]),
    getOrderBook: (pair: PairQuery, depth: number) => {
      if (pair.exchangeId !== 'big') return Promise.reject(new NotFoundError('test', 'not served'));
      asked.push(depth);
      return Promise.resolve({ ...full, bids: full.bids.slice(0, depth), asks: full.asks.slice(0, depth) });
    },
  } as unknown as MarketDataProvider;
}

const options = { ...DEFAULT_SAMPLER_OPTIONS, bookLevels: 10, maxBookLevels: 1_000, now: () => 0 };

describe('VenueSampler', () => {
  it("reads a venue's largest pairs and those where it carries most of a coin's volume", async () => {
    const read: string[] = [];
    const provider = {
      capabilities: new Set(['trades']),
      getTrades: (pair: PairQuery) => {
        read.push(`${pair.exchangeId}|${pair.coinId}`);
        return Promise.resolve([]);
      },
    } as unknown as MarketDataProvider;
    const sampler = new VenueSampler(provider, {
      tapePairsPerVenue: 2,
      influentialPairsPerVenue: 1,
      rotatingTapesPerVenue: 0,
      rotationBudgetMs: 0,
      maxBooksPerRun: 0,
      bookLevels: 10,
      maxBookLevels: 10,
      now: () => 0,
    });
    const tickers = [
      ticker('big', 'bitcoin', 9e9),
      ticker('big', 'ethereum', 5e9),
      ticker('big', 'solana', 1e9),
      // Small for the venue, but nearly all of the coin's volume: the venue's word decides this coin.
      ticker('big', 'midcap', 2e8),
      ticker('other', 'bitcoin', 9e9),
      ticker('other', 'solana', 9e9),
      ticker('other', 'midcap', 1e6),
    ];
    await sampleAll(sampler, tickers);
    expect(read.filter((key) => key.startsWith('big|')).sort()).toEqual(
      ['big|bitcoin', 'big|ethereum', 'big|midcap'].sort(),
    );
  });

  it('reads a book ten times deeper while its levels end short of ±2 %, and counts the whole band', async () => {
    const asked: number[] = [];
    const sampler = new VenueSampler(bookVenue(400, asked), options);
    const [sample] = await sampleAll(sampler, [ticker('big', 'bitcoin', 1e6)]);
    // 10 levels reach 0.1 %, 100 reach 1 %, 400 reach 4 %.
    expect(asked).toEqual([10, 100, 1_000]);
    expect(sample!.depthUsd2pct).toBeCloseTo(bandDepth(ladder(400), 1)!.usd, 6);
    expect(sample!.depthReportedVolumeUsd24h).toBe(1e6);
  });

  it("keeps a book cut short of ±2 % as a floor: never in the venue's depth-to-volume, never a cap", async () => {
    // The venue serves at most 100 levels, however many are asked: they end 1 % from mid.
    const provider = bookVenue(100);
    const sampler = new VenueSampler(provider, { ...options, bookLevels: 100 });
    const tickers = [ticker('big', 'bitcoin', 1e9)];
    const [sample] = await sampleAll(sampler, tickers);
    expect(sample!.books).toHaveLength(1);
    expect(sample!.depthUsd2pct).toBeNull();
    expect(sample!.depthReportedVolumeUsd24h).toBe(0);
    expect((await sampler.depthByVenueCoin(tickers)).get('big', 'bitcoin')).toMatchObject({
      usd: bandDepth(ladder(100), 1)!.usd,
      lowerBound: true,
      booked: true,
    });
  });

  it('takes the depth the source publishes where the book read ends short of it', async () => {
    const sampler = new VenueSampler(bookVenue(100), { ...options, bookLevels: 100 });
    const published = { ...ticker('big', 'bitcoin', 1e9), depthUsd2pctUp: 2e7, depthUsd2pctDown: 3e7 };
    const [sample] = await sampleAll(sampler, [published]);
    expect(sample!.depthUsd2pct).toBe(5e7);
    expect(sample!.depthReportedVolumeUsd24h).toBe(1e9);
    expect((await sampler.depthByVenueCoin([published])).get('big', 'bitcoin')).toMatchObject({
      usd: 5e7,
      lowerBound: false,
      booked: true,
      figure: { book: false, published: true },
    });
  });

  it('gives no sample to a venue none of whose calls answered, and only its published depth', async () => {
    const provider = {
      ...bookVenue(400),
      getTrades: (pair: PairQuery) =>
        pair.exchangeId === 'big'
          ? Promise.resolve([])
          : Promise.reject(new NotFoundError('test', 'not served')),
    } as unknown as MarketDataProvider;
    const sampler = new VenueSampler(provider, options);
    const unread = { ...ticker('other', 'bitcoin', 1e9), depthUsd2pctUp: 1e6, depthUsd2pctDown: 1e6 };
    const samples = await sampleAll(sampler, [ticker('big', 'bitcoin', 1e9), unread]);
    expect(samples.map((sample) => sample.exchangeId)).toEqual(['big']);
    expect((await sampler.depthByVenueCoin([unread])).get('other', 'bitcoin')).toEqual({
      usd: 2e6,
      lowerBound: false,
      booked: false,
      figure: { book: false, published: true },
    });
  });
});

/** A tape venue recording each pair read as `venue|coin`; `slowMs` a call, `failing` pairs refused once each. */
function tapeVenue(read: string[], { slowMs = 0, failing = new Set<string>() } = {}): MarketDataProvider {
  return {
    capabilities: new Set(['trades']),
    getTrades: async (pair: PairQuery) => {
      if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
      const key = `${pair.exchangeId}|${pair.coinId}`;
      if (failing.delete(key)) throw new Error('timed out');
      read.push(key);
      return [];
    },
  } as unknown as MarketDataProvider;
}

/** A repeatable uniform source (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const rotation = (rotatingTapesPerVenue: number, rotationBudgetMs = 60_000) => ({
  ...DEFAULT_SAMPLER_OPTIONS,
  tapePairsPerVenue: 1,
  influentialPairsPerVenue: 0,
  rotatingTapesPerVenue,
  rotationBudgetMs,
  maxBooksPerRun: 0,
  random: seeded(7),
});

describe('VenueSampler rotation', () => {
  const signal = new AbortController().signal;
  // One venue, its largest pair sampled every run, eleven small pairs only the rotation reads.
  const small = Array.from({ length: 11 }, (_, index) => ticker('big', `coin${index}`, 1e6 + index));
  const tickers = [ticker('big', 'bitcoin', 9e9), ...small];

  it('reads every pair the sample leaves out, each once before any twice, never the sampled one', async () => {
    const read: string[] = [];
    let now = 0;
    const sampler = new VenueSampler(tapeVenue(read), { ...rotation(3), now: () => now });
    const rotated: string[][] = [];
    for (let run = 0; run < 8; run++) {
      now += 300_000;
      await sampleAll(sampler, tickers);
      const before = read.length;
      await sampler.rotate(tickers, signal, () => {});
      rotated.push(read.slice(before));
    }
    expect(rotated.every((picks) => picks.length === 3)).toBe(true);
    expect(rotated.flat()).not.toContain('big|bitcoin');
    // 24 reads of 11 pairs: the first 11 reads (runs 1–4) hold every pair, and no pair is read a third time.
    const counts = new Map<string, number>();
    for (const key of rotated.flat()) counts.set(key, (counts.get(key) ?? 0) + 1);
    expect(counts.size).toBe(11);
    expect(new Set(rotated.slice(0, 4).flat().slice(0, 11)).size).toBe(11);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);
  });

  it('picks at random among the pairs read longest ago: two seeds read different pairs first', async () => {
    const firsts = await Promise.all(
      [1, 2, 3].map(async (seed) => {
        const read: string[] = [];
        const sampler = new VenueSampler(tapeVenue(read), {
          ...rotation(3),
          random: seeded(seed),
          now: () => 0,
        });
        await sampler.rotate(tickers, signal, () => {});
        return read.sort().join(',');
      }),
    );
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });

  it('hands each read tape to the recorder with its venue', async () => {
    const recorded: string[] = [];
    const sampler = new VenueSampler(tapeVenue([]), { ...rotation(2), now: () => 0 });
    await sampler.rotate(tickers, signal, (exchangeId, trades) =>
      recorded.push(`${exchangeId}:${trades.length}`),
    );
    expect(recorded).toEqual(['big:0', 'big:0']);
  });

  it('stops once its budget is spent and starts with the venues it did not reach', async () => {
    const read: string[] = [];
    let now = 0;
    const sampler = new VenueSampler(tapeVenue(read, { slowMs: 30 }), { ...rotation(1, 10), now: () => now });
    const venues = ['a', 'b', 'c'].map((id) => ticker(id, 'coin', 1e6));
    const firstOf = async () => {
      now += 300_000;
      const before = read.length;
      await sampler.rotate(venues, signal, () => {});
      return read.slice(before);
    };
    // Each call reads one venue (30 ms against a 10 ms budget), the one rotated longest ago.
    expect(await firstOf()).toEqual(['a|coin']);
    expect(await firstOf()).toEqual(['b|coin']);
    expect(await firstOf()).toEqual(['c|coin']);
    expect(await firstOf()).toEqual(['a|coin']);
  });

  it('tries a pair whose read failed again before the pairs it already read', async () => {
    const read: string[] = [];
    let now = 0;
    const twoPairs = [ticker('big', 'alpha', 1e6), ticker('big', 'beta', 1e6)];
    const sampler = new VenueSampler(tapeVenue(read, { failing: new Set(['big|alpha']) }), {
      ...rotation(1),
      random: () => 0,
      now: () => now,
    });
    // Both never read (ties keep the list's order) and random 0 takes the first: alpha, which fails.
    for (let run = 0; run < 3; run++) {
      now += 300_000;
      await sampler.rotate(twoPairs, signal, () => {});
    }
    // alpha fails first, so it is still among the never read and is read on the second call.
    expect(read).toEqual(['big|alpha', 'big|beta']);
  });
});

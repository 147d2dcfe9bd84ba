import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { CoinReadings } from './coin-readings.js';
import { auditVenues, judgeTapeAlone, judgeVenues, VenueJudge } from './judge-venues.js';
import { TapeWindows } from './tape-windows.js';
import { featuresOf, integrityFeatures, pairTallies } from './integrity-features.js';
import { markLeaders } from './price-leaders.js';
import { book, evidence, honestTape, seededRandom } from './testing/tape-fixtures.js';

const asCoin = (coinId: string, tape: readonly TradePrint[]) => tape.map((print) => ({ ...print, coinId }));

/** Prints with sides drawn independently, at the tape's own prices and sizes: `lambda` × its notional. */
function randomSided(tape: readonly TradePrint[], lambda: number, seed: number): TradePrint[] {
  const random = seededRandom(seed);
  const notional = tape.reduce((sum, print) => sum + print.price * print.amount, 0);
  const fake: TradePrint[] = [];
  for (let added = 0; added < lambda * notional;) {
    const at = tape[Math.floor(random() * tape.length)]!;
    fake.push({
      ...at,
      id: `f${fake.length}`,
      side: random() < 0.5 ? 'buy' : 'sell',
      timestamp: at.timestamp + 1,
    });
    added += at.price * at.amount;
  }
  return [...tape, ...fake];
}

describe('judging venues', () => {
  it('judges each coin on its own tape, so wash in one coin does not discount another', async () => {
    const washedCoin = randomSided(asCoin('target', honestTape('v', 1_500, 3)), 10, 4);
    const innocent = asCoin('innocent', honestTape('v', 1_500, 5));
    const peers = [1, 2, 3, 4].map((seed) => evidence(`p${seed}`, honestTape(`p${seed}`, 1_500, 10 + seed)));
    const { venues } = await judgeVenues([evidence('v', [...washedCoin, ...innocent]), ...peers]);
    const venue = venues[0]!;
    expect(venue.coins['target']).toBeLessThan(0.2);
    expect(venue.coins['innocent']).toBe(1);
    // The venue as a whole is discounted; a coin not sampled there gets the median of the sampled ones.
    expect(venue.integrity).toBeLessThan(0.5);
    expect(venue.unsampledCoinIntegrity).toBeCloseTo((venue.coins['target']! + 1) / 2, 6);
  });

  it('judges a coin on the same features its own slice of the tape has', () => {
    const target = randomSided(asCoin('target', honestTape('v', 1_500, 3)), 2, 4);
    const innocent = asCoin('innocent', honestTape('v', 800, 5)).map((print, index) =>
      index % 3 === 0 ? { ...print, quote: 'USDT' } : print,
    );
    const books = ['target', 'innocent'].map((coinId) => ({ ...book('v'), coinId }));
    const venue = evidence('v', [...innocent.slice(0, 300), ...target, ...innocent.slice(300)], { books });
    const tallies = pairTallies(venue);
    // As the judge does: the flow test reads each coin's main pair (the innocent coin's USD, not its USDT).
    markLeaders([{ exchangeId: 'v', tallies }]);
    expect(tallies.filter((tally) => tally.leads).map((tally) => tally.coinId)).toEqual([
      'innocent',
      'target',
    ]);
    for (const coinId of ['target', 'innocent']) {
      const market = { exchangeId: 'v', reportedVolumeUsd24h: 0, depthUsd2pct: null };
      const slice = {
        ...market,
        trades: venue.trades.filter((print) => print.coinId === coinId),
        books: books.filter((snapshot) => snapshot.coinId === coinId),
      };
      const fromTallies = featuresOf(
        market,
        tallies.filter((tally) => tally.coinId === coinId),
        0.2,
      );
      expect(fromTallies).toEqual(integrityFeatures(slice, 0.2));
      if (coinId === 'target') expect(fromTallies.outsideQuoteShare).not.toBeNull();
    }
    expect(featuresOf(venue, tallies, null)).toEqual(integrityFeatures(venue));
  });

  it('judges venues read a pair at a time as it judges them whole, without going back to prints or books', async () => {
    // A copier, a washer and honest peers, each over two coins and two quotes: the copy comparison, the coin tapes
    // merged from several pairs and the cross-venue scoring all have work.
    const spread = (tape: readonly TradePrint[]) =>
      tape.map((print, index) => ({
        ...print,
        coinId: index % 3 === 0 ? 'other' : print.coinId,
        quote: index % 2 === 0 ? 'USDT' : print.quote,
      }));
    const universe = () => {
      const source = spread(honestTape('source', 1_200, 61));
      const copied = source.map((print, index) => ({
        ...print,
        exchangeId: 'copier',
        id: `c${index}`,
        amount: Number((print.amount * 4.7).toPrecision(8)),
        timestamp: print.timestamp + 600,
      }));
      return [
        evidence('source', source),
        evidence('copier', [...spread(honestTape('copier', 200, 62)), ...copied]),
        evidence('washed', spread(randomSided(honestTape('washed', 1_200, 63), 6, 64))),
        ...[1, 2, 3].map((seed) => evidence(`p${seed}`, spread(honestTape(`p${seed}`, 1_200, 70 + seed)))),
      ];
    };
    const judge = new VenueJudge();
    let pairs = 0;
    for (const venue of universe()) {
      const byPair = new Map<string, TradePrint[]>();
      for (const print of venue.trades) {
        const key = `${print.coinId}|${print.quote}`;
        byPair.set(key, [...(byPair.get(key) ?? []), print]);
      }
      for (const [key, trades] of byPair) {
        const books = venue.books.filter((book) => `${book.coinId}|${book.quote}` === key);
        judge.addTape(venue.exchangeId, trades, books);
        // What the sampler hands over is let go once added: emptied here, the judge must not need it again.
        trades.length = 0;
        pairs++;
      }
      judge.closeVenue(venue);
    }
    expect(pairs).toBeGreaterThanOrEqual(6 * 3);
    const streamed = await judge.judge();
    const { venues: whole } = await judgeVenues(universe());
    expect(streamed).toEqual(whole);
    expect(streamed.map((venue) => venue.exchangeId)).toEqual([
      'source',
      'copier',
      'washed',
      'p1',
      'p2',
      'p3',
    ]);
    expect(streamed[1]!.flags).toContain('copied_tape');
    expect(streamed[2]!.integrity).toBeLessThan(0.5);
    expect(Object.keys(streamed[0]!.coins).sort()).toEqual(['coin', 'other']);
    expect(judge.busyMs).toBeGreaterThan(0);
  });

  it('audits venues: integrity, flags and the volume the score counts', async () => {
    const honest = evidence('honest', honestTape('honest', 1_500, 7), { reportedVolumeUsd24h: 1e6 });
    const washed = evidence('washed', randomSided(honestTape('washed', 1_500, 8), 10, 9), {
      reportedVolumeUsd24h: 1.1e7,
    });
    const [first, second] = await auditVenues([honest, washed]);
    expect(first).toMatchObject({ id: 'honest', integrity: 1, flags: [], reportedUsd: 1e6, countedUsd: 1e6 });
    expect(second!.flags).toContain('unclustered_sides');
    expect(second!.countedUsd).toBeLessThan(0.2 * second!.reportedUsd);
  });
});

describe('a tape read on its own between runs', () => {
  it('judges its coin by the same absolute tests as a run, and says nothing below 50 prints', () => {
    const honest = asCoin('quiet', honestTape('v', 600, 21));
    const washed = randomSided(asCoin('washed', honestTape('v', 600, 22)), 10, 23);
    expect(judgeTapeAlone('v', honest)).toEqual({ coinId: 'quiet', integrity: 1 });
    const reading = judgeTapeAlone('v', washed)!;
    expect(reading.coinId).toBe('washed');
    expect(reading.integrity).toBeLessThan(0.2);
    // The same prints in a run's sample get the same coin reading, the copy test aside (no peer here).
    const judge = new VenueJudge();
    judge.add(evidence('v', washed));
    return judge.judge().then(([venue]) => expect(venue!.coins['washed']).toBeCloseTo(reading.integrity, 12));
  });

  it('is null below the tape tests’ minimum of prints', () => {
    expect(judgeTapeAlone('v', asCoin('thin', honestTape('v', 49, 24)))).toBeNull();
    expect(judgeTapeAlone('v', [])).toBeNull();
  });

  it('leaves its sign test to 1,000 sided prints, pooled with the earlier windows of the coin', () => {
    // Sides drawn independently, sizes and times honest: only the sign test can tell.
    const random = seededRandom(25);
    // The second read is of the hour after the first: a read sharing prints with an earlier one borrows nothing of it.
    const unclustered = (count: number, seed: number, hour: number) =>
      asCoin('c', honestTape('v', count, seed)).map((print) => ({
        ...print,
        timestamp: print.timestamp + hour * 3_600_000,
        side: random() < 0.5 ? ('buy' as const) : ('sell' as const),
      }));
    const windows = new TapeWindows();
    const first = judgeTapeAlone('v', unclustered(600, 26, 0), { windows: { windows, now: 1 } })!;
    expect(first.integrity).toBe(1);
    const second = judgeTapeAlone('v', unclustered(600, 27, 1), { windows: { windows, now: 2 } })!;
    expect(second.integrity).toBeLessThan(0.5);
  });
});

describe('coin readings', () => {
  it('hands back a coin’s last reading on a venue for a day, then forgets it', () => {
    const readings = new CoinReadings();
    readings.record('v', 'c', 0.2, 1_000);
    readings.record('v', 'c', 0.4, 2_000);
    expect(readings.of('v', 'c', 2_000)).toBe(0.4);
    expect(readings.of('v', 'other', 2_000)).toBeUndefined();
    expect(readings.of('w', 'c', 2_000)).toBeUndefined();
    expect(readings.of('v', 'c', 2_000 + 86_400_000 - 1)).toBe(0.4);
    expect(readings.of('v', 'c', 2_000 + 86_400_000)).toBeUndefined();
    readings.record('v', 'd', 1, 50_000);
    readings.forgetBefore(2_000 + 86_400_000);
    expect(readings.of('v', 'd', 50_000)).toBe(1);
    expect(readings.of('v', 'c', 2_000)).toBeUndefined();
  });
});

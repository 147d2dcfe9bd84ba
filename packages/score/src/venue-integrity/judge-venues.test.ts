import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { auditVenues, judgeVenues, VenueJudge } from './judge-venues.js';
import { featuresOf, integrityFeatures, pairTallies } from './integrity-features.js';
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

  it('judges venues added one at a time without going back to their prints or books', async () => {
    // A copier, a washer and honest peers: the copy comparison and the cross-venue scoring both have work.
    const universe = () => {
      const source = honestTape('source', 1_200, 61);
      const copied = source.map((print, index) => ({
        ...print,
        exchangeId: 'copier',
        id: `c${index}`,
        amount: Number((print.amount * 4.7).toPrecision(8)),
        timestamp: print.timestamp + 600,
      }));
      return [
        evidence('source', source),
        evidence('copier', [...honestTape('copier', 200, 62), ...copied]),
        evidence('washed', randomSided(honestTape('washed', 1_200, 63), 6, 64)),
        ...[1, 2, 3].map((seed) => evidence(`p${seed}`, honestTape(`p${seed}`, 1_200, 70 + seed))),
      ];
    };
    const judge = new VenueJudge();
    for (const venue of universe()) {
      judge.add(venue);
      // What the sampler hands over is let go once added: emptied here, the judge must not need it again.
      (venue.trades as TradePrint[]).length = 0;
      (venue.books as unknown[]).length = 0;
    }
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

import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { flowPriceCoherence } from './flow-price.js';
import { honestShare, REAL_FLOW } from './honest-share.js';
import { integrityFeatures } from './integrity-features.js';
import { matchedLegShare } from './matched-legs.js';
import { printImpact, printImpactEdge } from './print-impact.js';
import { signClustering } from './sign-clustering.js';
import { TapeCopies } from './tape-copy.js';
import { evidence, honestTape, MID, seededRandom } from './testing/tape-fixtures.js';

const print = (index: number, side: TradePrint['side'], amount: number, timestamp: number, price = MID) => ({
  id: `p${index}`,
  exchangeId: 'v',
  coinId: 'coin',
  base: 'C',
  quote: 'USD',
  price,
  amount,
  side,
  timestamp,
});

/** Single prints at the touch with sizes and sides drawn independently from the tape: `lambda` × its notional. */
function singlePrintWash(tape: readonly TradePrint[], lambda: number, seed: number): TradePrint[] {
  const random = seededRandom(seed);
  const notional = tape.reduce((sum, trade) => sum + trade.price * trade.amount, 0);
  const fake: TradePrint[] = [];
  let added = 0;
  while (added < lambda * notional) {
    const size = tape[Math.floor(random() * tape.length)]!;
    const at = tape[Math.floor(random() * tape.length)]!;
    const side = random() < 0.5 ? 'buy' : 'sell';
    // At the touch: a buy at the ask, a sell at the bid (the fixture quotes ±0.05 % around the mid).
    const price =
      side === at.side ? at.price : at.price * (side === 'buy' ? 1.0005 / 0.9995 : 0.9995 / 1.0005);
    fake.push({
      ...at,
      id: `f${fake.length}`,
      side,
      price,
      amount: size.amount,
      timestamp: at.timestamp + 1,
    });
    added += at.price * size.amount;
  }
  return [...tape, ...fake];
}

describe('sign clustering', () => {
  it('measures how often a side repeats, per pair', () => {
    const persistent = honestTape('v', 2_000, 3);
    expect(signClustering(persistent, 50)!.autocorrelation).toBeGreaterThan(0.55);
    const alternating = Array.from({ length: 100 }, (_, index) =>
      print(index, index % 2 === 0 ? 'buy' : 'sell', 1, index),
    );
    expect(signClustering(alternating, 50)!.autocorrelation).toBeCloseTo(-1, 1);
  });

  it('says nothing below the minimum or without sides', () => {
    expect(signClustering(honestTape('v', 40, 3), 50)).toBeNull();
    const unsided = honestTape('v', 500, 3).map((trade) => ({ ...trade, side: null }));
    expect(signClustering(unsided, 50)).toBeNull();
  });
});

describe('flow and price', () => {
  it('finds honest flow moving the price, and shuffled sides not', () => {
    // 400 buckets: a standard error of 0.05 around the fixture's 0.26–0.31.
    const tape = honestTape('v', 12_000, 5);
    expect(flowPriceCoherence(tape, 10)!.correlation).toBeGreaterThan(0.2);
    const random = seededRandom(9);
    const shuffled = tape.map((trade) => ({ ...trade, side: random() < 0.5 ? 'buy' : 'sell' }) as const);
    expect(Math.abs(flowPriceCoherence(shuffled, 10)!.correlation)).toBeLessThan(0.1);
  });
});

describe('print impact', () => {
  it('finds each honest print moving the mid its way, and shuffled sides not', () => {
    const tape = honestTape('v', 6_000, 5);
    const honest = printImpact(tape, 50)!;
    expect(honest.prints).toBeGreaterThan(5_900);
    // Even the edge least favourable to the venue clears the floor.
    expect(printImpactEdge(honest, -REAL_FLOW.confidenceZ)).toBeGreaterThan(REAL_FLOW.printImpactFloor);
    const random = seededRandom(9);
    const shuffled = tape.map((trade) => ({ ...trade, side: random() < 0.5 ? 'buy' : 'sell' }) as const);
    expect(Math.abs(printImpact(shuffled, 50)!.correlation)).toBeLessThan(0.1);
  });

  it('says nothing below the minimum or without sides', () => {
    expect(printImpact(honestTape('v', 40, 3), 50)).toBeNull();
    const unsided = honestTape('v', 500, 3).map((trade) => ({ ...trade, side: null }));
    expect(printImpact(unsided, 50)).toBeNull();
  });

  it('weighs each pair by its prints', () => {
    const busy = honestTape('v', 3_000, 5);
    const quiet = honestTape('v', 300, 7).map((trade) => ({ ...trade, coinId: 'other' }));
    const alone = printImpact(busy, 50)!;
    const other = printImpact(quiet, 50)!;
    const both = printImpact([...busy, ...quiet], 50)!;
    expect(both.prints).toBe(alone.prints + other.prints);
    expect(both.correlation).toBeCloseTo(
      (alone.correlation * alone.prints + other.correlation * other.prints) / both.prints,
      12,
    );
  });
});

describe('matched legs', () => {
  it('finds a print met within 3 s by opposite fills of the same total size', () => {
    const tape = [
      print(0, 'buy', 1.23456, 1_000),
      print(1, 'buy', 0.5, 1_200),
      print(2, 'sell', 0.61728, 1_800),
      print(3, 'sell', 0.61728, 1_830),
      print(4, 'sell', 2, 9_000),
    ];
    // Legs: 1.23456 + 0.61728 + 0.61728 of 4.96912 in all.
    expect(matchedLegShare(tape, 1)).toBeCloseTo(2.46912 / 4.96912, 6);
  });

  it('meets each print with the first unused opposite leg of its size, one to three fills', () => {
    const tape = [
      print(0, 'buy', 0.3, 1_000),
      print(1, 'buy', 0.3, 1_100),
      print(2, 'sell', 0.3, 1_500),
      print(3, 'sell', 0.3, 1_600),
      print(4, null, 0.3, 1_700),
      print(5, 'buy', 0.3, 1_950),
      print(6, 'sell', 0.1, 2_000),
      print(7, 'sell', 0.1, 2_010),
      print(8, 'sell', 0.1, 2_020),
      print(9, 'buy', 0.1, 2_100),
    ];
    // 0 meets 2 and 1 meets 3 (2 is taken), 5 meets the three fills 6–8; 9 finds no sell after it; 4 has no side.
    expect(matchedLegShare(tape, 1)).toBeCloseTo(1.8 / 1.9, 9);
    // Without the third fill the fills make 0.2: 5 is left alone, and the first fill meets 9 instead.
    expect(
      matchedLegShare(
        tape.filter((_, index) => index !== 8),
        1,
      ),
    ).toBeCloseTo(1.4 / 1.8, 9);
  });

  it('leaves legs apart by more than the window alone', () => {
    const tape = [print(0, 'buy', 1.23456, 1_000), print(1, 'sell', 1.23456, 4_500)];
    expect(matchedLegShare(tape, 1)).toBe(0);
  });

  it('finds little in honest flow', () => {
    expect(matchedLegShare(honestTape('v', 3_000, 7), 50)).toBeLessThan(0.06);
  });
});

describe('honest share', () => {
  it('is 1 for honest tapes of any size', () => {
    for (const count of [60, 300, 3_000])
      expect(honestShare(integrityFeatures(evidence('v', honestTape('v', count, count)))).share).toBe(1);
  });

  it('discounts single prints with independent sides in proportion to the fake volume', () => {
    const tape = honestTape('v', 1_500, 11);
    const shares = [1, 10].map(
      (lambda) => honestShare(integrityFeatures(evidence('v', singlePrintWash(tape, lambda, 3)))).share,
    );
    expect(shares[0]).toBeLessThan(0.8);
    expect(shares[1]).toBeLessThan(0.1);
    expect(shares[1]).toBeLessThan(shares[0]!);
  });

  it('names what it saw, and sees the fake flow move nothing', () => {
    const honest = integrityFeatures(evidence('v', honestTape('v', 1_500, 13)));
    const washed = integrityFeatures(evidence('v', singlePrintWash(honestTape('v', 1_500, 13), 10, 5)));
    expect(honestShare(washed).flags).toContain('unclustered_sides');
    expect(washed.flowPrice!.correlation).toBeLessThan(REAL_FLOW.flowPriceFloor);
    expect(honest.flowPrice!.buckets).toBeLessThan(washed.flowPrice!.buckets / 5);
    expect(washed.printImpact!.correlation).toBeLessThan(honest.printImpact!.correlation / 2);
  });
});

describe('copied tape', () => {
  const venue = (exchangeId: string, trades: readonly TradePrint[]) => ({
    exchangeId,
    trades: trades.map((trade) => ({ ...trade, exchangeId })),
  });

  it('finds a venue that prints another venue’s tape a moment later at scaled sizes', () => {
    const source = honestTape('source', 1_000, 21);
    const copy = source.map((trade, index) => ({
      ...trade,
      id: `c${index}`,
      amount: Number((trade.amount * 7.3).toPrecision(8)),
      timestamp: trade.timestamp + 800,
    }));
    const copies = new TapeCopies([
      venue('source', source),
      venue('copier', [...honestTape('copier', 100, 22), ...copy]),
      venue('other', honestTape('other', 1_000, 23)),
    ]);
    expect(copies.share('copier')).toBeGreaterThan(0.8);
    expect(copies.share('copier', 'coin')).toBeGreaterThan(0.8);
    expect(copies.share('source')).toBeLessThan(0.05);
  });

  it('finds nothing between honest venues of the same coin', () => {
    const copies = new TapeCopies(
      [1, 2, 3].map((seed) => venue(`v${seed}`, honestTape(`v${seed}`, 1_500, 30 + seed))),
    );
    for (const seed of [1, 2, 3]) expect(copies.share(`v${seed}`)).toBeLessThan(0.05);
  });

  it('finds a copy of a tape whose sizes repeat, as Binance’s do (few distinct sizes, one size a fifth of them)', () => {
    // Sizes as on Binance's real BTC/USDT tape of 2024: 0.30 distinct per print, the most common 20 % of prints.
    const habitual = [0.00009, 0.0001, 0.02, 0.00017, 0.00027];
    const source = honestTape('source', 1_000, 71).map((trade, index) => ({
      ...trade,
      amount: index % 5 === 0 ? 0.00009 : index % 4 === 1 ? trade.amount : habitual[index % habitual.length]!,
    }));
    expect(new Set(source.map((trade) => trade.amount)).size / source.length).toBeLessThan(0.3);
    const copy = source.map((trade, index) => ({
      ...trade,
      id: `c${index}`,
      amount: Number((trade.amount * 41.7).toPrecision(8)),
      timestamp: trade.timestamp + 1_500,
    }));
    const copies = new TapeCopies([venue('source', source), venue('copier', copy)]);
    expect(copies.share('copier')).toBeGreaterThan(0.8);
    expect(copies.share('source')).toBeLessThan(0.05);
  });

  it('does not take one machine size meeting a peer’s habitual size for a copy', () => {
    const peer = honestTape('peer', 1_500, 51).map((trade) => ({ ...trade, amount: 0.00123 }));
    const bot = honestTape('bot', 1_500, 52).map((trade) => ({ ...trade, amount: 2.4681 }));
    const copies = new TapeCopies([venue('peer', peer), venue('bot', bot)]);
    expect(copies.share('bot')).toBe(0);
  });

  it('finds the same copies as the print-by-print search did, to the last digit', () => {
    // Busy tapes (1,500 prints in ten minutes, a third of them round) copied at ratio 1 — where round sizes
    // meet round sizes and must be left out — and at 7.3; the values are those of the search before it walked
    // sizes in order (methodology 1.2.0).
    const tenMinutes = 600_000;
    const source = honestTape('source', 1_500, 61, tenMinutes);
    const copied = (ratio: number, lag: number, every: number) =>
      source
        .filter((_, index) => index % every === 0)
        .map((trade, index) => ({
          ...trade,
          id: `c${ratio}-${index}`,
          amount: Number((trade.amount * ratio).toPrecision(8)),
          timestamp: trade.timestamp + lag,
        }));
    const otherCoin = (tape: readonly TradePrint[]) => tape.map((trade) => ({ ...trade, coinId: 'other' }));
    const copies = new TapeCopies([
      venue('source', [...source, ...otherCoin(honestTape('source', 1_500, 62, tenMinutes))]),
      venue('same-size', [...honestTape('same-size', 400, 63, tenMinutes), ...copied(1, 700, 2)]),
      venue('scaled', [
        ...honestTape('scaled', 400, 64, tenMinutes),
        ...copied(7.3, 1_200, 3),
        ...otherCoin(honestTape('scaled', 300, 65, tenMinutes)),
      ]),
      venue('honest', honestTape('honest', 1_500, 66, tenMinutes)),
    ]);
    expect(copies.share('same-size')).toBe(0.346039522032816);
    expect(copies.share('scaled')).toBe(0.7492675933424078);
    expect(copies.share('scaled', 'coin')).toBe(0.8253159390051249);
    expect(copies.share('scaled', 'other')).toBe(0);
    for (const id of ['source', 'honest']) expect(copies.share(id)).toBe(0);
    expect(copies.share('same-size', 'other')).toBeNull();
  });

  it('finds the same copies when venues are gathered a batch at a time, two at once, in shared columns', () => {
    const source = honestTape('source', 1_200, 81);
    const copy = source
      .filter((_, index) => index % 2 === 0)
      .map((trade, index) => ({
        ...trade,
        id: `c${index}`,
        amount: Number((trade.amount * 3.1).toPrecision(8)),
        timestamp: trade.timestamp + 900,
      }));
    const otherCoin = (tape: readonly TradePrint[]) => tape.map((trade) => ({ ...trade, coinId: 'other' }));
    const tapes = {
      source: [...otherCoin(honestTape('source', 700, 82)), ...source],
      copier: [...honestTape('copier', 300, 83), ...otherCoin(honestTape('copier', 200, 84)), ...copy],
      honest: honestTape('honest', 900, 85),
    };
    const whole = new TapeCopies(Object.entries(tapes).map(([id, trades]) => venue(id, trades)));
    // Batches of 250 prints, cutting across coins; the first two venues are open together and the third takes
    // over the gathering columns one of them hands on.
    const gathered = new TapeCopies();
    const open = { source: gathered.coinTapes(), copier: gathered.coinTapes() };
    for (let from = 0; from < tapes.source.length; from += 250)
      for (const id of ['source', 'copier'] as const)
        open[id].append(venue(id, tapes[id].slice(from, from + 250)).trades);
    gathered.addTapes('source', open.source);
    const honest = gathered.coinTapes();
    honest.append(venue('honest', tapes.honest).trades);
    gathered.addTapes('copier', open.copier);
    gathered.addTapes('honest', honest);
    expect(whole.share('copier')).toBeGreaterThan(0.4);
    for (const id of Object.keys(tapes))
      for (const coin of [undefined, 'coin', 'other'])
        expect(gathered.share(id, coin)).toBe(whole.share(id, coin));
  });

  it('says nothing without a peer trading the same coin at the same time', () => {
    const later = honestTape('later', 500, 42).map((trade) => ({
      ...trade,
      timestamp: trade.timestamp + 86_400_000,
    }));
    const copies = new TapeCopies([venue('alone', honestTape('alone', 500, 41)), venue('later', later)]);
    expect(copies.share('alone')).toBeNull();
    expect(copies.share('alone', 'coin')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';
import { diluteAcrossVenues } from './dilution.js';
import { quoteTouch } from './quotes.js';
import type { Quote } from './quotes.js';
import { seededRandom } from './random.js';
import { copyStretches } from './self-copy.js';
import { signAutocorrelation, sidesOf } from './tape-stats.js';
import { bookInProportion, inflateReportedVolume } from './ticker.js';
import { INFORMED_WASH_FAMILIES, injectWash, WASH_FAMILIES } from './wash.js';

const SPREAD = 0.001;
const notional = (prints: readonly Pick<TradePrint, 'price' | 'amount'>[]) =>
  prints.reduce((sum, print) => sum + print.price * print.amount, 0);
const key = (print: TradePrint) => `${print.timestamp}|${print.price}|${print.amount}|${print.side}`;

/**
 * A venue: quotes every 250 ms on a log random walk drifting about +20 % over the tape, prints about every second
 * at the touch, sides in runs (stay-probability 0.8), sizes typed by people.
 */
function market(count: number, seed: number): { tape: TradePrint[]; quotes: Quote[] } {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const end = count * 1_000;
  const quotes: Quote[] = [];
  let mid = 100;
  for (let time = 0; time <= end; time += 250) {
    quotes.push({ timestamp: time, bid: mid * (1 - SPREAD / 2), ask: mid * (1 + SPREAD / 2) });
    mid *= Math.exp(Math.log(1.2) / (end / 250) + 0.0005 * normal());
  }
  const touch = quoteTouch(quotes);
  let side: 'buy' | 'sell' = 'buy';
  const tape = Array.from({ length: count }, (_, index): TradePrint => {
    if (random() < 0.2) side = side === 'buy' ? 'sell' : 'buy';
    const timestamp = index * 1_000 + Math.floor(random() * 900);
    return {
      id: `v-${index}`,
      exchangeId: 'v',
      coinId: 'coin',
      base: 'C',
      quote: 'USD',
      price: side === 'buy' ? touch(timestamp).ask : touch(timestamp).bid,
      amount: Number((Math.exp(2 * random() - 1) * 1.234567).toPrecision(random() < 0.4 ? 1 : 6)),
      side,
      timestamp,
    };
  });
  return { tape, quotes };
}

/** The injected tape less the honest prints (a multiset difference); fails when an honest print went missing. */
function fakesOf(honest: readonly TradePrint[], injected: readonly TradePrint[]): TradePrint[] {
  const left = new Map<string, number>();
  for (const print of honest) left.set(key(print), (left.get(key(print)) ?? 0) + 1);
  const fakes = injected.filter((print) => {
    const remaining = left.get(key(print)) ?? 0;
    if (remaining === 0) return true;
    left.set(key(print), remaining - 1);
    return false;
  });
  expect([...left.values()].every((remaining) => remaining === 0)).toBe(true);
  return fakes;
}

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, index) => {
    sxy += (x - mx) * (ys[index]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[index]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

/** Over 10 s buckets: the fakes' signed notional against the quoted mid's change across the bucket. */
function flowPriceCorrelation(fakes: readonly TradePrint[], quotes: readonly Quote[], end: number): number {
  const touch = quoteTouch(quotes);
  const mid = (time: number) => (touch(time).bid + touch(time).ask) / 2;
  const buckets = Math.floor(end / 10_000);
  const flow = new Array<number>(buckets).fill(0);
  for (const fake of fakes) {
    const bucket = Math.floor(fake.timestamp / 10_000);
    if (bucket < buckets) flow[bucket]! += (fake.side === 'buy' ? 1 : -1) * fake.price * fake.amount;
  }
  const moves = flow.map((_, bucket) => mid((bucket + 1) * 10_000) - mid(bucket * 10_000));
  return correlation(flow, moves);
}

const { tape: honest, quotes } = market(800, 1);
const end = honest.at(-1)!.timestamp;

describe('informed wash families', () => {
  it.each(INFORMED_WASH_FAMILIES)(
    '%s adds lambda × the honest notional beside the intact honest prints, deterministically',
    (family) => {
      for (const withQuotes of [false, true])
        for (const lambda of [1, 10]) {
          const injection = { tape: honest, lambda, seed: 7, ...(withQuotes ? { quotes } : {}) };
          const injected = injectWash(family, injection);
          const ratio = injected.fakeNotional / notional(honest);
          expect(ratio).toBeGreaterThan(lambda * 0.95);
          expect(ratio).toBeLessThan(lambda * 1.05);
          const fakes = fakesOf(honest, injected.tape);
          expect(fakes).toHaveLength(injected.fakeCount);
          expect(notional(fakes) / injected.fakeNotional).toBeCloseTo(1, 9);
          expect(injectWash(family, injection)).toEqual(injected);
          expect(injectWash(family, { ...injection, seed: 8 }).tape).not.toEqual(injected.tape);
          for (let index = 1; index < injected.tape.length; index++)
            expect(injected.tape[index]!.timestamp).toBeGreaterThanOrEqual(
              injected.tape[index - 1]!.timestamp,
            );
        }
    },
  );

  it('keeps WASH_FAMILIES as the four uninformed families', () => {
    expect(WASH_FAMILIES).toEqual(['single_print', 'lagged_legs', 'same_side_bursts', 'copied_tape']);
  });

  it('prints at the quote in force when quotes are given, for every family that prints at the touch', () => {
    const touch = quoteTouch(quotes);
    for (const family of ['single_print', 'same_side_bursts', 'flow_coherent', 'imitation_prints'] as const) {
      const fakes = fakesOf(honest, injectWash(family, { tape: honest, lambda: 2, seed: 3, quotes }).tape);
      for (const fake of fakes)
        expect(fake.price, family).toBe(
          fake.side === 'buy' ? touch(fake.timestamp).ask : touch(fake.timestamp).bid,
        );
    }
  });
});

describe('flow_coherent', () => {
  // Long enough for 300 buckets, so a correlation of 0.2 is well beyond chance.
  const long = market(3_000, 2);
  const longEnd = long.tape.at(-1)!.timestamp;
  const fakesFor = (family: 'flow_coherent' | 'single_print', seed: number, withQuotes = true) =>
    fakesOf(
      long.tape,
      injectWash(family, {
        tape: long.tape,
        lambda: 10,
        seed,
        ...(withQuotes ? { quotes: long.quotes } : {}),
      }).tape,
    );

  it('buys while the mid rises and sells while it falls, with some prints against the move', () => {
    for (const seed of [1, 2, 3]) {
      const fakes = fakesFor('flow_coherent', seed);
      const coherent = flowPriceCorrelation(fakes, long.quotes, longEnd);
      expect(coherent).toBeGreaterThan(0.4);
      expect(coherent).toBeLessThan(0.95);
      const against = fakes.filter((fake) => {
        const move = (time: number) => quoteTouch(long.quotes)(time).bid;
        return (fake.side === 'buy') !== move(fake.timestamp) > move(fake.timestamp - 5_000);
      });
      expect(against.length / fakes.length).toBeGreaterThan(0.05);
      // The measure can fail: a washer drawing sides from the tape does not move with the price.
      expect(
        Math.abs(flowPriceCorrelation(fakesFor('single_print', seed), long.quotes, longEnd)),
      ).toBeLessThan(0.2);
    }
  });

  it('follows the mid inferred from the tape without quotes', () => {
    expect(flowPriceCorrelation(fakesFor('flow_coherent', 5, false), long.quotes, longEnd)).toBeGreaterThan(
      0.3,
    );
  });
});

describe('imitation_prints', () => {
  const sourceAutocorrelation = signAutocorrelation(sidesOf(honest));

  it('clusters its signs as the venue does, with the venue’s own sizes', () => {
    for (const lambda of [0.5, 3, 10]) {
      const fakes = fakesOf(
        honest,
        injectWash('imitation_prints', { tape: honest, lambda, seed: 9, quotes }).tape,
      );
      expect(Math.abs(signAutocorrelation(sidesOf(fakes)) - sourceAutocorrelation)).toBeLessThan(0.1);
      const sizes = new Set(honest.map((print) => print.amount));
      expect(fakes.every((fake) => sizes.has(fake.amount))).toBe(true);
    }
    // The measure can fail: sides drawn independently do not cluster.
    const independent = fakesOf(
      honest,
      injectWash('single_print', { tape: honest, lambda: 3, seed: 9 }).tape,
    );
    expect(Math.abs(signAutocorrelation(sidesOf(independent)) - sourceAutocorrelation)).toBeGreaterThan(0.3);
  });

  it('spaces its prints by the venue’s own gaps when its rhythm fits the window', () => {
    const gaps = new Set(honest.slice(1).map((print, index) => print.timestamp - honest[index]!.timestamp));
    const fakes = fakesOf(
      honest,
      injectWash('imitation_prints', { tape: honest, lambda: 0.5, seed: 2 }).tape,
    );
    fakes
      .slice(1)
      .forEach((fake, index) => expect(gaps.has(fake.timestamp - fakes[index]!.timestamp)).toBe(true));
  });
});

describe('self_copy', () => {
  const touch = quoteTouch(quotes);
  const mid = (time: number) => (touch(time).bid + touch(time).ask) / 2;

  it('replays other stretches of the same tape: sides kept, sizes and times jittered, at the live price', () => {
    const target = 3 * notional(honest);
    const { fakes, stretches } = copyStretches(honest, target, touch, seededRandom(4));
    expect(stretches.length).toBeGreaterThan(8);
    let next = 0;
    for (const stretch of stretches) {
      expect(Math.abs(stretch.from - stretch.at)).toBeGreaterThanOrEqual(stretch.length);
      const originals = honest.filter(
        (print) => print.timestamp >= stretch.from && print.timestamp < stretch.from + stretch.length,
      );
      for (const original of originals) {
        if (next === fakes.length) break;
        const fake = fakes[next++]!;
        expect(fake.side).toBe(original.side);
        expect(Math.abs(fake.amount / original.amount - 1)).toBeLessThanOrEqual(0.031);
        const laid = original.timestamp - stretch.from + stretch.at;
        if (laid < end) expect(Math.abs(fake.timestamp - laid)).toBeLessThanOrEqual(41);
        // At the live touch: where the original sat against its own mid, moved onto the current mid.
        const expected = fake.side === 'buy' ? touch(fake.timestamp).ask : touch(fake.timestamp).bid;
        expect(fake.price / expected).toBeCloseTo(1, 9);
      }
    }
    expect(next).toBe(fakes.length);
    // The re-pricing matters: on this trending tape most stretches were printed at another level than their slot.
    const moved = stretches.filter((stretch) => Math.abs(mid(stretch.from) / mid(stretch.at) - 1) > SPREAD);
    expect(moved.length / stretches.length).toBeGreaterThan(0.5);
  });

  it('copies the most normal-looking stretches first', () => {
    const flat = honest.map((print, index) =>
      // One stretch of one-sided, outsized prints: it should be copied last.
      index >= 100 && index < 200 ? { ...print, side: 'buy' as const, amount: 50 } : print,
    );
    const { stretches } = copyStretches(flat, notional(flat), quoteTouch(quotes), seededRandom(1));
    const odd = ({ from, length }: { from: number; length: number }) =>
      from <= flat[199]!.timestamp && from + length > flat[100]!.timestamp;
    expect(stretches.slice(0, 8).some(odd)).toBe(false);
    // The check can fail: those stretches are among the candidates, copied once the normal ones are used.
    expect(stretches.some(odd)).toBe(true);
  });

  it('keeps sizes within the jitter of the venue’s sizes on the same side', () => {
    const fakes = fakesOf(honest, injectWash('self_copy', { tape: honest, lambda: 2, seed: 6, quotes }).tape);
    for (const fake of fakes)
      expect(
        honest.some((print) => print.side === fake.side && Math.abs(fake.amount / print.amount - 1) <= 0.031),
      ).toBe(true);
  });
});

describe('ticker-only inflation', () => {
  const book: OrderBookSnapshot = {
    exchangeId: 'v',
    coinId: 'coin',
    base: 'C',
    quote: 'USD',
    bids: Array.from({ length: 40 }, (_, index) => [100 * (1 - 0.001 * (index + 1)), 2] as [number, number]),
    asks: Array.from({ length: 40 }, (_, index) => [100 * (1 + 0.001 * (index + 1)), 2] as [number, number]),
    timestamp: 0,
  };
  const inBand = (snapshot: OrderBookSnapshot) =>
    [...snapshot.bids, ...snapshot.asks]
      .filter(([price]) => Math.abs(price / 100 - 1) <= 0.02)
      .reduce((sum, [price, amount]) => sum + price * amount, 0);

  it('reports 1 + λ times the volume', () => {
    expect(inflateReportedVolume(2_000_000, 10)).toBe(22_000_000);
  });

  it('keeps the depth within ±2 % in proportion, and leaves the rest of the book', () => {
    const scaled = bookInProportion(book, 10, 3);
    expect(inBand(scaled) / inBand(book)).toBeCloseTo(11, 6);
    expect(scaled.bids.filter(([price]) => price < 98)).toEqual(book.bids.filter(([price]) => price < 98));
    expect(bookInProportion(book, 10, 3)).toEqual(scaled);
    expect(inBand(bookInProportion(book, 3, 3)) / inBand(book)).toBeCloseTo(4, 6);
  });
});

describe('dilution', () => {
  const venues = [1, 2, 3, 4, 5].map((seed) => market(400, seed));

  it('adds λ per venue with imitation prints and leaves every venue’s honest prints intact', () => {
    const tapes = venues.map((venue) => venue.tape);
    const diluted = diluteAcrossVenues(tapes, 3, 11);
    expect(diluted).toHaveLength(5);
    diluted.forEach((injected, index) => {
      const fakes = fakesOf(tapes[index]!, injected.tape);
      expect(injected.tape).toHaveLength(tapes[index]!.length + injected.fakeCount);
      expect(fakes).toHaveLength(injected.fakeCount);
      expect(injected.fakeNotional / notional(tapes[index]!)).toBeGreaterThan(3 * 0.95);
      expect(injected.fakeNotional / notional(tapes[index]!)).toBeLessThan(3 * 1.05);
    });
    expect(diluteAcrossVenues(tapes, 3, 11)).toEqual(diluted);
    // Each venue gets its own stream, even where two venues' tapes are the same.
    const [first, second] = diluteAcrossVenues([tapes[0]!, tapes[0]!], 3, 11);
    expect(first!.tape).not.toEqual(second!.tape);
  });

  it('prints at each venue’s own quotes when given', () => {
    const diluted = diluteAcrossVenues(
      venues.map((venue) => venue.tape),
      3,
      11,
      venues.map((venue) => venue.quotes),
    );
    diluted.forEach((injected, index) => {
      const touch = quoteTouch(venues[index]!.quotes);
      for (const fake of fakesOf(venues[index]!.tape, injected.tape))
        expect(fake.price).toBe(fake.side === 'buy' ? touch(fake.timestamp).ask : touch(fake.timestamp).bid);
    });
  });
});

import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { seededRandom } from './random.js';
import { injectWash, WASH_FAMILIES } from './wash.js';

const notional = (prints: readonly TradePrint[]) =>
  prints.reduce((sum, print) => sum + print.price * print.amount, 0);

/** A plain tape: prices near 100 at the quote, sizes typed by people, sides in runs. */
function tape(exchangeId: string, count: number, seed: number, start = 0): TradePrint[] {
  const random = seededRandom(seed);
  let side: 'buy' | 'sell' = 'buy';
  return Array.from({ length: count }, (_, index) => {
    if (random() < 0.2) side = side === 'buy' ? 'sell' : 'buy';
    return {
      id: `${exchangeId}-${index}`,
      exchangeId,
      coinId: 'coin',
      base: 'C',
      quote: 'USD',
      price: side === 'buy' ? 100.05 : 99.95,
      amount: Number((Math.exp(2 * random() - 1) * 1.234567).toPrecision(random() < 0.4 ? 1 : 6)),
      side,
      timestamp: start + index * 1_000 + Math.floor(random() * 900),
    };
  });
}

describe('injectWash', () => {
  const honest = tape('v', 800, 1);

  it.each(WASH_FAMILIES)('%s adds lambda × the honest notional, deterministically', (family) => {
    const source = tape('source', 800, 2);
    for (const lambda of [1, 10]) {
      const injected = injectWash(family, { tape: honest, lambda, seed: 7, source });
      expect(injected.fakeNotional / notional(honest)).toBeGreaterThan(lambda * 0.97);
      expect(injected.fakeNotional / notional(honest)).toBeLessThan(lambda * 1.1);
      expect(notional(injected.tape)).toBeCloseTo(notional(honest) + injected.fakeNotional, 3);
      expect(injectWash(family, { tape: honest, lambda, seed: 7, source })).toEqual(injected);
      for (let index = 1; index < injected.tape.length; index++)
        expect(injected.tape[index]!.timestamp).toBeGreaterThanOrEqual(injected.tape[index - 1]!.timestamp);
    }
  });

  it('never prints same-millisecond pairs of equal size and price on both sides', () => {
    for (const family of WASH_FAMILIES) {
      const { tape: washed } = injectWash(family, {
        tape: honest,
        lambda: 5,
        seed: 3,
        source: tape('s', 800, 4),
      });
      const seen = new Map<string, Set<string>>();
      let paired = 0;
      for (const print of washed) {
        const key = `${print.timestamp}|${print.price}|${print.amount}`;
        const sides = seen.get(key) ?? new Set<string>();
        if (print.side && sides.has(print.side === 'buy' ? 'sell' : 'buy')) paired++;
        sides.add(print.side ?? '');
        seen.set(key, sides);
      }
      expect(paired / washed.length, family).toBeLessThan(0.01);
    }
  });

  it('draws single prints’ sizes from the venue’s own tape', () => {
    const sizes = new Set(honest.map((print) => print.amount));
    const { tape: washed } = injectWash('single_print', { tape: honest, lambda: 3, seed: 5 });
    for (const print of washed) expect(sizes.has(print.amount)).toBe(true);
  });

  it('fills a lagged second leg in parts that add up to the first', () => {
    const one = tape('v', 50, 9);
    const { tape: washed } = injectWash('lagged_legs', { tape: one, lambda: 0.01, seed: 11 });
    const fake = washed.filter(
      (print) =>
        !one.some(
          (honestPrint) => honestPrint.timestamp === print.timestamp && honestPrint.amount === print.amount,
        ),
    );
    const [first, ...second] = fake;
    expect(second.reduce((sum, print) => sum + print.amount, 0)).toBeCloseTo(first!.amount, 8);
    expect(second.every((print) => print.side !== first!.side)).toBe(true);
    const lag = second[0]!.timestamp - first!.timestamp;
    expect(lag).toBeGreaterThanOrEqual(50);
    expect(lag).toBeLessThanOrEqual(3_000);
  });

  it('copies another venue’s sides and rhythm a moment later at one size ratio', () => {
    const source = tape('source', 800, 2);
    const { tape: washed } = injectWash('copied_tape', { tape: honest, lambda: 10, seed: 13, source });
    const copies = washed.filter(
      (print) => !honest.some((h) => h.timestamp === print.timestamp && h.amount === print.amount),
    );
    const lag = copies[0]!.timestamp - source[0]!.timestamp;
    expect(lag).toBeGreaterThanOrEqual(200);
    expect(lag).toBeLessThanOrEqual(5_000);
    const ratios = copies.slice(0, 50).map((copy, index) => copy.amount / source[index]!.amount);
    for (const ratio of ratios) expect(ratio / ratios[0]!).toBeCloseTo(1, 5);
    expect(copies.slice(0, 50).map((copy) => copy.side)).toEqual(
      source.slice(0, 50).map((print) => print.side),
    );
  });
});

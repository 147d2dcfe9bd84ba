import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { percentileRanks, quantileOfSorted } from './cross-section.js';

describe('percentileRanks', () => {
  it('ranks the largest 1, keeps nulls, shares ranks between ties', () => {
    const ranks = percentileRanks([10, null, 1_000, 10, 100], 0, 1);
    expect(ranks[2]).toBe(1);
    expect(ranks[1]).toBeNull();
    expect(ranks[0]).toBe(ranks[3]);
    expect(ranks[4]!).toBeGreaterThan(ranks[0]!);
    expect(ranks[0]!).toBeGreaterThan(0);
  });

  it('does not reward inflating a value above the top once it is winsorised', () => {
    const honest = Array.from({ length: 200 }, (_, index) => 1_000 + index * 10);
    const before = percentileRanks([...honest, 2_990], 0.01, 0.99);
    const after = percentileRanks([...honest, 2_990 * 100], 0.01, 0.99);
    expect(after.at(-1)).toBe(before.at(-1));
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
  });

  it('is monotone: a larger raw value never ranks lower', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e12, noNaN: true }), { minLength: 2, maxLength: 60 }),
        (values) => {
          const ranks = percentileRanks(values, 0.01, 0.99);
          for (let i = 0; i < values.length; i++)
            for (let j = 0; j < values.length; j++)
              if (values[i]! > values[j]!) expect(ranks[i]!).toBeGreaterThanOrEqual(ranks[j]!);
          for (const rank of ranks) {
            expect(rank!).toBeGreaterThan(0);
            expect(rank!).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('interpolates quantiles', () => {
    expect(quantileOfSorted([0, 10], 0.25)).toBe(2.5);
    expect(quantileOfSorted([5], 0.9)).toBe(5);
  });
});

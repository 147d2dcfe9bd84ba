import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { medianSelecting, ScratchColumn, weightedMedianSelecting } from './column-statistics.js';
import { median, weightedMedian } from '@coinlens/score';

const value = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(Number.NaN, Infinity),
);
const weight = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double({ min: 0, max: 1e9, noNaN: true }));

/** Which of 0 and -0 comes out depends on the order of equal values, which neither version defines. */
const signless = (statistic: number | null) => (statistic === 0 ? 0 : statistic);

describe('column statistics', () => {
  it('give exactly what the object-based statistics give', () => {
    fc.assert(
      // Up to 300 points, so both small groups and the largest coins' venue counts are covered.
      fc.property(fc.array(fc.record({ value, weight }), { maxLength: 300 }), (points) => {
        const values = Float64Array.from(points.map((point) => point.value));
        const weights = Float64Array.from(points.map((point) => point.weight));
        expect(signless(weightedMedianSelecting(values, weights))).toBe(signless(weightedMedian(points)));
        const finite = points.map((point) => point.value).filter(Number.isFinite);
        expect(signless(medianSelecting(Float64Array.from(finite)))).toBe(signless(median(finite)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reuses one buffer for every view that fits', () => {
    const scratch = new ScratchColumn();
    const small = scratch.view(10);
    expect(scratch.view(20).buffer).toBe(small.buffer);
    expect(scratch.view(1_000)).toHaveLength(1_000);
  });
});

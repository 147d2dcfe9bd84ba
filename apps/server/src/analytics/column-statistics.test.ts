import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { medianSorting, ScratchColumn, weightedMedianOfColumns } from './column-statistics.js';
import { median, weightedMedian } from './robust-statistics.js';

const value = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(Number.NaN, Infinity),
);
const weight = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double({ min: 0, max: 1e9, noNaN: true }));

describe('column statistics', () => {
  it('give exactly what the object-based statistics give', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value, weight }), { maxLength: 100 }), (points) => {
        const values = Float64Array.from(points.map((point) => point.value));
        const weights = Float64Array.from(points.map((point) => point.weight));
        expect(weightedMedianOfColumns(values, weights)).toBe(weightedMedian(points));
        const finite = points.map((point) => point.value).filter(Number.isFinite);
        expect(medianSorting(Float64Array.from(finite))).toBe(median(finite));
      }),
    );
  });

  it('reuses one buffer for every view that fits', () => {
    const scratch = new ScratchColumn();
    const small = scratch.view(10);
    expect(scratch.view(20).buffer).toBe(small.buffer);
    expect(scratch.view(1_000)).toHaveLength(1_000);
  });
});

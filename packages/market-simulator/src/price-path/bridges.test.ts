import { describe, expect, it } from 'vitest';

import { foldExcursions, monotoneStretch } from './bridges.js';

/** A path from 0 to 1 that spends its middle well below its start. */
const dipping = () => Float64Array.from([0, -0.5, -2, -3, -1.5, -0.2, 0.4, 1]);

describe('foldExcursions', () => {
  it('mirrors a wandering below the start back above it when the target low is just under the start', () => {
    const values = dipping();
    foldExcursions(values, 1, 6, 0, 1, 1.5, -0.01);
    expect(Array.from(values)).toEqual([0, 0.5, 2, 3, 1.5, 0.2, 0.4, 1]);
  });

  it('keeps the size of every step', () => {
    const before = dipping();
    const after = dipping();
    foldExcursions(after, 1, 6, 0, 1, 1.5, -0.01);
    for (let index = 1; index < before.length; index += 1) {
      const step = (values: Float64Array) => Math.abs(values[index]! - values[index - 1]!);
      // A step that crosses the start is mirrored in part, so it can only shrink.
      expect(step(after)).toBeLessThanOrEqual(step(before) + 1e-12);
    }
    expect(Math.abs(after[2]! - after[1]!)).toBeCloseTo(1.5, 12);
    expect(Math.abs(after[3]! - after[2]!)).toBeCloseTo(1, 12);
  });

  it('leaves the path alone when the target reaches a quarter of its excursion or more', () => {
    const values = dipping();
    foldExcursions(values, 1, 6, 0, 1, 1.5, -0.75);
    expect(Array.from(values)).toEqual(Array.from(dipping()));
  });

  it('lets the stretch that follows move the path, instead of pressing it flat', () => {
    const pressed = dipping();
    const stretchPressed = monotoneStretch(0, 1, 1, -3, 1.5, -0.01);
    const folded = dipping();
    foldExcursions(folded, 1, 6, 0, 1, 1.5, -0.01);
    const stretchFolded = monotoneStretch(0, 1, 3, 0, 1.5, -0.01);
    const range = (values: number[]) => Math.max(...values) - Math.min(...values);
    const middle = (values: Float64Array, stretch: (value: number) => number) =>
      Array.from(values.subarray(1, 6), stretch);
    expect(range(middle(pressed, stretchPressed))).toBeLessThan(0.01);
    expect(range(middle(folded, stretchFolded))).toBeGreaterThan(0.7);
  });
});

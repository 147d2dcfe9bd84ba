import { describe, expect, it } from 'vitest';

import { firstIndex, firstReaching } from './sorted-search.js';

describe('firstReaching', () => {
  const sorted = Float64Array.from([1, 2, 2, 2, 5, 8, 8, 13, 21, 34, 55, 89]);

  it('finds the first index at or above a value from any start, as a binary search over the rest does', () => {
    for (let from = 0; from <= sorted.length; from++)
      for (const value of [0, 1, 2, 3, 5, 8, 9, 34, 88, 89, 90]) {
        const expected = from + firstIndex(sorted.length - from, (index) => sorted[from + index]! >= value);
        expect(firstReaching(sorted, value, from), `value ${value} from ${from}`).toBe(expected);
      }
  });

  it('answers the start itself when it already reaches the value, and the length when nothing does', () => {
    expect(firstReaching(sorted, 2, 3)).toBe(3);
    expect(firstReaching(sorted, 1_000, 0)).toBe(sorted.length);
    expect(firstReaching(new Float64Array(0), 1, 0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';

import { seededRandom } from './testing/tape-fixtures.js';
import { benfordChanceMad, benfordMad } from './trade-size-tests.js';

/** Sizes whose logarithm is uniform over six decades: Benford's law exactly, in expectation. */
function benfordSizes(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => 10 ** (6 * random() - 3));
}

describe('first-digit test', () => {
  it('expects more deviation by chance from a short sample than from a long one', () => {
    expect(benfordChanceMad(200)).toBeGreaterThan(2 * benfordChanceMad(2_000));
  });

  it('puts honest samples of every size near their chance deviation', () => {
    for (const count of [200, 1_000, 10_000]) {
      const deviations = Array.from({ length: 20 }, (_, seed) => benfordMad(benfordSizes(count, seed + 1)));
      const mean = deviations.reduce((sum, value) => sum + value, 0) / deviations.length;
      expect(mean / benfordChanceMad(count)).toBeGreaterThan(0.6);
      expect(mean / benfordChanceMad(count)).toBeLessThan(1.4);
    }
  });
});

import { describe, expect, it } from 'vitest';

import { percent, significant, sparklineShape } from './precision.js';

describe('wire precision', () => {
  it('keeps 8 significant digits of money at any magnitude', () => {
    expect(significant(137.3485442432861)).toBe(137.34854);
    expect(significant(76365790599.26707)).toBe(76365791000);
    expect(significant(0.000012345678912)).toBe(0.000012345679);
    expect(significant(0)).toBe(0);
  });

  it('keeps 4 decimals of percentages', () => {
    expect(percent(0.009968390528847237)).toBe(0.01);
    expect(percent(-3.856149393930885)).toBe(-3.8561);
    expect(percent(null)).toBeNull();
  });

  it('maps a sparkline onto 0–100 between its own extremes', () => {
    expect(sparklineShape([10, 15, 20])).toEqual([0, 50, 100]);
    expect(sparklineShape([5, 5])).toEqual([50, 50]);
    expect(sparklineShape([])).toEqual([]);
  });
});

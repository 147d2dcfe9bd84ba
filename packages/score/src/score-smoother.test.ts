import { describe, expect, it } from 'vitest';

import { ScoreSmoother } from './score-smoother.js';

const HOUR = 3_600_000;

describe('ScoreSmoother', () => {
  it('moves halfway to a new value after one half-life', () => {
    const smoother = new ScoreSmoother(6 * HOUR, 0.5);
    smoother.update(new Map([['a', 40]]), 0);
    expect(smoother.update(new Map([['a', 80]]), 6 * HOUR).get('a')).toBeCloseTo(60);
  });

  it('keeps the order while a challenger is within the margin, and lets it pass beyond', () => {
    const smoother = new ScoreSmoother(1, 2); // half-life 1 ms: no smoothing, only hysteresis
    smoother.update(
      new Map([
        ['leader', 50],
        ['challenger', 40],
      ]),
      0,
    );
    expect(smoother.ranking()).toEqual(['leader', 'challenger']);
    smoother.update(
      new Map([
        ['leader', 50],
        ['challenger', 51.5],
      ]),
      1_000,
    );
    expect(smoother.ranking()).toEqual(['leader', 'challenger']);
    smoother.update(
      new Map([
        ['leader', 50],
        ['challenger', 52.5],
      ]),
      2_000,
    );
    expect(smoother.ranking()).toEqual(['challenger', 'leader']);
  });

  it('ranks newcomers by value and forgets ids that left', () => {
    const smoother = new ScoreSmoother();
    smoother.update(
      new Map([
        ['a', 1],
        ['b', 3],
        ['c', 2],
      ]),
      0,
    );
    expect(smoother.ranking()).toEqual(['b', 'c', 'a']);
    smoother.update(
      new Map([
        ['a', 1],
        ['c', 2],
      ]),
      1,
    );
    expect(smoother.ranking()).toEqual(['c', 'a']);
    expect(smoother.smoothedValue('b')).toBeNull();
  });
});

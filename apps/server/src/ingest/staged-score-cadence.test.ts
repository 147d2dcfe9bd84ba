import { describe, expect, it } from 'vitest';

import { StagedScoreCadence } from './staged-score-cadence.js';

const MINUTE = 60_000;
const SCORE_MS = 5 * MINUTE;

/** The first minute, checked once a minute after `last` completed, at which the cadence says the score is due. */
function firstDueMinute(
  cadence: StagedScoreCadence,
  last: { startedAt: number; completedAt: number },
): number {
  for (let minute = 1; minute <= 20; minute++)
    if (cadence.due(last, 0, last.completedAt + minute * MINUTE)) return minute;
  throw new Error('never due');
}

describe("a staged start's score cadence", () => {
  it('runs at every check until a run has started after the first round of venues', () => {
    const cadence = new StagedScoreCadence(SCORE_MS, MINUTE, () => 0.99);
    expect(cadence.due(null, null, 0)).toBe(true);
    const beforeRound = { startedAt: 10 * MINUTE, completedAt: 10 * MINUTE + 5_000 };
    expect(cadence.due(beforeRound, null, 11 * MINUTE)).toBe(true);
    expect(cadence.due(beforeRound, 10 * MINUTE + 1, 11 * MINUTE)).toBe(true);
    const afterRound = { startedAt: 12 * MINUTE, completedAt: 12 * MINUTE + 5_000 };
    expect(cadence.due(afterRound, 10 * MINUTE + 1, 13 * MINUTE)).toBe(false);
  });

  it('waits a gap of ½–1½ × the score interval after each run, drawn anew for each run', () => {
    const draws = [0, 0.999, 0.5];
    const cadence = new StagedScoreCadence(SCORE_MS, MINUTE, () => draws.shift()!);
    const run = (startedAt: number) => ({ startedAt, completedAt: startedAt + 5_000 });
    // ½ × 5 minutes, less the half-minute a check may come early: due at the second minute's check.
    expect(firstDueMinute(cadence, run(MINUTE))).toBe(2);
    // The same run asks again: the same draw.
    expect(firstDueMinute(cadence, run(MINUTE))).toBe(2);
    // ~1½ × 5 minutes, less half a minute.
    expect(firstDueMinute(cadence, run(2 * MINUTE))).toBe(7);
    expect(firstDueMinute(cadence, run(3 * MINUTE))).toBe(5);
    expect(draws).toHaveLength(0);
  });

  it('spreads the next sample over several minutes, with the interval as its mean', () => {
    let state = 12_345;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const cadence = new StagedScoreCadence(SCORE_MS, MINUTE, random);
    const minutes = Array.from({ length: 2_000 }, (_, index) =>
      firstDueMinute(cadence, { startedAt: index * 10 * MINUTE, completedAt: index * 10 * MINUTE }),
    );
    const seen = new Set(minutes);
    // Checked once a minute: the third to the seventh minute after the last run, five minutes on average.
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
    const mean = minutes.reduce((sum, minute) => sum + minute, 0) / minutes.length;
    expect(mean).toBeGreaterThan(4.8);
    expect(mean).toBeLessThan(5.2);
  });
});

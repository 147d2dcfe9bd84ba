import { SCORE_FACTORS } from '@coinlens/contract';
import type { ScoreFactor } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { COIN_FACTOR_WEIGHTS } from './methodology.js';
import { explainMovement } from './score-explanation.js';

function reading(
  components: Partial<Record<ScoreFactor, number>>,
  flags: { kind: 'unconfirmed_social_spike'; followerGrowth: number }[] = [],
) {
  const full = Object.fromEntries(
    SCORE_FACTORS.map((factor) => [factor, components[factor] ?? 0.5]),
  ) as Record<ScoreFactor, number>;
  const score =
    100 *
    Math.exp(
      SCORE_FACTORS.reduce((sum, factor) => sum + COIN_FACTOR_WEIGHTS[factor] * Math.log(full[factor]), 0),
    );
  return { score, components: full, flags };
}

describe('explainMovement', () => {
  it('names the factor that moved the score and splits the change exactly', () => {
    const earlier = reading({ liquidity: 0.4, social: 0.5 });
    const now = reading({ liquidity: 0.8, social: 0.45 });
    const movement = explainMovement(earlier, now);
    expect(movement.drivers[0]?.factor).toBe('liquidity');
    expect(movement.drivers[0]!.points).toBeGreaterThan(0);
    expect(movement.drivers[1]?.factor).toBe('social');
    expect(movement.drivers[1]!.points).toBeLessThan(0);
    const sum = movement.drivers.reduce((total, driver) => total + driver.points, 0);
    expect(sum).toBeCloseTo(movement.change, 6);
  });

  it('reports flags raised and cleared', () => {
    const spike = [{ kind: 'unconfirmed_social_spike' as const, followerGrowth: 2 }];
    expect(explainMovement(reading({}), reading({}, spike)).newFlags).toEqual(['unconfirmed_social_spike']);
    expect(explainMovement(reading({}, spike), reading({})).clearedFlags).toEqual([
      'unconfirmed_social_spike',
    ]);
    expect(explainMovement(reading({}), reading({})).drivers).toEqual([]);
  });
});

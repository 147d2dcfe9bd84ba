import { SCORE_FACTORS } from '@coinlens/contract';
import type { ScoreFactor } from '@coinlens/contract';

import type { CoinFlag } from './coin-factors.js';
import { COIN_FACTOR_WEIGHTS } from './methodology.js';

export interface ScoreReading {
  score: number;
  components: Record<ScoreFactor, number | null>;
  flags: readonly CoinFlag[];
}

export interface ScoreDriver {
  factor: ScoreFactor;
  /** Points of the score change this factor accounts for (signed). */
  points: number;
  /** Its percentile rank then and now, 0–1. */
  from: number;
  to: number;
}

export interface ScoreMovement {
  change: number;
  /** Factors that moved the score, largest effect first (at most three, each at least 0.1 point). */
  drivers: ScoreDriver[];
  /** Flags raised since the earlier reading. */
  newFlags: CoinFlag['kind'][];
  /** Flags cleared since. */
  clearedFlags: CoinFlag['kind'][];
}

/**
 * Why a score moved between two readings. In the weighted geometric mean, log S is a weighted sum of log ranks,
 * so each factor's share of the change in log S is exact; the score change is split between factors in those
 * shares.
 */
export function explainMovement(earlier: ScoreReading, now: ScoreReading): ScoreMovement {
  const change = now.score - earlier.score;
  const contributions: { factor: ScoreFactor; log: number; from: number; to: number }[] = [];
  let totalWeight = 0;
  for (const factor of SCORE_FACTORS) {
    if (now.components[factor] !== null) totalWeight += COIN_FACTOR_WEIGHTS[factor];
  }
  for (const factor of SCORE_FACTORS) {
    const from = earlier.components[factor];
    const to = now.components[factor];
    if (from === null || to === null) continue;
    const log =
      (COIN_FACTOR_WEIGHTS[factor] / totalWeight) *
      (Math.log(Math.max(to, 1e-3)) - Math.log(Math.max(from, 1e-3)));
    contributions.push({ factor, log, from, to });
  }
  const logChange = earlier.score > 0 && now.score > 0 ? Math.log(now.score / earlier.score) : 0;
  const drivers = contributions
    .map(({ factor, log, from, to }) => ({
      factor,
      from,
      to,
      points: logChange !== 0 ? (change * log) / logChange : 0,
    }))
    .filter((driver) => Math.abs(driver.points) >= 0.1)
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
    .slice(0, 3);
  const kinds = (flags: readonly CoinFlag[]) => new Set(flags.map((flag) => flag.kind));
  const before = kinds(earlier.flags);
  const after = kinds(now.flags);
  return {
    change,
    drivers,
    newFlags: [...after].filter((kind) => !before.has(kind)),
    clearedFlags: [...before].filter((kind) => !after.has(kind)),
  };
}

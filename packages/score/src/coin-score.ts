import { SCORE_FACTORS } from '@coinlens/contract';
import type { ScoreFactor } from '@coinlens/contract';

import type { CoinFactorValues, CoinFlag } from './coin-factors.js';
import { percentileRanks } from './cross-section.js';
import { COIN_FACTOR_WEIGHTS, SCORE_PARAMETERS } from './methodology.js';
import { hasEnoughEvidence } from './factor-coverage.js';

export interface CoinScore {
  coinId: string;
  /** 0–100, this computation's (not yet smoothed) value. */
  score: number;
  /** Percentile rank of each factor in the universe, 0–1; null when the coin lacks it. */
  components: Record<ScoreFactor, number | null>;
  flags: CoinFlag[];
  /** Most of its reported volume is on low-integrity venues, or a manipulation flag is active. */
  highRisk: boolean;
  values: CoinFactorValues;
}

/**
 * Scores a universe of coins (scoring-anchors 4.5): each factor log-transformed, winsorised and turned into a
 * percentile rank across the universe, then a weighted geometric mean — maxing one factor multiplies the score by
 * at most (1/u)^w, so no single factor carries a coin — times the penalties. Coins without enough independent
 * evidence (`hasEnoughEvidence`) are not scored.
 */
export function scoreCoins(universe: readonly CoinFactorValues[]): CoinScore[] {
  const { winsorLowQuantile, winsorHighQuantile } = SCORE_PARAMETERS;
  const ranks = new Map<ScoreFactor, (number | null)[]>();
  for (const factor of SCORE_FACTORS) {
    ranks.set(
      factor,
      factor === 'on_chain'
        ? onChainRanks(universe)
        : percentileRanks(
            universe.map((coin) => coin.raw[factor]),
            winsorLowQuantile,
            winsorHighQuantile,
          ),
    );
  }
  const scores: CoinScore[] = [];
  universe.forEach((coin, index) => {
    const components = Object.fromEntries(
      SCORE_FACTORS.map((factor) => [factor, ranks.get(factor)?.[index] ?? null]),
    ) as Record<ScoreFactor, number | null>;
    if (!hasEnoughEvidence((factor) => components[factor] !== null)) return;
    let logSum = 0;
    let weightSum = 0;
    for (const factor of SCORE_FACTORS) {
      const rank = components[factor];
      if (rank === null) continue;
      // A zero raw value ranks lowest but not zero, so one empty factor lowers the score without erasing it.
      logSum += COIN_FACTOR_WEIGHTS[factor] * Math.log(Math.max(rank, 1e-3));
      weightSum += COIN_FACTOR_WEIGHTS[factor];
    }
    // No multiplier for suspicious volume: it is dropped where found (verified-volume.ts), and a coin is not
    // sunk for the venues other people wash on — the collateral attack a coin-wide penalty invited.
    const suspicious = coin.volume.suspiciousShare > SCORE_PARAMETERS.highRiskSuspiciousShare;
    scores.push({
      coinId: coin.coinId,
      score: 100 * Math.exp(logSum / weightSum),
      components,
      flags: coin.flags,
      highRisk: suspicious,
      values: coin,
    });
  });
  return scores;
}

/**
 * The on-chain factor's percentile ranks, each coin ranked among the coins measured the same way: active addresses
 * against active addresses, fees in USD against fees (a count and a sum of dollars on one scale would rank by
 * which source happened to measure a coin).
 */
function onChainRanks(universe: readonly CoinFactorValues[]): (number | null)[] {
  const { winsorLowQuantile, winsorHighQuantile } = SCORE_PARAMETERS;
  const ranks: (number | null)[] = universe.map(() => null);
  for (const measure of ['active_addresses', 'fees'] as const) {
    const measured = universe.map((coin) => (coin.onChainMeasure === measure ? coin.raw.on_chain : null));
    percentileRanks(measured, winsorLowQuantile, winsorHighQuantile).forEach((rank, index) => {
      if (rank !== null) ranks[index] = rank;
    });
  }
  return ranks;
}

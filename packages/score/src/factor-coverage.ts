import { MIN_SCORED_FAMILIES, SCORE_FACTOR_FAMILY, SCORE_FACTORS } from '@coinlens/contract';
import type { ScoreFactor } from '@coinlens/contract';

/** Where one factor's data came from, and as of when. */
export interface FactorSource {
  source: string;
  asOf: number;
}

/** Per factor, its source when the coin had data for it, else null. */
export type CoinCoverage = Readonly<Record<ScoreFactor, FactorSource | null>>;

/** The sources of the factors that had a value; a source offered for a factor without a value is dropped. */
export function coverageOf(
  raw: Readonly<Record<ScoreFactor, number | null>>,
  sources: Readonly<Record<ScoreFactor, FactorSource | null>>,
): CoinCoverage {
  return Object.fromEntries(
    SCORE_FACTORS.map((factor) => [factor, raw[factor] === null ? null : sources[factor]]),
  ) as Record<ScoreFactor, FactorSource | null>;
}

/**
 * Enough independent evidence to score a coin: its market cap and at least `MIN_SCORED_FAMILIES` families of
 * factors in all. With market cap alone (or one more family) the score would only restate the market-cap rank.
 */
export function hasEnoughEvidence(available: (factor: ScoreFactor) => boolean): boolean {
  if (!available('market_cap')) return false;
  const families = new Set(
    SCORE_FACTORS.filter((factor) => available(factor)).map((factor) => SCORE_FACTOR_FAMILY[factor]),
  );
  return families.size >= MIN_SCORED_FAMILIES;
}

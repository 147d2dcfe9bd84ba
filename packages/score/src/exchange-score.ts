import { percentileRanks } from './cross-section.js';
import { SCORE_PARAMETERS } from './methodology.js';

export interface ExchangeEvidence {
  exchangeId: string;
  /** 0–1, from venue integrity (`venue-integrity/`). */
  integrity: number;
  reportedVolumeUsd24h: number;
  verifiedVolumeUsd24h: number;
  /** ±2 % depth over its sampled pairs, USD. */
  depthUsd2pct: number | null;
  pairCount: number;
}

/**
 * Breadth gets little weight: listing many pairs says little about a venue's quality, and percentile ranks would
 * otherwise let it outweigh several times the verified volume.
 */
export const EXCHANGE_COMPONENT_WEIGHTS = { verified_volume: 0.55, liquidity: 0.4, pairs: 0.05 } as const;
export type ExchangeComponent = keyof typeof EXCHANGE_COMPONENT_WEIGHTS;

export interface ExchangeScore {
  exchangeId: string;
  /** 0–100. */
  score: number;
  integrity: number;
  components: Record<ExchangeComponent, number | null>;
}

/**
 * The exchange score ExRank orders by: a weighted geometric mean of the percentile ranks of verified volume,
 * liquidity and breadth, times the venue's integrity — a venue that wash-trades cannot buy its way up with
 * volume, because its volume is not verified and its integrity multiplies everything.
 */
export function scoreExchanges(universe: readonly ExchangeEvidence[]): ExchangeScore[] {
  const { winsorLowQuantile: low, winsorHighQuantile: high } = SCORE_PARAMETERS;
  const volume = percentileRanks(
    universe.map((exchange) => exchange.verifiedVolumeUsd24h),
    low,
    high,
  );
  const liquidity = percentileRanks(
    universe.map((exchange) => exchange.depthUsd2pct),
    low,
    high,
  );
  const pairs = percentileRanks(
    universe.map((exchange) => exchange.pairCount),
    low,
    high,
  );
  return universe.map((exchange, index) => {
    const components: Record<ExchangeComponent, number | null> = {
      verified_volume: volume[index] ?? null,
      liquidity: liquidity[index] ?? null,
      pairs: pairs[index] ?? null,
    };
    let logSum = 0;
    let weightSum = 0;
    for (const [name, weight] of Object.entries(EXCHANGE_COMPONENT_WEIGHTS) as [
      ExchangeComponent,
      number,
    ][]) {
      const rank = components[name];
      if (rank === null) continue;
      logSum += weight * Math.log(Math.max(rank, 1e-3));
      weightSum += weight;
    }
    const base = weightSum > 0 ? Math.exp(logSum / weightSum) : 0;
    return {
      exchangeId: exchange.exchangeId,
      score: 100 * base * exchange.integrity,
      integrity: exchange.integrity,
      components,
    };
  });
}

import type { ScoreFactor } from '@coinlens/contract';

/**
 * The score's published methodology: version, weights and parameters. docs/score-methodology.md explains each
 * value; a change here is a new version (the version travels in every answer that carries a score). The factors
 * themselves are the contract's SCORE_FACTORS.
 */
export const SCORE_METHODOLOGY_VERSION = '1.11.0';

/** Weights of the weighted geometric mean; they sum to 1. A factor a coin lacks drops out and the rest renormalise. */
export const COIN_FACTOR_WEIGHTS: Readonly<Record<ScoreFactor, number>> = {
  verified_volume: 0.25,
  liquidity: 0.25,
  market_cap: 0.2,
  social: 0.1,
  on_chain: 0.1,
  developer: 0.05,
  official: 0.05,
};

export const SCORE_PARAMETERS = {
  /** Cross-section winsorising before percentile ranks (p1 / p99). */
  winsorLowQuantile: 0.01,
  winsorHighQuantile: 0.99,
  /**
   * Depth-implied volume: a venue-pair counts at most `multiple` × its ±2 % depth per day, where `multiple` is
   * this headroom × the median volume/depth ratio of the universe's high-integrity pairs, within the bounds
   * (Alameda: honest depth/volume ≳ 0.005, i.e. volume ≲ 200 × depth).
   */
  depthImpliedHeadroom: 3,
  depthImpliedMultipleMin: 20,
  depthImpliedVolumeMultiple: 200,
  /** Pairs above this integrity fit the depth multiple. */
  fitIntegrity: 0.8,
  /**
   * High-integrity venues with a book a coin needs before its own venues fit its depth multiple. With fewer, a
   * handful of washers would be the coin's majority and set their own multiple: the prior holds instead.
   */
  coinFitVenues: 10,
  /**
   * The depth multiple for a coin too few venues trade to fit one (never above the universe's fit): half of
   * Alameda's honest bound, three to six times the turnover of Binance's real BTC pairs (CoinGecko's tickers of
   * 2026: 17–30 × their ±2 % depth a day).
   */
  depthImpliedPriorMultiple: 100,
  /**
   * A venue counts at most this multiple of the 24 h volume its own tape prints at the rate of the windows read
   * (reported beyond what it prints is not counted). One window of the simulator's honest pairs reports 0.3–2.6×
   * its rate (5th–99th percentile); ticker inflation of 10× keeps (2.5 − 1) / 9 = 17 % of its fake volume.
   */
  tapeTolerance: 2.5,
  /** No venue contributes more than this share of a coin's verified volume (index-style weight cap). */
  venueShareCap: 0.5,
  /** Below this integrity a venue's volume for a coin is flagged "suspicious volume" (it counts × integrity). */
  integrityFloor: 0.3,
  /**
   * Growth of the social figure a window allows without corroboration; beyond it, only as much as verified
   * volume or active addresses grew over the same window counts (bought followers and engagement). The week's
   * baseline is the median of its daily readings, about four days old: 5 % lets a steady rise of 1 % a day pass.
   */
  socialOrganicGrowth: { day: 0.05, week: 0.05, month: 0.1 },
  /** Holder concentration above this share of the top ten holders lowers the on-chain factor. */
  holderConcentrationThreshold: 0.5,
  /** Reported volume share on low-integrity venues that makes a coin high risk (decision D6). */
  highRiskSuspiciousShare: 0.5,
  /** Time smoothing: exponential average with this half-life. */
  smoothingHalfLifeMs: 6 * 60 * 60_000,
  /** A coin overtakes its neighbour in the score ranking only when ahead by this many points (hysteresis). */
  rankHysteresisPoints: 0.5,
} as const;

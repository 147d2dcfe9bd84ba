// The score's public surface: what the server's score runner, the venue audit and the benches call
// (docs/score-methodology.md describes the method; docs/architecture.md where the package sits).
export { COIN_FACTOR_WEIGHTS, SCORE_METHODOLOGY_VERSION } from './methodology.js';
export { coinFactorValues } from './coin-factors.js';
export type { Baseline, CoinEvidence, CoinFactorValues, CoinFlag, SocialReading } from './coin-factors.js';
export { scoreCoins } from './coin-score.js';
export type { CoinScore } from './coin-score.js';
export { typicalReading } from './typical-reading.js';
export { coverageOf } from './factor-coverage.js';
export type { CoinCoverage, FactorSource } from './factor-coverage.js';
export { scoreExchanges } from './exchange-score.js';
export type { ExchangeScore } from './exchange-score.js';
export { explainMovement } from './score-explanation.js';
export type { ScoreMovement, ScoreReading } from './score-explanation.js';
export { ScoreSmoother } from './score-smoother.js';
export { dailyRate, tapeCapped, tapeWindow, TapeRates } from './tape-rate.js';
export { fitDepthMultiples, verifiedVolume } from './verified-volume.js';
export type { VenueMarket } from './verified-volume.js';

export { auditVenues, judgeTapeAlone, judgeVenues, VenueJudge } from './venue-integrity/judge-venues.js';
export { CoinReadings } from './venue-integrity/coin-readings.js';
export type { VenueFigures } from './venue-integrity/judge-venues.js';
export type { LeaderDepth } from './venue-integrity/price-leaders.js';
export type { VenueVerdict } from './venue-integrity/judge-venues.js';
export { scoreVenues } from './venue-integrity/venue-integrity.js';
export type { VenueIntegrity } from './venue-integrity/venue-integrity.js';
export type { CoinMarketEvidence, VenueEvidence } from './venue-integrity/venue-evidence.js';
export { integrityFeatures } from './venue-integrity/integrity-features.js';
export { honestShare, REAL_FLOW } from './venue-integrity/honest-share.js';
export { flowPriceCoherence } from './venue-integrity/flow-price.js';
export { printImpact, printImpactEdge } from './venue-integrity/print-impact.js';
export type { PrintImpact } from './venue-integrity/print-impact.js';
export { matchedLegShare } from './venue-integrity/matched-legs.js';
export { signClustering } from './venue-integrity/sign-clustering.js';
export { TapeWindows, SIGN_WINDOW_PRINTS } from './venue-integrity/tape-windows.js';
export { benfordMad, roundSizeShare } from './venue-integrity/trade-size-tests.js';

export {
  logReturns,
  median,
  medianAbsoluteDeviation,
  medianOfSorted,
  pearsonCorrelation,
  weightedMedian,
} from './robust-statistics.js';
export { firstIndex } from './sorted-search.js';

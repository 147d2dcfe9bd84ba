import { median, medianAbsoluteDeviation } from '../robust-statistics.js';
import { honestShare, REAL_FLOW } from './honest-share.js';
import type { FeatureName, IntegrityFeatures } from './integrity-features.js';
import type { IntegrityFlag } from './integrity-flag.js';
import { benfordChanceMad } from './trade-size-tests.js';

interface FeatureRule {
  flag: IntegrityFlag;
  /** Maps the raw feature so that larger is more suspicious. */
  suspicion: (value: number) => number;
  /** Floor of the MAD (in suspicion units), so a crowd of identical honest venues does not make noise an outlier. */
  madFloor: number;
  /**
   * Absolute limit in raw units and the integrity ceiling past it, whatever the peers do; `prints` is how many
   * prints the value rests on.
   */
  hardLimit: { breached: (value: number, prints: number) => boolean; ceiling: number };
}

/** Every constant of the venue integrity, documented in docs/score-methodology.md §1. */
export const INTEGRITY_PARAMETERS = {
  /** Robust z of a feature above which it is named as a flag. */
  flagZ: 3.5,
  /** Anomaly (norm of positive robust z's) up to which integrity stays 1, and the scale of its decay after. */
  anomalyFree: 3.5,
  anomalyScale: 3,
  madScale: 1.4826,
  /**
   * Venues with a feature needed before peers judge it: a median and MAD of a handful of venues move with any one
   * of them (a washer among seven would make an honest outlier of another); below it only the hard limits apply.
   */
  minimumPeers: 10,
} as const;

const RULES: Readonly<Record<FeatureName, FeatureRule>> = {
  benfordMad: {
    flag: 'benford_misfit',
    suspicion: (value) => value,
    madFloor: 0.004,
    // Short windows of real honest tapes sit at 0.015–0.04 (Binance 2024: 0.033), far from Nigrini's 0.015 for
    // long series: only a blatant misfit is penalised whatever the peers do. Past the limit by more than the
    // confidence margin chance leaves a sample of that size: stretches of 200–1,000 real Bitstamp 2011 prints
    // reach 0.103–0.124 (docs/score-methodology.md §1b).
    hardLimit: {
      breached: (value, prints) => value - REAL_FLOW.confidenceZ * benfordChanceMad(prints) > 0.1,
      ceiling: 0.3,
    },
  },
  roundSizeShare: {
    flag: 'no_round_sizes',
    suspicion: (value) => -value,
    madFloor: 0.05,
    hardLimit: { breached: (value) => value < 0.02, ceiling: 0.5 },
  },
  pairedPrintShare: {
    flag: 'paired_prints',
    suspicion: (value) => value,
    madFloor: 0.02,
    hardLimit: { breached: (value) => value > 0.3, ceiling: 0.1 },
  },
  outsideQuoteShare: {
    flag: 'prints_outside_quote',
    suspicion: (value) => value,
    madFloor: 0.05,
    hardLimit: { breached: (value) => value > 0.5, ceiling: 0.2 },
  },
  depthToVolume: {
    flag: 'thin_book_for_volume',
    // Orders of magnitude of volume per unit of depth.
    suspicion: (value) => -Math.log10(Math.max(value, 1e-9)),
    madFloor: 0.1,
    hardLimit: { breached: (value) => value < 0.0005, ceiling: 0.2 },
  },
};

const FEATURES = Object.keys(RULES) as FeatureName[];

export interface VenueIntegrity {
  exchangeId: string;
  /** 0–1; 1 = nothing suspicious. */
  integrity: number;
  /** Euclidean norm of the positive robust z-scores. */
  anomaly: number;
  features: IntegrityFeatures;
  zScores: Partial<Record<FeatureName, number>>;
  flags: IntegrityFlag[];
  /** Fewer trades than the tape tests need: judged on its book alone, never accused for being thin. */
  sampleTooSmall: boolean;
  /**
   * Integrity of each sampled coin's own tape on this venue (absolute tests only): a coin's volume here is
   * judged on its own prints, so wash in one coin does not discount another (judge-venues.ts).
   */
  coins: Readonly<Record<string, number>>;
  /** For coins whose tape was not sampled here: the median of the sampled coins' integrity (1 without any). */
  unsampledCoinIntegrity: number;
}

/**
 * Integrity of every venue of a universe (the score's "lightweight AI"): each feature becomes a robust z-score
 * against the cross-venue median and MAD, counted only in its suspicious direction; the anomaly is the norm of
 * those, integrity = exp(−max(0, A − free) / scale). Absolute limits cap integrity whatever the peers do, so a
 * universe where most venues wash still flags them.
 */
export function scoreVenues(universe: readonly IntegrityFeatures[]): VenueIntegrity[] {
  const { flagZ, anomalyFree, anomalyScale, madScale, minimumPeers } = INTEGRITY_PARAMETERS;
  const centres = new Map<FeatureName, { centre: number; spread: number }>();
  for (const feature of FEATURES) {
    const rule = RULES[feature];
    const values = universe
      .map((venue) => venue[feature])
      .filter((value): value is number => value !== null)
      .map(rule.suspicion);
    const centre = median(values);
    if (centre === null || values.length < minimumPeers) continue;
    const mad = medianAbsoluteDeviation(values, centre) ?? 0;
    centres.set(feature, { centre, spread: madScale * Math.max(mad, rule.madFloor) });
  }
  return universe.map((features) => {
    const zScores: Partial<Record<FeatureName, number>> = {};
    const flags: IntegrityFlag[] = [];
    let sumSquares = 0;
    let ceiling = 1;
    for (const feature of FEATURES) {
      const raw = features[feature];
      if (raw === null) continue;
      const rule = RULES[feature];
      const breached = rule.hardLimit.breached(raw, features.tradeCount);
      if (breached) ceiling = Math.min(ceiling, rule.hardLimit.ceiling);
      const stats = centres.get(feature);
      const z = stats ? (rule.suspicion(raw) - stats.centre) / stats.spread : null;
      if (z !== null) {
        zScores[feature] = z;
        if (z > 0) sumSquares += z * z;
      }
      if ((z !== null && z > flagZ) || breached) flags.push(rule.flag);
    }
    const anomaly = Math.sqrt(sumSquares);
    const relative = Math.exp(-Math.max(0, anomaly - anomalyFree) / anomalyScale);
    const tape = honestShare(features);
    flags.push(...tape.flags);
    return {
      exchangeId: features.exchangeId,
      integrity: Math.min(relative, ceiling, tape.share),
      anomaly,
      features,
      zScores,
      flags,
      sampleTooSmall: features.tradeCount < 50,
      coins: {},
      unsampledCoinIntegrity: 1,
    };
  });
}

/**
 * Integrity from the absolute tests alone — the hard limits and the tape's honest share — for a slice of a
 * venue's evidence too small or too particular to be ranked against the universe (one coin's tape).
 */
export function absoluteIntegrity(features: IntegrityFeatures): number {
  let ceiling = 1;
  for (const feature of FEATURES) {
    const raw = features[feature];
    if (raw === null) continue;
    const rule = RULES[feature];
    if (rule.hardLimit.breached(raw, features.tradeCount))
      ceiling = Math.min(ceiling, rule.hardLimit.ceiling);
  }
  return Math.min(ceiling, honestShare(features).share);
}

import { median } from './robust-statistics.js';
import type { Baseline } from './coin-factors.js';

/** The figures a baseline compares growth with: social, active addresses and verified volume. */
export type Reading = Omit<Baseline, 'window'>;

/**
 * The median of each figure over some daily readings (those known): a baseline that one day's swing does not
 * move, and that a purchase moves only once it has lasted half the readings.
 */
export function typicalReading(readings: readonly Reading[]): Reading {
  const typical = (figure: (reading: Reading) => number | null | undefined) =>
    median(readings.map(figure).filter((value): value is number => typeof value === 'number'));
  return {
    social: readings.some((reading) => reading.social !== null)
      ? {
          followers: typical((reading) => reading.social?.followers),
          engagement24h: typical((reading) => reading.social?.engagement24h),
        }
      : null,
    activeAddresses24h: typical((reading) => reading.activeAddresses24h),
    verifiedVolumeUsd: typical((reading) => reading.verifiedVolumeUsd),
  };
}

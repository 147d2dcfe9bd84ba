/** The path's whole units: a coin-day at hour resolution and a coin-hour at minute resolution. */
import type { PathCoin } from './path-coin.js';

/** Raw (pre-transform) and final values of one coin-day at hour resolution. */
export interface HourUnit {
  day: number;
  shockScale: number;
  drift: number;
  /** Coin-specific hourly increments of the idiosyncratic factor (sum = Z_coin(day)). */
  idioIncrements: Float64Array;
  rawPoints: Float64Array;
  rawHigh: Float64Array;
  rawLow: Float64Array;
  /** Final log USD prices at the 25 hour boundaries and log highs/lows of the 24 hours. */
  points: Float64Array;
  high: Float64Array;
  low: Float64Array;
  /** USD turnover per hour. */
  volumeUsd: Float64Array;
}

export interface MinuteUnit {
  rawPoints: Float64Array;
  rawHigh: Float64Array;
  rawLow: Float64Array;
  points: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volumeUsd: Float64Array;
  secondVariance: number;
}

/** The units a builder reads besides the one it builds (an underlying coin's, the hour above a minute). */
export interface UnitLookup {
  hourUnit(coin: PathCoin, day: number): HourUnit;
  minuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit;
  /** The minutes of hour `hour` of `hours.day`, built from `hours` (which need not be cached) and cached. */
  minuteUnitFrom(coin: PathCoin, hours: HourUnit, hour: number): MinuteUnit;
  /** Final log prices at the 61 second boundaries of global minute `minuteIndex`. */
  secondPoints(coin: PathCoin, minuteIndex: number): Float64Array;
}

/** One buffer, viewed as the unit's arrays. */
export function allocateHourUnit(): HourUnit {
  const buffer = new Float64Array(194);
  let offset = 0;
  const view = (length: number) => buffer.subarray(offset, (offset += length));
  return {
    day: 0,
    shockScale: 0,
    drift: 0,
    idioIncrements: view(24),
    rawPoints: view(25),
    rawHigh: view(24),
    rawLow: view(24),
    points: view(25),
    high: view(24),
    low: view(24),
    volumeUsd: view(24),
  };
}

export function allocateMinuteUnit(): MinuteUnit {
  const buffer = new Float64Array(422);
  let offset = 0;
  const view = (length: number) => buffer.subarray(offset, (offset += length));
  return {
    rawPoints: view(61),
    rawHigh: view(60),
    rawLow: view(60),
    points: view(61),
    high: view(60),
    low: view(60),
    volumeUsd: view(60),
    secondVariance: 0,
  };
}

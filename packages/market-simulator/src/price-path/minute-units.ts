/**
 * A coin-hour at minute resolution: a bridge between the hour boundaries with sampled per-minute extremes,
 * mapped by a monotone piecewise-linear stretch so that its extremes are exactly the hour's; volume splits the
 * hour's by the minutes' realised ranges.
 */
import { normalAt, uniformAt } from '../random.js';
import type { PumpSchedule } from '../scenarios.js';
import {
  bridgeEqual,
  bridgeMax,
  bridgeMin,
  EXPECTED_RANGE,
  foldExcursions,
  maxOf,
  minOf,
  monotoneStretch,
} from './bridges.js';
import { HOUR_VARIANCE_WEIGHTS } from './intraday-profile.js';
import type { LogTransform } from './log-transform.js';
import type { PathCoin } from './path-coin.js';
import type { RandomWalk } from './random-walk.js';
import { HOUR_MS, MINUTE_MS } from './time-units.js';
import type { HourUnit, MinuteUnit, UnitLookup } from './units.js';

export class MinuteUnits {
  constructor(
    private readonly walk: RandomWalk,
    private readonly transform: LogTransform,
    private readonly pumps: PumpSchedule,
  ) {}

  /** Fills `unit` with the minutes of hour `hour` of `hours.day`. */
  build(coin: PathCoin, hours: HourUnit, hour: number, unit: MinuteUnit, units: UnitLookup): MinuteUnit {
    const hourIndex = hours.day * 24 + hour;
    const weight = HOUR_VARIANCE_WEIGHTS[hour]!;
    const stepScale = Math.sqrt(weight / 60);
    const market = this.walk.marketMinuteIncrements(hourIndex);
    const { rawPoints, rawHigh, rawLow, points, high, low, volumeUsd } = unit;
    // volumeUsd doubles as scratch for the idiosyncratic increments until the volumes are written below.
    const idio = bridgeEqual(
      coin.keys.minute,
      hourIndex,
      hours.idioIncrements[hour]!,
      stepScale,
      60,
      volumeUsd,
    );
    const a = hours.rawPoints[hour]!;
    const b = hours.rawPoints[hour + 1]!;
    rawPoints[0] = a;
    let marketSum = 0;
    let idioSum = 0;
    const { shockScale, drift } = hours;
    for (let minute = 0; minute < 60; minute += 1) {
      marketSum += market[minute]!;
      idioSum += idio[minute]!;
      rawPoints[minute + 1] =
        a + (drift * (minute + 1)) / 1440 + shockScale * (coin.beta * marketSum + coin.idio * idioSum);
    }
    rawPoints[60] = b;
    foldExcursions(rawPoints, 1, 59, a, b, hours.rawHigh[hour]!, hours.rawLow[hour]!);
    const variance = shockScale * shockScale * (weight / 60);
    unit.secondVariance = variance / 60;
    for (let minute = 0; minute < 60; minute += 1) {
      rawHigh[minute] = bridgeMax(
        rawPoints[minute]!,
        rawPoints[minute + 1]!,
        variance,
        uniformAt(coin.keys.minuteExtreme, hourIndex, 2 * minute),
      );
      rawLow[minute] = bridgeMin(
        rawPoints[minute]!,
        rawPoints[minute + 1]!,
        variance,
        uniformAt(coin.keys.minuteExtreme, hourIndex, 2 * minute + 1),
      );
    }
    // Stretch the minute path so its extremes are exactly the hour's.
    const stretch = monotoneStretch(
      a,
      b,
      maxOf(rawHigh),
      minOf(rawLow),
      hours.rawHigh[hour]!,
      hours.rawLow[hour]!,
    );
    for (let minute = 0; minute <= 60; minute += 1) rawPoints[minute] = stretch(rawPoints[minute]!);
    rawPoints[0] = a;
    rawPoints[60] = b;
    for (let minute = 0; minute < 60; minute += 1) {
      rawHigh[minute] = stretch(rawHigh[minute]!);
      rawLow[minute] = stretch(rawLow[minute]!);
    }
    const hourStart = hourIndex * HOUR_MS;
    for (let minute = 0; minute <= 60; minute += 1) {
      const time = hourStart + minute * MINUTE_MS;
      points[minute] =
        this.transform.transform(coin, rawPoints[minute]!, time) +
        (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
    }
    points[0] = hours.points[hour]!;
    points[60] = hours.points[hour + 1]!;
    let shareSum = 0;
    const expectedRange = EXPECTED_RANGE * Math.sqrt(variance) || 1;
    for (let minute = 0; minute < 60; minute += 1) {
      const from = hourStart + minute * MINUTE_MS;
      high[minute] = this.transform.transformExtreme(coin, rawHigh[minute]!, from, from + MINUTE_MS, true);
      low[minute] = this.transform.transformExtreme(coin, rawLow[minute]!, from, from + MINUTE_MS, false);
      let pump = 1;
      if (coin.pumped) {
        const overlay = this.pumps.logOverlayBounds(coin.id, from, from + MINUTE_MS);
        high[minute] = high[minute]! + overlay.max;
        low[minute] = low[minute]! + overlay.min;
        pump = this.pumps.volumeMultiplier(coin.id, from + MINUTE_MS / 2);
      }
      const rangeRatio = (rawHigh[minute]! - rawLow[minute]!) / expectedRange;
      const noise = Math.exp(0.35 * normalAt(coin.keys.minuteVolume, hourIndex, minute) - 0.06);
      const share = (0.35 + 0.65 * rangeRatio) * noise * pump;
      volumeUsd[minute] = share;
      shareSum += share;
    }
    const scale = hours.volumeUsd[hour]! / shareSum;
    for (let minute = 0; minute < 60; minute += 1) volumeUsd[minute] = volumeUsd[minute]! * scale;
    if (coin.underlying) {
      const base = units.minuteUnit(coin.underlying, hourIndex);
      const anchor = coin.underlying.logAnchor;
      for (let minute = 1; minute < 60; minute += 1)
        points[minute] = points[minute]! + base.points[minute]! - anchor;
      for (let minute = 0; minute < 60; minute += 1) {
        high[minute] = high[minute]! + base.high[minute]! - anchor;
        low[minute] = low[minute]! + base.low[minute]! - anchor;
      }
    }
    return unit;
  }
}

/**
 * A coin-minute at second resolution: a bridge between the minute boundaries, mapped into the minute's
 * high/low by the same monotone stretch as the minutes into their hour.
 */
import type { PumpSchedule } from '../scenarios.js';
import { bridgeEqual, foldExcursions, maxOf, minOf, monotoneStretch } from './bridges.js';
import type { LogTransform } from './log-transform.js';
import type { PathCoin } from './path-coin.js';
import { MINUTE_MS, SECOND_MS } from './time-units.js';
import type { UnitLookup } from './units.js';

export class SecondPoints {
  constructor(
    private readonly transform: LogTransform,
    private readonly pumps: PumpSchedule,
  ) {}

  /** Final log prices at the 61 second boundaries of global minute `minuteIndex`. */
  build(coin: PathCoin, minuteIndex: number, units: UnitLookup): Float64Array {
    const hourIndex = Math.floor(minuteIndex / 60);
    const minute = minuteIndex - hourIndex * 60;
    const unit = units.minuteUnit(coin, hourIndex);
    const a = unit.rawPoints[minute]!;
    const b = unit.rawPoints[minute + 1]!;
    const steps = bridgeEqual(coin.keys.second, minuteIndex, b - a, Math.sqrt(unit.secondVariance), 60);
    const raw = new Float64Array(61);
    raw[0] = a;
    for (let second = 1; second <= 60; second += 1) raw[second] = raw[second - 1]! + steps[second - 1]!;
    foldExcursions(raw, 1, 59, a, b, unit.rawHigh[minute]!, unit.rawLow[minute]!);
    const rawMax = Math.max(a, b, maxOf(raw));
    const rawMin = Math.min(a, b, minOf(raw));
    const stretch = monotoneStretch(a, b, rawMax, rawMin, unit.rawHigh[minute]!, unit.rawLow[minute]!);
    const points = new Float64Array(61);
    const minuteStart = minuteIndex * MINUTE_MS;
    for (let second = 0; second <= 60; second += 1) {
      const time = minuteStart + second * SECOND_MS;
      points[second] =
        this.transform.transform(coin, stretch(raw[second]!), time) +
        (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
    }
    if (coin.underlying) {
      const base = units.secondPoints(coin.underlying, minuteIndex);
      const anchor = coin.underlying.logAnchor;
      for (let second = 1; second < 60; second += 1)
        points[second] = points[second]! + base[second]! - anchor;
    }
    points[0] = unit.points[minute]!;
    points[60] = unit.points[minute + 1]!;
    return points;
  }
}

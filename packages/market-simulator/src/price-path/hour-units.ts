/**
 * A coin-day at hour resolution: a Brownian bridge between the day boundaries with the intraday variance
 * profile, each factor bridged separately so coins stay correlated intraday. Hour highs/lows are exact samples
 * of the bridge maximum/minimum given the endpoints; volume follows the hour profile and the realised range.
 */
import { normalAt, uniformAt } from '../random.js';
import type { PumpSchedule } from '../scenarios.js';
import { bridgeMax, bridgeMin, bridgeWeighted, EXPECTED_RANGE, maxOf, minOf } from './bridges.js';
import { HOUR_VARIANCE_WEIGHTS, HOUR_VOLUME_WEIGHTS } from './intraday-profile.js';
import type { LogTransform } from './log-transform.js';
import type { PathCoin } from './path-coin.js';
import type { RandomWalk } from './random-walk.js';
import { DAY_MS, HOUR_MS } from './time-units.js';
import type { HourUnit, UnitLookup } from './units.js';

export class HourUnits {
  constructor(
    private readonly walk: RandomWalk,
    private readonly transform: LogTransform,
    private readonly pumps: PumpSchedule,
  ) {}

  /** The raw (pre-transform) values at the 25 hour boundaries of `day`, and the day's shock scale and drift. */
  fillRawHours(coin: PathCoin, day: number, unit: HourUnit): void {
    const start = this.walk.dayValue(coin, day);
    const end = this.walk.dayValue(coin, day + 1);
    const shockScale = coin.sigmaDay * this.walk.regime(day);
    const drift = end - start - this.walk.dayShock(coin, day);
    unit.day = day;
    unit.shockScale = shockScale;
    unit.drift = drift;
    const { idioIncrements, rawPoints } = unit;
    bridgeWeighted(coin.keys.hour, day, normalAt(coin.keys.day, day), idioIncrements);
    const marketIncrements = this.walk.marketHourIncrements(day);
    rawPoints[0] = start;
    let market = 0;
    let idio = 0;
    for (let hour = 0; hour < 24; hour += 1) {
      market += marketIncrements[hour]!;
      idio += idioIncrements[hour]!;
      rawPoints[hour + 1] =
        start + (drift * (hour + 1)) / 24 + shockScale * (coin.beta * market + coin.idio * idio);
    }
    rawPoints[24] = end;
  }

  /** Fills `unit` with `day` of `coin`. */
  build(coin: PathCoin, day: number, unit: HourUnit, units: UnitLookup): HourUnit {
    this.fillRawHours(coin, day, unit);
    const start = unit.rawPoints[0]!;
    const { shockScale, rawPoints, rawHigh, rawLow, points, high, low, volumeUsd } = unit;
    const dayStart = day * DAY_MS;
    for (let hour = 0; hour <= 24; hour += 1) {
      const time = dayStart + hour * HOUR_MS;
      points[hour] =
        this.transform.transform(coin, rawPoints[hour]!, time) +
        (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
    }
    const dayVolume = this.dayVolumeBase(coin, day, start);
    for (let hour = 0; hour < 24; hour += 1) {
      const a = rawPoints[hour]!;
      const b = rawPoints[hour + 1]!;
      const variance = shockScale * shockScale * HOUR_VARIANCE_WEIGHTS[hour]!;
      const top = bridgeMax(a, b, variance, uniformAt(coin.keys.hourExtreme, day, 2 * hour));
      const bottom = bridgeMin(a, b, variance, uniformAt(coin.keys.hourExtreme, day, 2 * hour + 1));
      rawHigh[hour] = top;
      rawLow[hour] = bottom;
      const from = dayStart + hour * HOUR_MS;
      high[hour] = this.transform.transformExtreme(coin, top, from, from + HOUR_MS, true);
      low[hour] = this.transform.transformExtreme(coin, bottom, from, from + HOUR_MS, false);
      const rangeRatio = (top - bottom) / (EXPECTED_RANGE * Math.sqrt(variance) || 1);
      const noise = Math.exp(0.25 * normalAt(coin.keys.hourVolume, day, hour) - 0.03125);
      const pump = coin.pumped ? this.pumps.meanVolumeMultiplier(coin.id, from, from + HOUR_MS) : 1;
      volumeUsd[hour] = dayVolume * HOUR_VOLUME_WEIGHTS[hour]! * (0.35 + 0.65 * rangeRatio) * noise * pump;
    }
    if (coin.underlying) {
      const base = units.hourUnit(coin.underlying, day);
      const anchor = coin.underlying.logAnchor;
      for (let hour = 0; hour <= 24; hour += 1) points[hour] = points[hour]! + base.points[hour]! - anchor;
      for (let hour = 0; hour < 24; hour += 1) {
        high[hour] = high[hour]! + base.high[hour]! - anchor;
        low[hour] = low[hour]! + base.low[hour]! - anchor;
      }
    }
    if (coin.pumped) {
      for (let hour = 0; hour < 24; hour += 1) {
        const from = dayStart + hour * HOUR_MS;
        if (this.pumps.overlapping(coin.id, from, from + HOUR_MS).length === 0) continue;
        // The overlay moves within the hour: its high/low come from the minutes (bottom-up).
        const minutes = units.minuteUnitFrom(coin, unit, hour);
        high[hour] = maxOf(minutes.high);
        low[hour] = minOf(minutes.low);
      }
    }
    return unit;
  }

  /** USD turnover of `day` before the hourly split: scales with price level, the regime and the weekday. */
  private dayVolumeBase(coin: PathCoin, day: number, rawStart: number): number {
    const level = coin.underlying
      ? Math.exp(0.6 * this.walk.dayValue(coin.underlying, day))
      : coin.clamp === null
        ? Math.exp(0.6 * rawStart)
        : 1;
    const weekday = (day + 4) % 7;
    const weekend = weekday === 0 || weekday === 6 ? 0.72 : 1.11;
    const noise = Math.exp(0.2 * normalAt(coin.keys.dayVolume, day) - 0.02);
    return coin.dailyUsd * level * Math.pow(this.walk.regime(day), 0.8) * weekend * noise;
  }
}

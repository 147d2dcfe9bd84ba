/**
 * The daily random walk: each coin's raw log deviation Y at day boundaries, an Ornstein–Uhlenbeck walk pinned at
 * 0 on the anchor day and built outward in both directions from daily shocks σ_day · v(d) · (β · Z_market(d) +
 * √(1−β²) · Z_coin(d)), and the market factor's increments within a day (hours) and an hour (minutes).
 */
import { BoundedCache, normalAt, streamKey } from '../random.js';
import { bridgeEqual, bridgeWeighted } from './bridges.js';
import { HOUR_VARIANCE_WEIGHTS } from './intraday-profile.js';
import type { PathCoin } from './path-coin.js';
import { ANCHOR_DAY } from './time-units.js';

const REGIME_STRENGTH = 0.35;
const REGIME_MEMORY = 0.9;
const REGIME_TAPS = 40;

export class RandomWalk {
  private readonly marketDayKey: number;
  private readonly marketRegimeKey: number;
  private readonly marketHourKey: number;
  private readonly marketMinuteKey: number;
  private readonly regimes = new Map<number, number>();
  private readonly marketHours = new BoundedCache<number, Float64Array>(4_096);
  private readonly marketMinutes = new BoundedCache<number, Float64Array>(4_096);

  constructor(seed: number) {
    this.marketDayKey = streamKey(seed, 'market-day');
    this.marketRegimeKey = streamKey(seed, 'market-regime');
    this.marketHourKey = streamKey(seed, 'market-hour');
    this.marketMinuteKey = streamKey(seed, 'market-minute');
  }

  /** Shared volatility multiplier of day `day` (E[v²] = 1). */
  regime(day: number): number {
    const cached = this.regimes.get(day);
    if (cached !== undefined) return cached;
    let sum = 0;
    let norm = 0;
    let weight = 1;
    for (let tap = 0; tap < REGIME_TAPS; tap += 1) {
      sum += weight * normalAt(this.marketRegimeKey, day - tap);
      norm += weight * weight;
      weight *= REGIME_MEMORY;
    }
    const value = Math.exp(REGIME_STRENGTH * (sum / Math.sqrt(norm)) - REGIME_STRENGTH * REGIME_STRENGTH);
    this.regimes.set(day, value);
    return value;
  }

  private marketDayShock(day: number): number {
    return normalAt(this.marketDayKey, day);
  }

  /** The market factor's 24 hourly increments of `day` (summing to its daily shock). */
  marketHourIncrements(day: number): Float64Array {
    return this.marketHours.getOrCreate(day, () =>
      bridgeWeighted(this.marketHourKey, day, this.marketDayShock(day)),
    );
  }

  /** The market factor's 60 minute increments of global hour `hourIndex`. */
  marketMinuteIncrements(hourIndex: number): Float64Array {
    return this.marketMinutes.getOrCreate(hourIndex, () => {
      const day = Math.floor(hourIndex / 24);
      const hour = hourIndex - day * 24;
      const total = this.marketHourIncrements(day)[hour]!;
      return bridgeEqual(
        this.marketMinuteKey,
        hourIndex,
        total,
        Math.sqrt(HOUR_VARIANCE_WEIGHTS[hour]! / 60),
        60,
      );
    });
  }

  dayShock(coin: PathCoin, day: number): number {
    const scale = coin.sigmaDay * this.regime(day);
    return scale * (coin.beta * this.marketDayShock(day) + coin.idio * normalAt(coin.keys.day, day));
  }

  /** The raw log deviation Y at the start of `day` (UTC day index). */
  dayValue(coin: PathCoin, day: number): number {
    const offset = day - ANCHOR_DAY;
    if (offset >= 0) {
      const values = coin.forward;
      while (values.length <= offset) {
        const previousDay = ANCHOR_DAY + values.length - 1;
        values.push((1 - coin.kappa) * values[values.length - 1]! + this.dayShock(coin, previousDay));
      }
      return values[offset]!;
    }
    const values = coin.backward;
    while (values.length <= -offset) {
      const laterDay = ANCHOR_DAY - values.length + 1;
      values.push((1 - coin.kappa) * values[values.length - 1]! - this.dayShock(coin, laterDay - 1));
    }
    return values[-offset]!;
  }
}

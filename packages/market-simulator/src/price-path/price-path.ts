/**
 * Each coin's USD reference price (and true traded volume) as a pure function of (seed, scenario, time).
 *
 * Model (log price, relative to the catalogue's anchorPriceUsd at ANCHOR_TIME):
 * - Days: an Ornstein–Uhlenbeck walk pinned at 0 on the anchor day, built outward in both directions from
 *   daily shocks σ_day · v(d) · (β · Z_market(d) + √(1−β²) · Z_coin(d)); v(d) is a shared, slowly varying
 *   volatility regime (volatility clustering, fat tails). Mean reversion is weak (half-life one year) for
 *   ordinary coins — prices stay at realistic levels — and fast for stablecoins, which are in addition
 *   squashed by tanh to stay within ±0.28 % of their peg (EUR pegs follow the simulated EUR rate).
 * - Hours: a Brownian bridge between day boundaries with an intraday variance profile (busiest around the
 *   US open), each factor bridged separately so coins stay correlated intraday. Hour highs/lows are exact
 *   samples of the bridge maximum/minimum given the endpoints; a day's high/low is the max/min of its hours.
 * - Minutes: a bridge between hour boundaries, with sampled per-minute extremes; the minute path is then
 *   mapped by a monotone piecewise-linear stretch so that its extremes are exactly the hour's.
 * - Seconds: a bridge between minute boundaries, mapped into the minute's high/low the same way.
 * So every candle at every resolution is consistent (a 1d high is the max of its 1h highs, which are the max
 * of their 1m highs; each second's price lies inside them), and nothing requires iterating a year of
 * minutes. Pump-and-dump episodes add a log overlay (and volume) on top.
 *
 * The parts: path-coin.ts (each coin's parameters), random-walk.ts (days and the market factor), bridges.ts and
 * intraday-profile.ts (the bridge sampling), hour-units.ts, minute-units.ts and second-points.ts (the units),
 * log-transform.ts and history-pinning.ts (raw deviation → log USD price, pinned to authored history),
 * unit-cache.ts (which units are kept) and range-summary.ts (OHLCV of any range).
 */

import type { CoinFacts } from '../catalog/catalog-schema.js';
import type { FiatRates } from '../fiat-currencies.js';
import type { PumpSchedule } from '../scenarios.js';
import { pinAuthoredHistories } from './history-pinning.js';
import { HourUnits } from './hour-units.js';
import { LogTransform } from './log-transform.js';
import { MinuteUnits } from './minute-units.js';
import type { PathCoin } from './path-coin.js';
import { createPathCoins } from './path-coin.js';
import { RandomWalk } from './random-walk.js';
import type { RangeSummary } from './range-summary.js';
import { RangeSummaries } from './range-summary.js';
import { SecondPoints } from './second-points.js';
import { DAY_MS, SECOND_MS } from './time-units.js';
import { UnitCache } from './unit-cache.js';
import type { HourUnit, MinuteUnit } from './units.js';

export class PricePath {
  private readonly coins: Map<string, PathCoin>;
  private readonly walk: RandomWalk;
  private readonly units: UnitCache;
  private readonly ranges: RangeSummaries;
  private readonly instantLogPrices: Float64Array;
  private readonly instantStamps: Float64Array;
  private instantTime = Number.NaN;
  private instantGeneration = 0;

  constructor(seed: number, catalogue: readonly CoinFacts[], pumps: PumpSchedule, fiat: FiatRates) {
    this.walk = new RandomWalk(seed);
    const transform = new LogTransform(fiat);
    const hours = new HourUnits(this.walk, transform, pumps);
    this.units = new UnitCache(
      catalogue.length,
      hours,
      new MinuteUnits(this.walk, transform, pumps),
      new SecondPoints(transform, pumps),
    );
    this.ranges = new RangeSummaries(this.units, (coin, time) => this.logPriceAt(coin, time));
    this.instantLogPrices = new Float64Array(catalogue.length);
    this.instantStamps = new Float64Array(catalogue.length);
    this.coins = createPathCoins(seed, catalogue, pumps);
    pinAuthoredHistories(this.coins.values(), hours, transform);
  }

  coin(coinId: string): PathCoin | undefined {
    return this.coins.get(coinId);
  }

  /** Shared volatility multiplier of day `day` (E[v²] = 1). */
  regime(day: number): number {
    return this.walk.regime(day);
  }

  hourUnit(coin: PathCoin, day: number): HourUnit {
    return this.units.hourUnit(coin, day);
  }

  minuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit {
    return this.units.minuteUnit(coin, hourIndex);
  }

  /** Natural log of the USD price at `time` (ms; linear between whole seconds). */
  logPriceAt(coin: PathCoin, time: number): number {
    // A tick prices every pair of a coin at one instant: each coin's price is worked out once per instant.
    if (time !== this.instantTime) {
      this.instantTime = time;
      this.instantGeneration += 1;
    }
    if (this.instantStamps[coin.index] === this.instantGeneration) return this.instantLogPrices[coin.index]!;
    const value = this.logPriceAtUncached(coin, time);
    this.instantLogPrices[coin.index] = value;
    this.instantStamps[coin.index] = this.instantGeneration;
    return value;
  }

  private logPriceAtUncached(coin: PathCoin, time: number): number {
    const second = Math.floor(time / SECOND_MS);
    const minuteIndex = Math.floor(second / 60);
    const points = this.units.secondPoints(coin, minuteIndex);
    const offset = second - minuteIndex * 60;
    const fraction = (time - second * SECOND_MS) / SECOND_MS;
    const from = points[offset]!;
    return fraction === 0 ? from : from + (points[offset + 1]! - from) * fraction;
  }

  priceAt(coin: PathCoin, time: number): number {
    return Math.exp(this.logPriceAt(coin, time));
  }

  /** The log return of the path over the last `windowMs` before `time`. */
  logReturn(coin: PathCoin, time: number, windowMs: number): number {
    return this.logPriceAt(coin, time) - this.logPriceAt(coin, time - windowMs);
  }

  /**
   * OHLC and turnover over [from, to), composed from the largest whole units (days, hours, minutes, seconds)
   * that fit; `to` may fall between seconds (the close is then the interpolated price).
   */
  summarize(coin: PathCoin, from: number, to: number): RangeSummary | null {
    return this.ranges.summarize(coin, from, to);
  }

  /** The day's highest and lowest hour (log prices and hour start times), without caching deep history. */
  dayExtremes(coin: PathCoin, day: number): { high: number; highAt: number; low: number; lowAt: number } {
    return this.ranges.dayExtremes(coin, day);
  }

  /** USD turnover over the 24 hours before `time`. */
  volumeUsd24h(coin: PathCoin, time: number): number {
    return this.summarize(coin, time - DAY_MS, time)?.amountUsd ?? 0;
  }
}

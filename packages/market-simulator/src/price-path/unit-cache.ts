/**
 * The path's units, built on first use and kept in bounded caches sized to the universe. Deep history (candle
 * back-fills, ATH scans) is read once: those reads go through one reused scratch unit instead of the caches.
 */
import { BoundedCache } from '../random.js';
import type { HourUnits } from './hour-units.js';
import type { MinuteUnits } from './minute-units.js';
import type { PathCoin } from './path-coin.js';
import type { SecondPoints } from './second-points.js';
import type { HourUnit, MinuteUnit, UnitLookup } from './units.js';
import { allocateHourUnit, allocateMinuteUnit } from './units.js';

const UNITS_PER_COIN = 4;
const MIN_UNITS_PER_GENERATION = 1_024;

/** A numeric cache key for (coin, unit index); the catalogue holds far fewer than 4,096 coins. */
function unitKey(coin: PathCoin, index: number): number {
  return index * 4_096 + coin.index;
}

export class UnitCache implements UnitLookup {
  /**
   * A tick reads two of each per coin (the 24 h window's first and last day, hour and minute); back-fills walk
   * one coin at a time and read each unit once. Sized to the universe: a cache several times the working set
   * keeps every tick's units, while a fixed 12,000 hours and 3,000 minutes held ~40 MB of back-fill leftovers.
   */
  private readonly hourUnits: BoundedCache<number, HourUnit>;
  private readonly minuteUnits: BoundedCache<number, MinuteUnit>;
  private readonly secondUnits: BoundedCache<number, Float64Array>;
  private readonly scratchHour = allocateHourUnit();
  private readonly scratchMinute = allocateMinuteUnit();
  private scratchHourKey = Number.NaN;
  private scratchMinuteKey = Number.NaN;

  constructor(
    coinCount: number,
    private readonly hours: HourUnits,
    private readonly minutes: MinuteUnits,
    private readonly seconds: SecondPoints,
  ) {
    const unitsPerGeneration = Math.max(MIN_UNITS_PER_GENERATION, UNITS_PER_COIN * coinCount);
    this.hourUnits = new BoundedCache(unitsPerGeneration);
    this.minuteUnits = new BoundedCache(unitsPerGeneration);
    this.secondUnits = new BoundedCache(unitsPerGeneration);
  }

  hourUnit(coin: PathCoin, day: number): HourUnit {
    // Looked up ~25 times per coin per tick (the 24 h turnover): no closure per lookup.
    const key = unitKey(coin, day);
    const cached = this.hourUnits.get(key);
    if (cached !== undefined) return cached;
    const unit = this.hours.build(coin, day, allocateHourUnit(), this);
    this.hourUnits.set(key, unit);
    return unit;
  }

  /** The cached unit, or one computed into a reused scratch unit (deep history is read once, not kept). */
  transientHourUnit(coin: PathCoin, day: number): HourUnit {
    const key = unitKey(coin, day);
    const cached = this.hourUnits.get(key);
    if (cached) return cached;
    if (this.scratchHourKey !== key) {
      this.scratchHourKey = Number.NaN;
      this.hours.build(coin, day, this.scratchHour, this);
      this.scratchHourKey = key;
    }
    return this.scratchHour;
  }

  minuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit {
    const cached = this.minuteUnits.get(unitKey(coin, hourIndex));
    if (cached) return cached;
    const day = Math.floor(hourIndex / 24);
    return this.minuteUnitFrom(coin, this.hourUnit(coin, day), hourIndex - day * 24);
  }

  /** The cached unit, or one computed into a reused scratch unit (back-fills read each hour once). */
  transientMinuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit {
    const key = unitKey(coin, hourIndex);
    const cached = this.minuteUnits.get(key);
    if (cached) return cached;
    if (this.scratchMinuteKey !== key) {
      this.scratchMinuteKey = Number.NaN;
      const day = Math.floor(hourIndex / 24);
      const unit = this.minuteUnitFrom(
        coin,
        this.hourUnit(coin, day),
        hourIndex - day * 24,
        this.scratchMinute,
      );
      // Building a pumped coin's hours caches the minutes of its pumped hours: then the scratch stays unused.
      if (unit !== this.scratchMinute) return unit;
      this.scratchMinuteKey = key;
    }
    return this.scratchMinute;
  }

  /** Computes (and caches, unless a scratch `target` is given) the minutes of hour `hour` of `hours.day`. */
  minuteUnitFrom(coin: PathCoin, hours: HourUnit, hour: number, target?: MinuteUnit): MinuteUnit {
    const cacheKey = unitKey(coin, hours.day * 24 + hour);
    const cached = this.minuteUnits.get(cacheKey);
    if (cached) return cached;
    const unit = this.minutes.build(coin, hours, hour, target ?? allocateMinuteUnit(), this);
    if (!target) this.minuteUnits.set(cacheKey, unit);
    return unit;
  }

  secondPoints(coin: PathCoin, minuteIndex: number): Float64Array {
    return this.secondUnits.getOrCreate(unitKey(coin, minuteIndex), () =>
      this.seconds.build(coin, minuteIndex, this),
    );
  }
}

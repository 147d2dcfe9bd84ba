/** OHLC and turnover of any time range, composed from the path's whole units. */
import type { PathCoin } from './path-coin.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './time-units.js';
import type { UnitCache } from './unit-cache.js';
import type { HourUnit, MinuteUnit } from './units.js';

/** Summary of a time range: prices are USD, log prices are natural logs. */
export interface RangeSummary {
  open: number;
  high: number;
  low: number;
  close: number;
  amountUsd: number;
  volumeBase: number;
}

export class RangeSummaries {
  constructor(
    private readonly units: UnitCache,
    /** Natural log of the USD price at an instant (linear between whole seconds). */
    private readonly logPriceAt: (coin: PathCoin, time: number) => number,
  ) {}

  /**
   * OHLC and turnover over [from, to), composed from the largest whole units (days, hours, minutes, seconds)
   * that fit; `to` may fall between seconds (the close is then the interpolated price).
   */
  summarize(coin: PathCoin, from: number, to: number): RangeSummary | null {
    if (!(to > from)) return null;
    const summary = new Accumulator();
    let time = Math.ceil(from / SECOND_MS) * SECOND_MS;
    const end = Math.floor(to / SECOND_MS) * SECOND_MS;
    while (time < end) {
      if (time % DAY_MS === 0 && time + DAY_MS <= end) {
        const unit = this.units.transientHourUnit(coin, time / DAY_MS);
        for (let hour = 0; hour < 24; hour += 1) summary.addSlot(unit, hour);
        time += DAY_MS;
      } else if (time % HOUR_MS === 0 && time + HOUR_MS <= end) {
        const hourIndex = time / HOUR_MS;
        const day = Math.floor(hourIndex / 24);
        summary.addSlot(this.units.hourUnit(coin, day), hourIndex - day * 24);
        time += HOUR_MS;
      } else if (time % MINUTE_MS === 0 && time + MINUTE_MS <= end) {
        const minuteIndex = time / MINUTE_MS;
        const hourIndex = Math.floor(minuteIndex / 60);
        summary.addSlot(this.units.transientMinuteUnit(coin, hourIndex), minuteIndex - hourIndex * 60);
        time += MINUTE_MS;
      } else {
        const minuteIndex = Math.floor(time / MINUTE_MS);
        const stop = Math.min(end, (minuteIndex + 1) * MINUTE_MS);
        const points = this.units.secondPoints(coin, minuteIndex);
        const first = (time - minuteIndex * MINUTE_MS) / SECOND_MS;
        const last = (stop - minuteIndex * MINUTE_MS) / SECOND_MS;
        let high = -Infinity;
        let low = Infinity;
        for (let second = first; second <= last; second += 1) {
          high = Math.max(high, points[second]!);
          low = Math.min(low, points[second]!);
        }
        const hourIndex = Math.floor(minuteIndex / 60);
        const minuteVolume = this.units.minuteUnit(coin, hourIndex).volumeUsd[minuteIndex - hourIndex * 60]!;
        summary.add(points[first]!, high, low, points[last]!, (minuteVolume * (last - first)) / 60);
        time = stop;
      }
    }
    if (to > end || summary.empty) {
      // A fraction of a second past the last whole second: the close moves to the interpolated price.
      const close = this.logPriceAt(coin, to);
      const open = summary.empty ? this.logPriceAt(coin, from) : summary.close;
      summary.add(open, Math.max(open, close), Math.min(open, close), close, 0);
    }
    return summary.result();
  }

  /** The day's highest and lowest hour (log prices and hour start times), without caching deep history. */
  dayExtremes(coin: PathCoin, day: number): { high: number; highAt: number; low: number; lowAt: number } {
    const unit = this.units.transientHourUnit(coin, day);
    let high = 0;
    let low = 0;
    for (let hour = 1; hour < 24; hour += 1) {
      if (unit.high[hour]! > unit.high[high]!) high = hour;
      if (unit.low[hour]! < unit.low[low]!) low = hour;
    }
    return {
      high: unit.high[high]!,
      highAt: day * DAY_MS + high * HOUR_MS,
      low: unit.low[low]!,
      lowAt: day * DAY_MS + low * HOUR_MS,
    };
  }
}

/** Folds whole units (log prices, USD turnover) into one summary. */
class Accumulator {
  empty = true;
  close = 0;
  private open = 0;
  private high = -Infinity;
  private low = Infinity;
  private amountUsd = 0;
  private volumeBase = 0;

  /** Slot `index` of a unit: an hour of an hour unit, a minute of a minute unit. */
  addSlot(unit: HourUnit | MinuteUnit, index: number): void {
    this.add(
      unit.points[index]!,
      unit.high[index]!,
      unit.low[index]!,
      unit.points[index + 1]!,
      unit.volumeUsd[index]!,
    );
  }

  add(open: number, high: number, low: number, close: number, amountUsd: number): void {
    if (this.empty) this.open = open;
    this.empty = false;
    this.close = close;
    if (high > this.high) this.high = high;
    if (low < this.low) this.low = low;
    if (amountUsd > 0) {
      this.amountUsd += amountUsd;
      // Base units at the unit's typical price (geometric mean of O, H, L, C).
      this.volumeBase += amountUsd / Math.exp((open + high + low + close) / 4);
    }
  }

  result(): RangeSummary {
    return {
      open: Math.exp(this.open),
      high: Math.exp(this.high),
      low: Math.exp(this.low),
      close: Math.exp(this.close),
      amountUsd: this.amountUsd,
      volumeBase: this.volumeBase,
    };
  }
}

import type { Candle } from '@coinlens/market-model';
import { firstIndex } from '@coinlens/score';

const TIME = 0;
const OPEN = 1;
const HIGH = 2;
const LOW = 3;
const CLOSE = 4;
const VOLUME = 5;
const AMOUNT = 6;
const COLUMNS = 7;

/**
 * A candle series ordered by open time, unique per time, stored by column in one Float64Array: 56 bytes a candle
 * instead of an object with seven boxed numbers (~190 bytes), and reading a window allocates nothing. It is
 * changed in place; `version` counts the changes so results over it can be memoised.
 */
export class CandleSeries {
  private buffer: Float64Array;
  private capacity: number;
  /** Physical row of the first live candle: dropping old candles moves it instead of copying. */
  private first = 0;
  private count = 0;
  private changes = 0;

  constructor(capacity = 0) {
    this.capacity = capacity;
    this.buffer = new Float64Array(capacity * COLUMNS);
  }

  static from(candles: readonly Candle[]): CandleSeries {
    const series = new CandleSeries(candles.length);
    series.merge(candles);
    return series;
  }

  get length(): number {
    return this.count;
  }

  /** Increases on every change. */
  get version(): number {
    return this.changes;
  }

  time(index: number): number {
    return this.cell(TIME, index);
  }

  open(index: number): number {
    return this.cell(OPEN, index);
  }

  high(index: number): number {
    return this.cell(HIGH, index);
  }

  low(index: number): number {
    return this.cell(LOW, index);
  }

  close(index: number): number {
    return this.cell(CLOSE, index);
  }

  volume(index: number): number {
    return this.cell(VOLUME, index);
  }

  amount(index: number): number {
    return this.cell(AMOUNT, index);
  }

  /** The candle at `index` as an object (for storage and tests; the hot paths read columns). */
  at(index: number): Candle {
    return {
      time: this.time(index),
      open: this.open(index),
      high: this.high(index),
      low: this.low(index),
      close: this.close(index),
      volume: this.volume(index),
      amount: this.amount(index),
    };
  }

  toArray(from = 0, to = this.count): Candle[] {
    const candles: Candle[] = [];
    for (let index = Math.max(0, from); index < Math.min(to, this.count); index++)
      candles.push(this.at(index));
    return candles;
  }

  /** Index of the first candle opening at or after `time` (`length` when none does). */
  firstAtOrAfter(time: number): number {
    return firstIndex(this.count, (index) => this.time(index) >= time);
  }

  /** Index of the first candle opening after `time` (`length` when none does). */
  firstAfter(time: number): number {
    return firstIndex(this.count, (index) => this.time(index) > time);
  }

  /**
   * Upserts candles by open time (an incoming candle replaces a stored one of the same time; among incoming
   * candles of one time the last wins). Newer candles and replacements of stored ones — what every refresh
   * brings — are written in place; anything else rebuilds the columns once.
   */
  merge(incoming: readonly Candle[]): void {
    if (incoming.length === 0) return;
    const sorted = sortedUnique(incoming);
    const last = this.count > 0 ? this.time(this.count - 1) : -Infinity;
    const inPlace = sorted.every(
      (candle) => candle.time > last || this.time(this.firstAtOrAfter(candle.time)) === candle.time,
    );
    if (inPlace) {
      this.reserve(sorted.reduce((newer, candle) => (candle.time > last ? newer + 1 : newer), 0));
      for (const candle of sorted) {
        if (candle.time > last) this.append(candle);
        else this.write(this.firstAtOrAfter(candle.time), candle);
      }
    } else {
      this.rebuild(sorted);
    }
    this.changes++;
  }

  /** Forgets the candles that opened before `time`. */
  dropBefore(time: number): void {
    const dropped = this.firstAtOrAfter(time);
    if (dropped === 0) return;
    this.first += dropped;
    this.count -= dropped;
    if (this.count === 0) this.first = 0;
    this.changes++;
  }

  /** Gives back the rows a large drop left unused (a history cut to a window after years were merged). */
  shrinkToFit(): void {
    const fitting = this.count + 16 + Math.ceil(this.count / 16);
    if (this.capacity > 2 * fitting) this.relocate(fitting);
  }

  private cell(column: number, index: number): number {
    return this.buffer[column * this.capacity + this.first + index] ?? Number.NaN;
  }

  private write(index: number, candle: Candle): void {
    const row = this.first + index;
    const { buffer, capacity } = this;
    buffer[TIME * capacity + row] = candle.time;
    buffer[OPEN * capacity + row] = candle.open;
    buffer[HIGH * capacity + row] = candle.high;
    buffer[LOW * capacity + row] = candle.low;
    buffer[CLOSE * capacity + row] = candle.close;
    buffer[VOLUME * capacity + row] = candle.volume;
    buffer[AMOUNT * capacity + row] = candle.amount;
  }

  private append(candle: Candle): void {
    this.reserve(1);
    this.count++;
    this.write(this.count - 1, candle);
  }

  /**
   * Makes room for `extra` candles at the end: reuses the rows freed at the front when they are a quarter of
   * the buffer (sliding windows), else grows with little slack (daily series grow by one candle a day).
   */
  private reserve(extra: number): void {
    if (this.first + this.count + extra <= this.capacity) return;
    const needed = this.count + extra;
    if (this.first > 0 && this.first >= this.capacity / 4 && needed <= this.capacity) {
      this.relocate(this.capacity);
      return;
    }
    this.relocate(this.count === 0 ? needed : Math.max(needed, this.count + 16 + Math.ceil(this.count / 16)));
  }

  private relocate(capacity: number): void {
    const target = capacity === this.capacity ? this.buffer : new Float64Array(capacity * COLUMNS);
    for (let column = 0; column < COLUMNS; column++) {
      const from = column * this.capacity + this.first;
      if (target === this.buffer) target.copyWithin(column * capacity, from, from + this.count);
      else target.set(this.buffer.subarray(from, from + this.count), column * capacity);
    }
    this.buffer = target;
    this.capacity = capacity;
    this.first = 0;
  }

  private rebuild(sorted: readonly Candle[]): void {
    const merged: Candle[] = [];
    let stored = 0;
    let fresh = 0;
    while (stored < this.count || fresh < sorted.length) {
      const next = sorted[fresh];
      const storedTime = stored < this.count ? this.time(stored) : Infinity;
      if (next !== undefined && next.time <= storedTime) {
        merged.push(next);
        fresh++;
        if (next.time === storedTime) stored++;
      } else {
        merged.push(this.at(stored));
        stored++;
      }
    }
    this.capacity = merged.length;
    this.buffer = new Float64Array(merged.length * COLUMNS);
    this.first = 0;
    this.count = 0;
    for (const candle of merged) this.append(candle);
  }
}

/** Candles by time, the last of equal times kept. */
function sortedUnique(candles: readonly Candle[]): readonly Candle[] {
  let ordered = true;
  for (let index = 1; index < candles.length && ordered; index++)
    ordered = (candles[index]?.time ?? 0) > (candles[index - 1]?.time ?? 0);
  if (ordered) return candles;
  const byTime = new Map<number, Candle>();
  for (const candle of candles) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

import type { DatedPrice, MarketHistoryFacts } from '../catalog/catalog-schema.js';

const NOON_MS = 12 * 3_600_000;

export interface Pin {
  /** UTC midnight. */
  time: number;
  /** Log USD price the path passes through at `time`. */
  log: number;
}

function dayStart(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(time)) throw new Error(`bad date ${date}`);
  return time;
}

/** Log units below which room starts to shrink a residual: it keeps a margin under the extremes. */
const SOFTNESS = 0.25;

/**
 * A residual r ≥ 0 fitted into `room`: about r where the room is wide, always at most
 * room · tanh(r / SOFTNESS) — a share of the room — where it is narrow, so only a pin meets the extreme.
 */
function squash(r: number, room: number): number {
  return room <= 0 ? 0 : room * Math.tanh(r / (room + SOFTNESS));
}

/**
 * Pins a coin's simulated log price to its authored history (listing day and first price, all-time low and
 * high, the price a year ago, then the anchor price). Between two pins the path keeps the simulation's own
 * moves as a bridge residual r(t) = x(t) − (the straight line between x at the two pins), added to the straight
 * line between the pinned prices, and squashed so it stays strictly between the all-time low and high: the
 * pins are met exactly, no other instant reaches either extreme, and the map is increasing in x, so candle
 * highs and lows stay consistent at every resolution. After the last pin (the anchor) the path is unpinned.
 */
export class HistoryPins {
  readonly pins: readonly Pin[];
  readonly listedAt: number;
  private readonly low: number;
  private readonly high: number;
  private readonly unpinnedAtPin = new Map<number, number>();

  constructor(
    facts: MarketHistoryFacts,
    anchor: Pin,
    /** The unpinned log price at a UTC midnight. */
    private readonly unpinned: (time: number) => number,
  ) {
    // Listing and year-ago prices are day opens; the extremes are met at noon, so the hours on both sides
    // of them (and so the day's high or low) fall on the authored day.
    const open = (entry: DatedPrice) => ({ time: dayStart(entry.date), log: Math.log(entry.usd) });
    const noon = (entry: DatedPrice) => ({ time: dayStart(entry.date) + NOON_MS, log: Math.log(entry.usd) });
    const dated = [open(facts.listed), noon(facts.atl), noon(facts.ath), open(facts.yearAgo)];
    this.pins = [...dated, anchor].sort((a, b) => a.time - b.time);
    this.listedAt = dayStart(facts.listed.date);
    this.low = Math.log(facts.atl.usd);
    this.high = Math.log(facts.ath.usd);
    if (this.pins[0]?.time !== this.listedAt) throw new Error('the listing must come before every other pin');
    if (this.pins.some((pin, index) => index > 0 && pin.time <= (this.pins[index - 1] as Pin).time))
      throw new Error('pins must be on distinct days');
    if (this.pins.some((pin) => pin.log < this.low - 1e-12 || pin.log > this.high + 1e-12))
      throw new Error('every pinned price must lie between the all-time low and high');
  }

  /** The pinned log price for the unpinned log price `x` at `time`. */
  apply(x: number, time: number): number {
    const first = this.pins[0] as Pin;
    const last = this.pins[this.pins.length - 1] as Pin;
    if (time >= last.time || time < first.time) return x;
    let index = 1;
    while ((this.pins[index] as Pin).time <= time) index += 1;
    const a = this.pins[index - 1] as Pin;
    const b = this.pins[index] as Pin;
    const s = (time - a.time) / (b.time - a.time);
    const xa = this.unpinnedAt(a.time);
    const xb = this.unpinnedAt(b.time);
    const residual = x - (xa + (xb - xa) * s);
    const trend = a.log + (b.log - a.log) * s;
    return residual >= 0
      ? trend + squash(residual, this.high - trend)
      : trend - squash(-residual, trend - this.low);
  }

  /** Bound of `apply(x, t)` over t in [from, to] (buckets are short: the endpoints bound it). */
  applyExtreme(x: number, from: number, to: number, upper: boolean): number {
    const atFrom = this.apply(x, from);
    const atTo = this.apply(x, to);
    return upper ? Math.max(atFrom, atTo) : Math.min(atFrom, atTo);
  }

  private unpinnedAt(time: number): number {
    let value = this.unpinnedAtPin.get(time);
    if (value === undefined) {
      value = this.unpinned(time);
      this.unpinnedAtPin.set(time, value);
    }
    return value;
  }
}

import type { CorroborationPoint, HourlyReading } from './hourly-reading.js';
import type { StoredScorePoint } from './score-reading.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far back a coin's score history goes (one point an hour). */
export const SCORE_HISTORY_HOURS = 30 * 24;

/** The month window: a baseline at least this old, and no older than 31 days. */
const MONTH_BASELINE_MIN_MS = 20 * DAY_MS;
const MONTH_BASELINE_MAX_MS = 31 * DAY_MS;

/**
 * A coin's score an hour apart, oldest first, as time and score interleaved in one Float64Array: 16 bytes a
 * point (an object a point took ~80). Immutable: a new point makes a new history.
 */
export class ScoreHistory {
  static readonly EMPTY = new ScoreHistory(new Float64Array(0));

  private constructor(private readonly cells: Float64Array) {}

  /** A history of the given points, oldest first, keeping the newest `limit`. */
  static of(points: readonly { time: number; score: number }[], limit: number): ScoreHistory {
    const kept = points.slice(Math.max(0, points.length - limit));
    const cells = new Float64Array(kept.length * 2);
    kept.forEach((point, index) => {
      cells[index * 2] = point.time;
      cells[index * 2 + 1] = point.score;
    });
    return new ScoreHistory(cells);
  }

  get length(): number {
    return this.cells.length / 2;
  }

  /** This history with a point appended, keeping at most `limit` points (the oldest go first). */
  withPoint(time: number, score: number, limit: number): ScoreHistory {
    const kept = Math.min(this.length, limit - 1);
    const cells = new Float64Array((kept + 1) * 2);
    cells.set(this.cells.subarray(this.cells.length - kept * 2));
    cells[kept * 2] = time;
    cells[kept * 2 + 1] = score;
    return new ScoreHistory(cells);
  }

  map<T>(point: (time: number, score: number) => T): T[] {
    const out: T[] = [];
    for (let cell = 0; cell < this.cells.length; cell += 2)
      out.push(point(this.cells[cell]!, this.cells[cell + 1]!));
    return out;
  }
}

/**
 * Each coin's first score reading of every hour. Only the last day's are kept whole (what "a day ago" can still
 * find); for 30 days only the score itself is kept, as the history a coin page charts. Keeping every reading
 * whole for 30 days would hold ~230,000 of them (components, flags, social figures) in the default universe,
 * ~120 MB of heap a month after start; this keeps ~8 MB.
 */
export class HourlyScoreReadings {
  private readonly recent = new Map<string, HourlyReading[]>();
  private readonly points = new Map<string, ScoreHistory>();
  /** One corroboration point a day for a month: drip-fed followers hide in a day but not in a month. */
  private readonly daily = new Map<string, CorroborationPoint[]>();

  /** The coin's earliest reading from no more than 25 hours before `now`, null when there is none. */
  dayAgo(coinId: string, now: number): HourlyReading | null {
    return this.recent.get(coinId)?.find((entry) => entry.time >= now - DAY_MS - HOUR_MS) ?? null;
  }

  /** The coin's earliest daily point 20–31 days before `now`, null when the history is shorter. */
  monthAgo(coinId: string, now: number): CorroborationPoint | null {
    const point = this.daily.get(coinId)?.find((entry) => entry.time >= now - MONTH_BASELINE_MAX_MS);
    return point && point.time <= now - MONTH_BASELINE_MIN_MS ? point : null;
  }

  /** The coin's daily points from `from` to `to` (inclusive), oldest first. */
  dailyPoints(coinId: string, from: number, to: number): CorroborationPoint[] {
    return (this.daily.get(coinId) ?? []).filter((entry) => entry.time >= from && entry.time <= to);
  }

  /** The coin's score an hour apart, up to 30 days; the same history until the next hour's point. */
  history(coinId: string): ScoreHistory {
    return this.points.get(coinId) ?? ScoreHistory.EMPTY;
  }

  /**
   * Records the coin's reading for the hour of `now` unless that hour already has one; answers the new entry
   * (to be stored), or null.
   */
  record(coinId: string, now: number, reading: () => Omit<HourlyReading, 'time'>): HourlyReading | null {
    const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
    const recent = this.recent.get(coinId) ?? [];
    if (recent.at(-1)?.time === hour) return null;
    const entry = { time: hour, ...reading() };
    const stale = recent.findIndex((kept) => kept.time >= now - DAY_MS - HOUR_MS);
    recent.splice(0, stale === -1 ? recent.length : stale);
    recent.push(entry);
    this.recent.set(coinId, recent);
    this.points.set(coinId, this.history(coinId).withPoint(hour, entry.reading.score, SCORE_HISTORY_HOURS));
    this.recordDaily(coinId, entry);
    return entry;
  }

  private recordDaily(coinId: string, entry: HourlyReading): void {
    const daily = this.daily.get(coinId) ?? [];
    const last = daily.at(-1);
    if (last && Math.floor(last.time / DAY_MS) === Math.floor(entry.time / DAY_MS)) return;
    const { time, social, activeAddresses24h, verifiedVolumeUsd } = entry;
    daily.push({ time, social, activeAddresses24h, verifiedVolumeUsd });
    const stale = daily.findIndex((kept) => kept.time >= entry.time - MONTH_BASELINE_MAX_MS);
    daily.splice(0, stale === -1 ? daily.length : stale);
    this.daily.set(coinId, daily);
  }

  /**
   * Rebuilds the readings of a restart from stored points (oldest first per coin): the 30-day history, and the
   * whole readings that "a day ago" can still find.
   */
  restore(points: readonly StoredScorePoint[], now: number): void {
    const byCoin = new Map<string, StoredScorePoint[]>();
    for (const point of points) {
      const list = byCoin.get(point.coinId) ?? [];
      list.push(point);
      byCoin.set(point.coinId, list);
    }
    for (const [coinId, list] of byCoin) {
      this.points.set(coinId, ScoreHistory.of(list, SCORE_HISTORY_HOURS));
      const recent: HourlyReading[] = [];
      for (const point of list)
        if (point.whole && point.time >= now - DAY_MS - HOUR_MS) recent.push(point.whole);
      if (recent.length > 0) this.recent.set(coinId, recent);
    }
  }
}

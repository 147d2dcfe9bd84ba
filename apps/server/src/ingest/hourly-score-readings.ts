import type { SocialReading } from '../scoring/coin-factors.js';
import type { ScoreReading } from '../scoring/score-explanation.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far back a coin's score history goes (one point an hour). */
export const SCORE_HISTORY_HOURS = 30 * 24;

/** What a coin looked like at one hourly mark, for "why it moved" and corroboration a day later. */
export interface HourlyReading {
  time: number;
  reading: ScoreReading;
  social: SocialReading | null;
  activeAddresses24h: number | null;
  verifiedVolumeUsd: number;
}

export interface ScorePoint {
  time: number;
  score: number;
}

/**
 * Each coin's first score reading of every hour. Only the last day's are kept whole (what "a day ago" can still
 * find); for 30 days only the score itself is kept, as the history a coin page charts. Keeping every reading
 * whole for 30 days held ~230,000 of them (components, flags, social figures) in the default universe.
 */
export class HourlyScoreReadings {
  private readonly recent = new Map<string, HourlyReading[]>();
  private readonly points = new Map<string, readonly ScorePoint[]>();

  /** The coin's earliest reading from no more than 25 hours before `now`, null when there is none. */
  dayAgo(coinId: string, now: number): HourlyReading | null {
    return this.recent.get(coinId)?.find((entry) => entry.time >= now - DAY_MS - HOUR_MS) ?? null;
  }

  /** The coin's score an hour apart, oldest first, up to 30 days; the same array until the next hour's point. */
  history(coinId: string): readonly ScorePoint[] {
    return this.points.get(coinId) ?? [];
  }

  /** Records the coin's reading for the hour of `now` unless that hour already has one. */
  record(coinId: string, now: number, reading: () => Omit<HourlyReading, 'time'>): void {
    const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
    const recent = this.recent.get(coinId) ?? [];
    if (recent.at(-1)?.time === hour) return;
    const entry = { time: hour, ...reading() };
    const stale = recent.findIndex((kept) => kept.time >= now - DAY_MS - HOUR_MS);
    recent.splice(0, stale === -1 ? recent.length : stale);
    recent.push(entry);
    this.recent.set(coinId, recent);
    const points = this.history(coinId);
    this.points.set(coinId, [
      ...points.slice(Math.max(0, points.length - (SCORE_HISTORY_HOURS - 1))),
      { time: hour, score: entry.reading.score },
    ]);
  }
}

import { describe, expect, it } from 'vitest';

import { HourlyScoreReadings, SCORE_HISTORY_HOURS } from './hourly-score-readings.js';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 1);

function readingWithScore(score: number) {
  return () => ({
    reading: { score, components: { liquidity: 0.5 } as never, flags: [] },
    social: null,
    activeAddresses24h: null,
    verifiedVolumeUsd: 1_000,
  });
}

describe('HourlyScoreReadings', () => {
  it('keeps one corroboration point a day and finds the one 20–31 days back', () => {
    const readings = new HourlyScoreReadings();
    const DAY = 24 * HOUR;
    for (let hour = 0; hour < 40 * 24; hour += 6)
      readings.record('bitcoin', START + hour * HOUR, readingWithScore(hour));
    // Day 40: the earliest daily point no more than 31 days old is day 9's first reading.
    const now = START + 40 * DAY;
    expect(readings.monthAgo('bitcoin', now)?.time).toBe(START + 9 * DAY);
    // Nineteen days of history are not a month.
    expect(readings.monthAgo('bitcoin', START + 19 * DAY)).toBeNull();
    expect(readings.monthAgo('ethereum', now)).toBeNull();
  });

  it('hands out the daily points of a span, one a day', () => {
    const readings = new HourlyScoreReadings();
    const DAY = 24 * HOUR;
    for (let hour = 0; hour < 10 * 24; hour += 6)
      readings.record('bitcoin', START + hour * HOUR, readingWithScore(hour));
    const now = START + 10 * DAY;
    expect(
      readings.dailyPoints('bitcoin', now - 7 * DAY, now - 12 * HOUR).map((point) => point.time),
    ).toEqual([3, 4, 5, 6, 7, 8, 9].map((day) => START + day * DAY));
    expect(readings.dailyPoints('ethereum', now - 7 * DAY, now)).toEqual([]);
  });

  it('keeps the first reading of each hour and finds the one a day ago', () => {
    const readings = new HourlyScoreReadings();
    for (let hour = 0; hour <= 30; hour++) {
      readings.record('bitcoin', START + hour * HOUR + 60_000, readingWithScore(hour));
      // A later run in the same hour does not replace it.
      readings.record('bitcoin', START + hour * HOUR + 30 * 60_000, readingWithScore(-1));
    }
    const now = START + 30 * HOUR + 60_000;
    // The earliest reading no more than 25 hours old: the one of hour 6 (hour 5 is 25 h 1 min old).
    expect(readings.dayAgo('bitcoin', now)?.time).toBe(START + 6 * HOUR);
    expect(readings.dayAgo('bitcoin', now)?.reading.score).toBe(6);
    expect(readings.dayAgo('ethereum', now)).toBeNull();
    expect(readings.history('bitcoin').map((_, score) => score)).toEqual(
      Array.from({ length: 31 }, (_, hour) => hour),
    );
  });

  it('keeps 30 days of scores but whole readings only as far back as a day ago can reach', () => {
    const readings = new HourlyScoreReadings();
    const hours = SCORE_HISTORY_HOURS + 50;
    for (let hour = 0; hour < hours; hour++)
      readings.record('bitcoin', START + hour * HOUR, readingWithScore(hour));
    const history = readings.history('bitcoin').map((time, score) => ({ time, score }));
    expect(history).toHaveLength(SCORE_HISTORY_HOURS);
    expect(history[0]).toEqual({ time: START + 50 * HOUR, score: 50 });
    expect(history.at(-1)).toEqual({ time: START + (hours - 1) * HOUR, score: hours - 1 });
    const now = START + (hours - 1) * HOUR;
    expect(readings.dayAgo('bitcoin', now)?.time).toBe(now - 25 * HOUR);
    // What the readings hold whole: the last 26 hours, not 30 days.
    expect((readings as unknown as { recent: Map<string, unknown[]> }).recent.get('bitcoin')?.length).toBe(
      26,
    );
  });

  it('hands out the same history until an hour adds a point', () => {
    const readings = new HourlyScoreReadings();
    readings.record('bitcoin', START, readingWithScore(1));
    const first = readings.history('bitcoin');
    readings.record('bitcoin', START + 10 * 60_000, readingWithScore(2));
    expect(readings.history('bitcoin')).toBe(first);
    readings.record('bitcoin', START + HOUR, readingWithScore(3));
    expect(readings.history('bitcoin')).not.toBe(first);
    expect(first.length).toBe(1);
    expect(readings.history('bitcoin').map((time, score) => [time, score])).toEqual([
      [START, 1],
      [START + HOUR, 3],
    ]);
  });
});

/**
 * Candles from CoinGecko's two chart endpoints. Neither serves candles at our resolutions directly:
 *
 * | `days` asked | `/coins/{id}/market_chart` (auto granularity) | `/coins/{id}/ohlc` candle body |
 * |--------------|-----------------------------------------------|--------------------------------|
 * | 1            | 5-minutely points                             | 30 minutes                     |
 * | 2 – 90       | hourly points                                 | 4 hours (`days` 7, 14, 30), 4 days (90) |
 * | above 90     | daily points at 00:00 UTC                     | 4 days (180, 365)              |
 *
 * (`/ohlc` accepts only days 1, 7, 14, 30, 90, 180, 365 and stamps each row with its **close** time; the Demo
 * plan serves at most 365 days of history; neither endpoint has minute data.)
 *
 * The plan per resolution:
 * - `1m`: nothing (CoinGecko has no minute data) → `[]`.
 * - `5m`: market_chart `days=1` (5-minutely) → the last 24 h only.
 * - `1h`: within the last day, `/ohlc?days=1` (30-minute bodies, two per hour: exact open/high/low/close)
 *   plus market_chart `days=1` for volumes; further back, market_chart hourly points (up to 90 days).
 * - `1d`: within 30 days, `/ohlc?days=7|14|30` (4-hour bodies, merged into UTC days) plus market_chart for
 *   volumes; further back, market_chart hourly (≤ 90 days) or daily points (up to `maxHistoryDays`).
 *
 * From points, a candle's open is the previous point's price (the last known price when the interval began),
 * close the last point inside it, high/low the extremes of those; a point stamped t closes the interval
 * containing t − 1 ms, so a daily point at 00:00 closes the day before. Volume is an **estimate**: CoinGecko
 * publishes a rolling 24 h volume at each point, so an interval's USD turnover is the mean 24 h volume of
 * its points × interval / 24 h (exact for daily points), and base volume is that turnover ÷ the typical price.
 * Only closed candles (end ≤ now) inside [from, to) are returned.
 */
import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';

const DAY_MS = 86_400_000;
const OHLC_DAYS = [1, 7, 14, 30, 90, 180, 365] as const;
export type OhlcDays = (typeof OHLC_DAYS)[number];

export type CandlePlan =
  | { kind: 'none' }
  | { kind: 'market_chart'; days: number; from: number }
  | { kind: 'ohlc'; ohlcDays: OhlcDays; bodyMs: number; chartDays: number; from: number };

/** What to ask CoinGecko for `resolution` over [from, now]; `from` is clamped to what the endpoint can serve. */
export function planCandles(
  resolution: Resolution,
  from: number,
  now: number,
  maxHistoryDays: number,
): CandlePlan {
  const daysBack = Math.max(1, Math.ceil((now - from) / DAY_MS));
  switch (resolution) {
    case '1m':
      return { kind: 'none' };
    case '5m':
      return { kind: 'market_chart', days: 1, from: Math.max(from, now - DAY_MS) };
    case '1h':
      if (daysBack <= 1) return { kind: 'ohlc', ohlcDays: 1, bodyMs: ohlcBodyMs(1), chartDays: 1, from };
      return { kind: 'market_chart', days: Math.min(90, daysBack), from: Math.max(from, now - 90 * DAY_MS) };
    case '1d': {
      const days = Math.min(maxHistoryDays, daysBack + 1);
      const clampedFrom = Math.max(from, now - maxHistoryDays * DAY_MS);
      const ohlcDays = OHLC_DAYS.find((candidate) => candidate >= days);
      if (ohlcDays !== undefined && ohlcDays <= 30)
        return {
          kind: 'ohlc',
          ohlcDays,
          bodyMs: ohlcBodyMs(ohlcDays),
          chartDays: ohlcDays,
          from: clampedFrom,
        };
      return { kind: 'market_chart', days, from: clampedFrom };
    }
  }
}

/** The candle body `/ohlc` answers with for `days` (CoinGecko's documented auto granularity). */
export function ohlcBodyMs(days: number): number {
  if (days <= 2) return 30 * 60_000;
  if (days <= 30) return 4 * 3_600_000;
  return 4 * DAY_MS;
}

/** The point spacing `/market_chart` answers with for `days`. */
export function marketChartStepMs(days: number): number {
  if (days <= 1) return 5 * 60_000;
  if (days <= 90) return 3_600_000;
  return DAY_MS;
}

type Point = readonly [number, number | null, ...unknown[]];

interface Bucket {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Candles built from price points (see the module comment). */
export function candlesFromPoints(
  prices: readonly Point[],
  volumes: readonly Point[],
  resolution: Resolution,
  from: number,
  to: number,
  now: number,
): Candle[] {
  const size = RESOLUTION_MS[resolution];
  const sorted = usable(prices);
  const buckets = new Map<number, Bucket>();
  let previous: number | null = null;
  for (const [time, price] of sorted) {
    const start = bucketOfClose(time, size);
    const bucket = buckets.get(start);
    if (bucket) {
      bucket.high = Math.max(bucket.high, price);
      bucket.low = Math.min(bucket.low, price);
      bucket.close = price;
    } else {
      const open = previous ?? price;
      buckets.set(start, {
        time: start,
        open,
        high: Math.max(open, price),
        low: Math.min(open, price),
        close: price,
      });
    }
    previous = price;
  }
  return finish(buckets, volumes, size, from, to, now);
}

/** Candles merged from `/ohlc` rows of body `bodyMs` (each stamped with its close time). */
export function candlesFromOhlc(
  rows: readonly (readonly [number, number, number, number, number, ...unknown[]])[],
  bodyMs: number,
  volumes: readonly Point[],
  resolution: Resolution,
  from: number,
  to: number,
  now: number,
): Candle[] {
  const size = RESOLUTION_MS[resolution];
  const sorted = rows
    .filter((row) => row.slice(0, 5).every((value) => typeof value === 'number' && Number.isFinite(value)))
    .toSorted((a, b) => a[0] - b[0]);
  const buckets = new Map<number, Bucket>();
  for (const [closeTime, open, high, low, close] of sorted) {
    const start = Math.floor((closeTime - bodyMs) / size) * size;
    const bucket = buckets.get(start);
    if (bucket) {
      bucket.high = Math.max(bucket.high, high);
      bucket.low = Math.min(bucket.low, low);
      bucket.close = close;
    } else {
      buckets.set(start, { time: start, open, high, low, close });
    }
  }
  return finish(buckets, volumes, size, from, to, now);
}

/** Start of the interval a value stamped `time` closes (it describes the moment just before `time`). */
function bucketOfClose(time: number, size: number): number {
  return Math.floor((time - 1) / size) * size;
}

function usable(points: readonly Point[]): [number, number][] {
  const result: [number, number][] = [];
  for (const [time, value] of points)
    if (Number.isFinite(time) && typeof value === 'number' && Number.isFinite(value) && value > 0)
      result.push([time, value]);
  return result.sort((a, b) => a[0] - b[0]);
}

function finish(
  buckets: Map<number, Bucket>,
  volumes: readonly Point[],
  size: number,
  from: number,
  to: number,
  now: number,
): Candle[] {
  const volumeSums = new Map<number, { sum: number; count: number }>();
  for (const [time, volume] of usable(volumes)) {
    const start = bucketOfClose(time, size);
    const entry = volumeSums.get(start) ?? { sum: 0, count: 0 };
    entry.sum += volume;
    entry.count++;
    volumeSums.set(start, entry);
  }
  const candles: Candle[] = [];
  for (const bucket of [...buckets.values()].sort((a, b) => a.time - b.time)) {
    if (bucket.time < from || bucket.time >= to || bucket.time + size > now) continue;
    const volume24h = volumeSums.get(bucket.time);
    const amount = volume24h ? (volume24h.sum / volume24h.count) * (size / DAY_MS) : 0;
    const typical = (bucket.high + bucket.low + bucket.close) / 3;
    candles.push({ ...bucket, volume: typical > 0 ? amount / typical : 0, amount });
  }
  return candles;
}

import { describe, expect, it } from 'vitest';

import {
  candlesFromOhlc,
  candlesFromPoints,
  marketChartStepMs,
  ohlcBodyMs,
  planCandles,
} from './coingecko-candles.js';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('CoinGecko candle plan', () => {
  it('documents the granularity CoinGecko answers for each days value', () => {
    expect([1, 2, 90, 91, 365].map(marketChartStepMs)).toEqual([300_000, HOUR, HOUR, DAY, DAY]);
    expect([1, 2, 7, 30, 90, 365].map(ohlcBodyMs)).toEqual([
      1_800_000,
      1_800_000,
      4 * HOUR,
      4 * HOUR,
      4 * DAY,
      4 * DAY,
    ]);
  });

  it('chooses the endpoint and days by resolution and range', () => {
    expect(planCandles('1m', NOW - HOUR, NOW, 365)).toEqual({ kind: 'none' });
    expect(planCandles('5m', NOW - 3 * DAY, NOW, 365)).toEqual({
      kind: 'market_chart',
      days: 1,
      from: NOW - DAY,
    });
    expect(planCandles('1h', NOW - 6 * HOUR, NOW, 365)).toEqual({
      kind: 'ohlc',
      ohlcDays: 1,
      bodyMs: 1_800_000,
      chartDays: 1,
      from: NOW - 6 * HOUR,
    });
    expect(planCandles('1h', NOW - 8 * DAY, NOW, 365)).toEqual({
      kind: 'market_chart',
      days: 8,
      from: NOW - 8 * DAY,
    });
    expect(planCandles('1h', NOW - 200 * DAY, NOW, 365)).toEqual({
      kind: 'market_chart',
      days: 90,
      from: NOW - 90 * DAY,
    });
    expect(planCandles('1d', NOW - 10 * DAY, NOW, 365)).toEqual({
      kind: 'ohlc',
      ohlcDays: 14,
      bodyMs: 4 * HOUR,
      chartDays: 14,
      from: NOW - 10 * DAY,
    });
    expect(planCandles('1d', NOW - 60 * DAY, NOW, 365)).toEqual({
      kind: 'market_chart',
      days: 61,
      from: NOW - 60 * DAY,
    });
    expect(planCandles('1d', NOW - 5 * 365 * DAY, NOW, 365)).toEqual({
      kind: 'market_chart',
      days: 365,
      from: NOW - 365 * DAY,
    });
  });
});

describe('candles from market_chart points', () => {
  it('daily points at 00:00 UTC close the day before; the 24 h volume at the next midnight is that day', () => {
    const day0 = Date.parse('2025-02-25T00:00:00Z');
    const prices: [number, number][] = [
      [day0, 100],
      [day0 + DAY, 110],
      [day0 + 2 * DAY, 105],
      [day0 + 3 * DAY, 120],
      [day0 + 3 * DAY + 5 * HOUR, 118], // the live point of today: today's candle is still open
    ];
    const volumes: [number, number][] = prices.map(([time], index) => [time, 1_000 * (index + 1)]);
    const now = day0 + 3 * DAY + 5 * HOUR;
    const candles = candlesFromPoints(prices, volumes, '1d', day0, now, now);
    expect(candles).toEqual([
      {
        time: day0,
        open: 100,
        high: 110,
        low: 100,
        close: 110,
        amount: 2_000,
        volume: 2_000 / ((110 + 100 + 110) / 3),
      },
      {
        time: day0 + DAY,
        open: 110,
        high: 110,
        low: 105,
        close: 105,
        amount: 3_000,
        volume: 3_000 / ((110 + 105 + 105) / 3),
      },
      {
        time: day0 + 2 * DAY,
        open: 105,
        high: 120,
        low: 105,
        close: 120,
        amount: 4_000,
        volume: 4_000 / ((120 + 105 + 120) / 3),
      },
    ]);
  });

  it('aggregates hourly points into days with intraday extremes and skips unusable points', () => {
    const day0 = Date.parse('2025-02-27T00:00:00Z');
    const prices: [number, number | null][] = [[day0 - HOUR, 50]];
    for (let hour = 1; hour <= 24; hour++)
      prices.push([day0 + hour * HOUR - 60_000, hour === 12 ? 80 : hour === 13 ? null : 50 + hour]);
    prices.push([day0 + 10 * HOUR, Number.NaN], [day0 + 11 * HOUR, -1]);
    const [candle] = candlesFromPoints(prices, [], '1d', day0, day0 + DAY, day0 + DAY);
    expect(candle).toEqual({ time: day0, open: 50, high: 80, low: 50, close: 74, amount: 0, volume: 0 });
  });

  it('keeps only closed candles inside [from, to)', () => {
    const prices: [number, number][] = Array.from({ length: 10 }, (_, index) => [
      NOW - 9 * 300_000 + index * 300_000,
      100 + index,
    ]);
    const candles = candlesFromPoints(prices, [], '5m', NOW - 20 * 60_000, NOW - 5 * 60_000, NOW);
    expect(candles.map((candle) => (candle.time - NOW) / 60_000)).toEqual([-20, -15, -10]);
  });
});

describe('candles from /ohlc rows', () => {
  it('merges 30-minute bodies (stamped with their close time) into hours', () => {
    const rows: [number, number, number, number, number][] = [
      [NOW - 90 * 60_000, 10, 12, 9, 11],
      [NOW - 60 * 60_000, 11, 13, 10, 12],
      [NOW - 30 * 60_000, 12, 15, 11, 14],
      [NOW, 14, 14, 8, 9],
    ];
    const volumes: [number, number][] = [
      [NOW - 30 * 60_000, 2_400],
      [NOW, 4_800],
    ];
    const candles = candlesFromOhlc(rows, 1_800_000, volumes, '1h', NOW - 2 * HOUR, NOW, NOW);
    expect(candles).toEqual([
      { time: NOW - 2 * HOUR, open: 10, high: 13, low: 9, close: 12, amount: 0, volume: 0 },
      {
        time: NOW - HOUR,
        open: 12,
        high: 15,
        low: 8,
        close: 9,
        amount: 150,
        volume: 150 / ((15 + 8 + 9) / 3),
      },
    ]);
  });

  it('merges 4-hour bodies into UTC days', () => {
    const day0 = Date.parse('2025-02-27T00:00:00Z');
    const rows: [number, number, number, number, number][] = Array.from({ length: 6 }, (_, index) => [
      day0 + (index + 1) * 4 * HOUR,
      100 + index,
      110 + index,
      90 - index,
      101 + index,
    ]);
    const [candle] = candlesFromOhlc(rows, 4 * HOUR, [], '1d', day0, day0 + DAY, day0 + DAY);
    expect(candle).toMatchObject({ time: day0, open: 100, high: 115, low: 85, close: 106 });
  });
});

import { describe, expect, it } from 'vitest';

import type { Candle } from '@coinlens/market-model';
import { bucketStart, rollUp } from './candle-rollup.js';

const minute = (
  index: number,
  open: number,
  close: number,
  high = Math.max(open, close),
  low = Math.min(open, close),
): Candle => ({
  time: Date.UTC(2026, 10, 22, 10, 0) + index * 60_000,
  open,
  close,
  high,
  low,
  volume: 1,
  amount: close,
});

describe('rollUp', () => {
  it('turns five 1m candles into one 5m candle with first open, last close, extremes and sums', () => {
    const candles = [
      minute(0, 10, 11),
      minute(1, 11, 9, 12, 8.5),
      minute(2, 9, 10),
      minute(3, 10, 10),
      minute(4, 10, 13),
    ];
    expect(rollUp(candles, '5m')).toEqual([
      { time: Date.UTC(2026, 10, 22, 10, 0), open: 10, close: 13, high: 13, low: 8.5, volume: 5, amount: 53 },
    ]);
  });

  it('splits at bucket boundaries and keeps the filling bucket partial', () => {
    const rolled = rollUp([minute(4, 1, 2), minute(5, 2, 3), minute(6, 3, 4)], '5m');
    expect(rolled.map((candle) => [candle.open, candle.close, candle.volume])).toEqual([
      [1, 2, 1],
      [2, 4, 2],
    ]);
  });

  it('does not depend on input order', () => {
    const candles = [minute(2, 3, 4), minute(0, 1, 2), minute(1, 2, 3)];
    expect(rollUp(candles, '1h')[0]).toMatchObject({ open: 1, close: 4 });
  });

  it('aligns buckets to UTC boundaries', () => {
    expect(bucketStart(Date.UTC(2026, 10, 22, 10, 7, 30), '5m')).toBe(Date.UTC(2026, 10, 22, 10, 5));
    expect(bucketStart(Date.UTC(2026, 10, 22, 10, 7, 30), '1d')).toBe(Date.UTC(2026, 10, 22));
  });
});

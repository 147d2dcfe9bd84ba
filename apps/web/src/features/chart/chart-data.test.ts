import { describe, expect, it } from 'vitest';

import {
  candleData,
  chartTime,
  epochFromChartTime,
  lineData,
  priceDecimals,
  rangeDirection,
} from './chart-data';

const at = (iso: string) => Date.parse(iso);
const candle = (iso: string, open: number, close: number) => ({
  time: at(iso),
  open,
  high: Math.max(open, close) + 1,
  low: Math.min(open, close) - 1,
  close,
});

describe('chart data', () => {
  it('shifts times to UTC+8 wall time in seconds and back', () => {
    expect(chartTime(at('2026-11-24T00:00:00Z'))).toBe(at('2026-11-24T08:00:00Z') / 1000);
    expect(epochFromChartTime(chartTime(at('2026-11-24T00:00:00Z')))).toBe(at('2026-11-24T00:00:00Z'));
  });

  it('orders candles and drops repeated times', () => {
    const data = [
      candle('2026-11-24T01:00:00Z', 2, 3),
      candle('2026-11-24T00:00:00Z', 1, 2),
      candle('2026-11-24T01:00:00Z', 9, 9),
    ];
    expect(lineData(data).map((point) => point.value)).toEqual([2, 3]);
    expect(candleData(data)[0]).toEqual({
      time: chartTime(at('2026-11-24T00:00:00Z')),
      open: 1,
      high: 3,
      low: 0,
      close: 2,
    });
  });

  it('colours a range by its first open and last close', () => {
    expect(
      rangeDirection([candle('2026-11-24T00:00:00Z', 10, 9), candle('2026-11-24T01:00:00Z', 9, 11)]),
    ).toBe('up');
    expect(rangeDirection([candle('2026-11-24T00:00:00Z', 10, 9)])).toBe('down');
    expect(rangeDirection([])).toBe('up');
  });

  it('keeps four significant digits for small prices', () => {
    expect(priceDecimals(72000)).toBe(2);
    expect(priceDecimals(0.5)).toBe(4);
    expect(priceDecimals(0.0001234)).toBe(7);
  });
});

import { DISPLAY_UTC_OFFSET_HOURS } from '@coinlens/contract';

export interface CandleInput {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export type ChartKind = 'line' | 'candles';

const OFFSET_SECONDS = DISPLAY_UTC_OFFSET_HOURS * 3600;

/**
 * Chart time in seconds, shifted to UTC+8 wall time: the chart library prints times as UTC, and the app shows
 * every time in UTC+8 (decision D3).
 */
export function chartTime(epochMs: number): number {
  return Math.floor(epochMs / 1000) + OFFSET_SECONDS;
}

/** Back from a chart time to epoch milliseconds. */
export function epochFromChartTime(time: number): number {
  return (time - OFFSET_SECONDS) * 1000;
}

/** Candles sorted by time with duplicate times dropped (the library requires strictly increasing times). */
function ordered(candles: readonly CandleInput[]): CandleInput[] {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  return sorted.filter(
    (candle, index) => index === 0 || chartTime(candle.time) !== chartTime(sorted[index - 1]!.time),
  );
}

export function lineData(candles: readonly CandleInput[]): { time: number; value: number }[] {
  return ordered(candles).map((candle) => ({ time: chartTime(candle.time), value: candle.close }));
}

export function candleData(
  candles: readonly CandleInput[],
): { time: number; open: number; high: number; low: number; close: number }[] {
  return ordered(candles).map((candle) => ({
    time: chartTime(candle.time),
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
  }));
}

/** The direction of the whole range: the line's colour. */
export function rangeDirection(candles: readonly CandleInput[]): 'up' | 'down' {
  const list = ordered(candles);
  const first = list[0];
  const last = list[list.length - 1];
  return first && last && last.close < first.open ? 'down' : 'up';
}

/** Decimals that keep four significant digits for small prices (0.0001234) and two from 1 up. */
export function priceDecimals(price: number): number {
  if (!Number.isFinite(price) || price <= 0 || price >= 1) return 2;
  return Math.min(12, 3 - Math.floor(Math.log10(price)));
}

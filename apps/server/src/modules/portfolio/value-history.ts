import type { PortfolioHistoryRange } from '@coinlens/contract';
import type { Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';

const DAY_MS = 86_400_000;

/**
 * Each range's candles and point spacing: day 5-minute (288 points), week hourly (168), month every 4 hours
 * (180), year daily (365), all daily from the first transaction (spaced wider past 500 points).
 */
export const HISTORY_WINDOWS: Readonly<
  Record<PortfolioHistoryRange, { resolution: Resolution; spanMs: number | null; stepMs: number }>
> = {
  day: { resolution: '5m', spanMs: DAY_MS, stepMs: RESOLUTION_MS['5m'] },
  week: { resolution: '1h', spanMs: 7 * DAY_MS, stepMs: RESOLUTION_MS['1h'] },
  month: { resolution: '1h', spanMs: 30 * DAY_MS, stepMs: 4 * RESOLUTION_MS['1h'] },
  year: { resolution: '1d', spanMs: 365 * DAY_MS, stepMs: DAY_MS },
  all: { resolution: '1d', spanMs: null, stepMs: DAY_MS },
};
export const HISTORY_MAX_POINTS = 500;

/** The points of a range: every multiple of `stepMs` from `gridFrom` up to, not including, `gridEnd`, then now. */
export interface HistoryGrid {
  resolution: Resolution;
  stepMs: number;
  gridFrom: number;
  /** The first grid time at or after now: the grid changes when now passes it. */
  gridEnd: number;
}

/** The grid of `range` at `now`; `firstTime` is the first transaction's (null: none). */
export function historyGrid(
  range: PortfolioHistoryRange,
  firstTime: number | null,
  now: number,
): HistoryGrid {
  const window = HISTORY_WINDOWS[range];
  const from = window.spanMs === null ? (firstTime ?? now) : now - window.spanMs;
  const stepMs =
    window.spanMs === null
      ? Math.max(window.stepMs, Math.ceil((now - from) / HISTORY_MAX_POINTS / DAY_MS) * DAY_MS)
      : window.stepMs;
  return {
    resolution: window.resolution,
    stepMs,
    gridFrom: Math.floor(from / stepMs) * stepMs,
    gridEnd: Math.ceil(now / stepMs) * stepMs,
  };
}

/** One coin: the amount held after each of its transactions, and its prices (US dollars), both oldest first. */
export interface CoinHistory {
  holdings: readonly { time: number; amount: number }[];
  /** A candle's start time and its close. */
  closes: readonly { time: number; close: number }[];
}

/** One coin now: the amount held and its price (US dollars); the last close stands in for an unknown price. */
export interface CoinNow {
  amount: number;
  priceNow: number | null;
  lastClose: number | null;
}

export interface HistoryPoint {
  time: number;
  value: number;
}

/** The index of the last entry with time ≤ `time`, moving `from` forward (entries are oldest first). */
function advance(entries: readonly { time: number }[], from: number, time: number): number {
  let index = from;
  while (index + 1 < entries.length && (entries[index + 1]?.time ?? Infinity) <= time) index++;
  return index;
}

/**
 * The portfolio's value in US dollars at every grid time from `from` up to `now` (each point: the amounts held
 * by the end of that step × the latest close at or before it). Points before the first transaction are left out.
 */
export function gridValues(
  coins: readonly CoinHistory[],
  from: number,
  now: number,
  stepMs: number,
): HistoryPoint[] {
  const first = Math.min(...coins.map((coin) => coin.holdings[0]?.time ?? Infinity));
  if (!Number.isFinite(first)) return [];
  const start = Math.max(from, Math.floor(first / stepMs) * stepMs);
  const cursors = coins.map(() => ({ holding: -1, close: -1 }));
  const points: HistoryPoint[] = [];
  for (let time = start; time < now; time += stepMs) {
    const end = Math.min(time + stepMs, now);
    let value = 0;
    coins.forEach((coin, index) => {
      const cursor = cursors[index] ?? { holding: -1, close: -1 };
      // Held by the end of the step: the last transaction before `end`.
      cursor.holding = advance(coin.holdings, cursor.holding, end - 1);
      cursor.close = advance(coin.closes, cursor.close, time);
      const amount = coin.holdings[cursor.holding]?.amount ?? 0;
      const close = coin.closes[cursor.close]?.close ?? coin.closes[0]?.close ?? 0;
      value += amount * close;
    });
    points.push({ time, value });
  }
  return points;
}

/** The portfolio's value now in US dollars, at the current prices. */
export function valueNow(coins: readonly CoinNow[]): number {
  return coins.reduce((sum, coin) => sum + coin.amount * (coin.priceNow ?? coin.lastClose ?? 0), 0);
}

import { describe, expect, it } from 'vitest';

import type { Candle } from '@coinlens/market-model';
import { DailyHistory, RECENT_DAYS } from './daily-history.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 30, 12);

/** Five years of daily candles on a seeded random walk, oldest first. */
function years(count = 5 * 365, seed = 7): Candle[] {
  let state = seed;
  const random = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  let price = 100;
  const first = Math.floor(NOW / DAY) * DAY - (count - 1) * DAY;
  return Array.from({ length: count }, (_, index) => {
    const open = price;
    price *= Math.exp(0.05 * (random() - 0.5));
    return {
      time: first + index * DAY,
      open,
      close: price,
      high: Math.max(open, price) * (1 + 0.02 * random()),
      low: Math.min(open, price) * (1 - 0.02 * random()),
      volume: 1,
      amount: price,
    };
  });
}

/** The extremes over every candle, the earlier candle winning a tie, as the whole series gave them. */
function extremesOf(candles: readonly Candle[]) {
  let high = { price: -Infinity, at: 0 };
  let low = { price: Infinity, at: 0 };
  for (const candle of candles) {
    if (candle.high > high.price) high = { price: candle.high, at: candle.time };
    if (candle.low < low.price) low = { price: candle.low, at: candle.time };
  }
  return { high, low };
}

describe('the daily history', () => {
  it('keeps the recent days whole and, of years before, the same first day and extremes as all of them', () => {
    const candles = years();
    const history = DailyHistory.of(candles, NOW);
    expect(history.recent.length).toBeLessThanOrEqual(RECENT_DAYS + 1);
    expect(history.recent.toArray()).toEqual(
      candles.filter((candle) => candle.time >= NOW - RECENT_DAYS * DAY),
    );
    expect(history.firstDay).toEqual({ time: candles[0]!.time, open: candles[0]!.open });
    const expected = extremesOf(candles);
    // The walk's extremes fall in the folded years for this seed: the summary, not the window, answers.
    expect(expected.high.at).toBeLessThan(NOW - RECENT_DAYS * DAY);
    expect(history.extremes()).toEqual(expected);
  });

  it('answers the same whatever order the history arrives in: recent days first, the back-fill, then day by day', () => {
    const candles = years(3 * 365, 11);
    const history = new DailyHistory();
    const today = candles.length - 30;
    history.merge(candles.slice(today - 10, today), candles[today - 1]!.time);
    history.merge(candles.slice(0, today), candles[today - 1]!.time);
    for (let index = today; index < candles.length; index++)
      history.merge([candles[index]!], candles[index]!.time);
    expect(history.firstDay).toEqual({ time: candles[0]!.time, open: candles[0]!.open });
    expect(history.extremes()).toEqual(extremesOf(candles));
    expect(history.recent.length).toBeLessThanOrEqual(RECENT_DAYS + 1);
  });

  it('follows a new extreme in the recent days, and a re-rolled day that takes it back', () => {
    const candles = years(400, 5);
    const history = DailyHistory.of(candles, NOW);
    const last = candles.at(-1)!;
    const peak = { ...last, high: 10 * extremesOf(candles).high.price };
    history.merge([peak], NOW);
    expect(history.extremes()!.high).toEqual({ price: peak.high, at: last.time });
    history.merge([last], NOW);
    expect(history.extremes()).toEqual(extremesOf(candles));
  });

  it('has no first day and no extremes before any candle', () => {
    const history = new DailyHistory();
    expect(history.firstDay).toBeNull();
    expect(history.extremes()).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { gridValues, historyGrid, valueNow } from './value-history.js';

const HOUR = 3_600_000;

describe('the value history', () => {
  it('values each step at the amounts held by its end × the latest close, and now at the current prices', () => {
    const points = gridValues(
      [
        {
          // 2 coins bought during the second hour, 1 sold during the fourth.
          holdings: [
            { time: HOUR + 10, amount: 2 },
            { time: 3 * HOUR + 5, amount: 1 },
          ],
          closes: [
            { time: 0, close: 10 },
            { time: HOUR, close: 11 },
            { time: 2 * HOUR, close: 12 },
            { time: 3 * HOUR, close: 13 },
          ],
        },
        {
          // Held from the start; no candle before 2 h, so the first close stands in.
          holdings: [{ time: 0, amount: 3 }],
          closes: [{ time: 2 * HOUR, close: 100 }],
        },
      ],
      0,
      4 * HOUR + 30,
      HOUR,
    );
    expect(points).toEqual([
      { time: 0, value: 0 * 10 + 3 * 100 },
      { time: HOUR, value: 2 * 11 + 3 * 100 },
      { time: 2 * HOUR, value: 2 * 12 + 3 * 100 },
      { time: 3 * HOUR, value: 1 * 13 + 3 * 100 },
      { time: 4 * HOUR, value: 1 * 13 + 3 * 100 },
    ]);
    expect(
      valueNow([
        { amount: 1, priceNow: 14, lastClose: 13 },
        { amount: 3, priceNow: null, lastClose: 100 },
        { amount: 5, priceNow: null, lastClose: null },
      ]),
    ).toBe(1 * 14 + 3 * 100);
  });

  it('starts at the step of the first transaction, and is empty without any', () => {
    const coin = {
      holdings: [{ time: 5 * HOUR + 1, amount: 1 }],
      closes: [{ time: 0, close: 1 }],
    };
    expect(gridValues([coin], 0, 7 * HOUR + 1, HOUR).map((point) => point.time)).toEqual([
      5 * HOUR,
      6 * HOUR,
      7 * HOUR,
    ]);
    expect(gridValues([], 0, 7 * HOUR, HOUR)).toEqual([]);
  });

  it('lays each range on its grid; all: daily from the first transaction, wider past 500 points', () => {
    const now = Date.UTC(2026, 10, 29, 15, 7, 30);
    const DAY = 24 * HOUR;
    expect(historyGrid('day', null, now)).toEqual({
      resolution: '5m',
      stepMs: 300_000,
      gridFrom: Date.UTC(2026, 10, 28, 15, 5),
      gridEnd: Date.UTC(2026, 10, 29, 15, 10),
    });
    expect(historyGrid('all', now - 100 * DAY, now)).toMatchObject({
      stepMs: DAY,
      gridEnd: Date.UTC(2026, 10, 30),
    });
    expect(historyGrid('all', now - 1_000 * DAY, now).stepMs).toBe(2 * DAY);
  });
});

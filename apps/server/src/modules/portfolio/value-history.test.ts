import { describe, expect, it } from 'vitest';

import { valueHistory } from './value-history.js';

const HOUR = 3_600_000;

describe('the value history', () => {
  it('values each step at the amounts held by its end × the latest close, then now at the current prices', () => {
    const points = valueHistory(
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
          priceNow: 14,
        },
        {
          // Held from the start; no candle before 2 h, so the first close stands in.
          holdings: [{ time: 0, amount: 3 }],
          closes: [{ time: 2 * HOUR, close: 100 }],
          priceNow: 101,
        },
      ],
      0,
      4 * HOUR + 30,
      HOUR,
      2,
    );
    expect(points).toEqual([
      { time: 0, value: (0 * 10 + 3 * 100) * 2 },
      { time: HOUR, value: (2 * 11 + 3 * 100) * 2 },
      { time: 2 * HOUR, value: (2 * 12 + 3 * 100) * 2 },
      { time: 3 * HOUR, value: (1 * 13 + 3 * 100) * 2 },
      { time: 4 * HOUR, value: (1 * 13 + 3 * 100) * 2 },
      { time: 4 * HOUR + 30, value: (1 * 14 + 3 * 101) * 2 },
    ]);
  });

  it('starts at the step of the first transaction, and is empty without any', () => {
    const coin = {
      holdings: [{ time: 5 * HOUR + 1, amount: 1 }],
      closes: [{ time: 0, close: 1 }],
      priceNow: 1,
    };
    expect(valueHistory([coin], 0, 7 * HOUR, HOUR, 1).map((point) => point.time)).toEqual([
      5 * HOUR,
      6 * HOUR,
      7 * HOUR,
    ]);
    expect(valueHistory([], 0, 7 * HOUR, HOUR, 1)).toEqual([]);
  });
});

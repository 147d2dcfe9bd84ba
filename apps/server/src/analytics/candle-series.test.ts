import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Candle } from '@coinlens/market-model';
import { CandleSeries } from './candle-series.js';

function candle(time: number, close = time / 1_000): Candle {
  return { time, open: close - 1, high: close + 2, low: close - 2, close, volume: 3, amount: 4 * close };
}

/** The reference semantics: a map by time, incoming wins, sorted by time. */
function mergedByMap(existing: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  const byTime = new Map(existing.map((entry) => [entry.time, entry]));
  for (const entry of incoming) byTime.set(entry.time, entry);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

describe('CandleSeries', () => {
  it('keeps candles by column and answers them as objects, oldest first', () => {
    const series = CandleSeries.from([candle(3_000), candle(1_000), candle(2_000)]);
    expect(series.length).toBe(3);
    expect(series.toArray()).toEqual([candle(1_000), candle(2_000), candle(3_000)]);
    expect([series.time(1), series.open(1), series.high(1), series.low(1)]).toEqual([2_000, 1, 4, 0]);
    expect([series.close(1), series.volume(1), series.amount(1)]).toEqual([2, 3, 8]);
  });

  it('replaces a candle of the same time and appends newer ones in place', () => {
    const series = CandleSeries.from([candle(1_000), candle(2_000)]);
    const version = series.version;
    series.merge([candle(2_000, 99), candle(3_000)]);
    expect(series.toArray()).toEqual([candle(1_000), candle(2_000, 99), candle(3_000)]);
    expect(series.version).toBeGreaterThan(version);
  });

  it('inserts older or in-between candles in time order, the last of equal times winning', () => {
    const series = CandleSeries.from([candle(2_000), candle(4_000)]);
    series.merge([candle(3_000), candle(1_000), candle(3_000, 7)]);
    expect(series.toArray()).toEqual([candle(1_000), candle(2_000), candle(3_000, 7), candle(4_000)]);
  });

  it('drops what opened before a time, and keeps working as a sliding window', () => {
    const series = new CandleSeries();
    for (let time = 1_000; time <= 500_000; time += 1_000) {
      series.merge([candle(time)]);
      series.dropBefore(time - 10_000);
    }
    expect(series.length).toBe(11);
    expect(series.time(0)).toBe(490_000);
    expect(series.toArray().at(-1)).toEqual(candle(500_000));
    series.dropBefore(Infinity);
    expect(series.length).toBe(0);
    series.merge([candle(1_000)]);
    expect(series.toArray()).toEqual([candle(1_000)]);
  });

  it('finds window bounds by open time', () => {
    const series = CandleSeries.from([candle(1_000), candle(2_000), candle(3_000)]);
    expect(series.firstAtOrAfter(2_000)).toBe(1);
    expect(series.firstAtOrAfter(2_500)).toBe(2);
    expect(series.firstAtOrAfter(9_000)).toBe(3);
    expect(series.firstAfter(2_000)).toBe(2);
    expect(series.firstAfter(0)).toBe(0);
    expect(new CandleSeries().firstAtOrAfter(0)).toBe(0);
  });

  it('merges like a map by time, whatever arrives in whatever order', () => {
    const batch = fc.array(
      fc.record({ slot: fc.integer({ min: 0, max: 60 }), close: fc.integer({ min: 1, max: 1_000 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 6 }), fc.integer({ min: 0, max: 60 }), (batches, cut) => {
        const series = new CandleSeries();
        let expected: Candle[] = [];
        for (const entries of batches) {
          const incoming = entries.map(({ slot, close }) => candle(slot * 1_000, close));
          series.merge(incoming);
          expected = mergedByMap(expected, incoming);
        }
        series.dropBefore(cut * 1_000);
        expected = expected.filter((entry) => entry.time >= cut * 1_000);
        expect(series.toArray()).toEqual(expected);
      }),
    );
  });
});

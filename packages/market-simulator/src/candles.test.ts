import { describe, expect, it } from 'vitest';

import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';
import { COIN_CATALOG } from './catalog/coin-catalog.js';
import { DAY_MS, HOUR_MS } from './price-path/time-units.js';
import { SimulatorProvider } from './simulator-provider.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30, 12, 345);
const signal = new AbortController().signal;

function provider(seed = 42): SimulatorProvider {
  return new SimulatorProvider({ seed, now: () => NOW });
}

function checkSeries(candles: readonly Candle[], resolution: Resolution): void {
  const size = RESOLUTION_MS[resolution];
  candles.forEach((candle, index) => {
    expect(candle.time % size).toBe(0);
    expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
    expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
    expect(candle.low).toBeGreaterThan(0);
    expect(candle.volume).toBeGreaterThan(0);
    expect(candle.amount).toBeGreaterThan(0);
    const next = candles[index + 1];
    if (next) {
      expect(next.time).toBe(candle.time + size);
      expect(Math.abs(next.open / candle.close - 1)).toBeLessThan(1e-12);
    }
  });
}

describe('candles', () => {
  const spans: [Resolution, number][] = [
    ['1d', 120 * DAY_MS],
    ['1h', 4 * DAY_MS],
    ['5m', DAY_MS],
    ['1m', 4 * HOUR_MS],
  ];

  it.each(spans)('are continuous and well-formed at %s', async (resolution, span) => {
    const sim = provider();
    for (const coinId of ['bitcoin', 'tether', 'dogecoin', 'wrapped-bitcoin', 'mobox']) {
      const candles = await sim.getCandles({ coinId, resolution, from: NOW - span, to: NOW }, signal);
      expect(candles.length).toBeGreaterThanOrEqual(Math.floor(span / RESOLUTION_MS[resolution]));
      checkSeries(candles, resolution);
    }
  });

  it('nest across resolutions: a coarse candle is its finer candles rolled up', async () => {
    const sim = provider();
    const dayStart = Math.floor(NOW / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const [day] = await sim.getCandles(
      { coinId: 'ethereum', resolution: '1d', from: dayStart, to: dayStart + DAY_MS },
      signal,
    );
    const hours = await sim.getCandles(
      { coinId: 'ethereum', resolution: '1h', from: dayStart, to: dayStart + DAY_MS },
      signal,
    );
    const minutes = await sim.getCandles(
      { coinId: 'ethereum', resolution: '5m', from: dayStart + 5 * HOUR_MS, to: dayStart + 6 * HOUR_MS },
      signal,
    );
    expect(hours).toHaveLength(24);
    expect(day!.open).toBe(hours[0]!.open);
    expect(day!.close).toBe(hours[23]!.close);
    expect(day!.high).toBe(Math.max(...hours.map((candle) => candle.high)));
    expect(day!.low).toBe(Math.min(...hours.map((candle) => candle.low)));
    expect(day!.amount).toBeCloseTo(
      hours.reduce((sum, candle) => sum + candle.amount, 0),
      0,
    );
    const hour = hours[5]!;
    expect(hour.high).toBe(Math.max(...minutes.map((candle) => candle.high)));
    expect(hour.low).toBe(Math.min(...minutes.map((candle) => candle.low)));
    expect(hour.amount / minutes.reduce((sum, candle) => sum + candle.amount, 0)).toBeCloseTo(1, 9);
  });

  it('end with a partial candle at now and never leak the future', async () => {
    const sim = provider();
    const candles = await sim.getCandles(
      { coinId: 'bitcoin', resolution: '1h', from: NOW - 3 * HOUR_MS, to: NOW + 5 * HOUR_MS },
      signal,
    );
    const last = candles[candles.length - 1]!;
    expect(last.time).toBe(Math.floor(NOW / HOUR_MS) * HOUR_MS);
    const [quote] = await sim.getQuotes(['bitcoin'], signal);
    expect(last.close).toBeCloseTo(quote!.priceUsd, 6);
    const later = new SimulatorProvider({ seed: 42, now: () => NOW + 2 * HOUR_MS });
    const full = await later.getCandles(
      { coinId: 'bitcoin', resolution: '1h', from: last.time, to: last.time + HOUR_MS },
      signal,
    );
    expect(full[0]!.open).toBe(last.open);
    expect(full[0]!.high).toBeGreaterThanOrEqual(last.high);
  });

  it('start at the coin’s issue date', async () => {
    const sim = provider();
    const recent = COIN_CATALOG.find((coin) => coin.issueDate > '2025-06-01')!;
    const launch = Date.parse(`${recent.issueDate}T00:00:00Z`);
    const candles = await sim.getCandles(
      { coinId: recent.id, resolution: '1d', from: launch - 30 * DAY_MS, to: launch + 10 * DAY_MS },
      signal,
    );
    expect(candles[0]!.time).toBe(launch);
  });

  it('back-fill the chart ranges for every coin quickly (timings printed, not asserted)', async () => {
    const sim = provider(9);
    const sizes: [Resolution, number][] = [
      ['1d', 365 * DAY_MS],
      ['1h', 30 * DAY_MS],
      ['5m', 7 * DAY_MS],
      ['1m', DAY_MS],
    ];
    const report: string[] = [];
    for (const [resolution, span] of sizes) {
      const started = performance.now();
      let count = 0;
      for (const coin of COIN_CATALOG) {
        count += (await sim.getCandles({ coinId: coin.id, resolution, from: NOW - span, to: NOW }, signal))
          .length;
      }
      report.push(
        `${resolution}: ${count} candles for ${COIN_CATALOG.length} coins in ${Math.round(performance.now() - started)} ms`,
      );
      expect(count).toBeGreaterThan(0);
    }
    console.log(`simulator back-fill timings:\n  ${report.join('\n  ')}`);
  });
});

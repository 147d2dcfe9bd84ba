import { describe, expect, it } from 'vitest';

import type { Candle, VenueTicker } from '@coinlens/market-model';
import { CandleSeries } from './candle-series.js';
import { DailyHistory } from './daily-history.js';
import { computeCoinMetrics, everyNth, venueSpreadPercent } from './coin-metrics.js';
import type { CoinMetricsInput } from './coin-metrics.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0);
const DAY = 86_400_000;

function series(
  count: number,
  stepMs: number,
  end: number,
  priceAt: (i: number) => number,
  amount = 100,
): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const close = priceAt(i);
    const open = i === 0 ? close : priceAt(i - 1);
    return {
      time: end - (count - i) * stepMs,
      open,
      close,
      high: Math.max(open, close),
      low: Math.min(open, close),
      volume: 1,
      amount,
    };
  });
}

function venue(volumeUsd24h: number, bidUsd: number | null, askUsd: number | null): VenueTicker {
  return {
    exchangeId: 'x',
    coinId: 'c',
    base: 'C',
    quote: 'USDT',
    last: 100,
    lastUsd: 100,
    bidUsd,
    askUsd,
    volumeBase24h: volumeUsd24h / 100,
    volumeUsd24h,
    timestamp: NOW,
  };
}

function input(overrides: Partial<CoinMetricsInput> = {}): CoinMetricsInput {
  return {
    now: NOW,
    price: 110,
    profile: { circulatingSupply: 1_000, totalSupply: 2_000, maxSupply: 4_000 },
    history: {
      fiveMinute: CandleSeries.from(series(300, 300_000, NOW, () => 100)),
      hourly: CandleSeries.from(series(24 * 8, 3_600_000, NOW, () => 50)),
      daily: DailyHistory.of(
        series(40, DAY, NOW, (i) => 10 + i, 1_000),
        NOW,
      ),
    },
    historyDepth: { dailyLoaded: true, reachesListing: true },
    record: null,
    reportedDay: null,
    healthyVenues: [],
    reportedVolume: null,
    btcDaily: null,
    ...overrides,
  };
}

describe('computeCoinMetrics', () => {
  it('derives changes against the close 24 h and 7 d ago', () => {
    const metrics = computeCoinMetrics(input());
    expect(metrics.change24h).toBeCloseTo(10);
    expect(metrics.change7d).toBeCloseTo(120);
  });

  it('computes market caps, turnover and circulation rate from supplies', () => {
    const metrics = computeCoinMetrics(input({ healthyVenues: [venue(5_500, 99, 101)] }));
    expect(metrics.marketCap).toBe(110 * 2_000);
    expect(metrics.circulatingMarketCap).toBe(110 * 1_000);
    expect(metrics.amount24h).toBe(5_500);
    expect(metrics.turnoverRate).toBeCloseTo(5);
    expect(metrics.circulationRate).toBeCloseTo(25);
  });

  it('falls back to total supply for the circulation rate without a max supply', () => {
    expect(
      computeCoinMetrics(input({ profile: { circulatingSupply: 500, totalSupply: 1_000, maxSupply: null } }))
        .circulationRate,
    ).toBeCloseTo(50);
  });

  it("takes the source's 24 h change and range until the 5-minute history reaches a day back", () => {
    const reportedDay = { change24h: -3.2, high24h: 120, low24h: 104 };
    const young = {
      ...input().history,
      fiveMinute: CandleSeries.from(series(12, 300_000, NOW, () => 100)),
    };
    const early = computeCoinMetrics(input({ history: young, reportedDay }));
    expect(early.change24h).toBe(-3.2);
    expect(early.high24h).toBe(120);
    expect(early.low24h).toBe(104);
    expect(computeCoinMetrics(input({ history: young })).change24h).toBeNull();
    // With a day of candles, its own figures.
    const later = computeCoinMetrics(input({ reportedDay }));
    expect(later.change24h).toBeCloseTo(10);
    expect(later.high24h).toBe(110);
  });

  it('takes high/low over 24 h including the live price', () => {
    const metrics = computeCoinMetrics(input());
    expect(metrics.high24h).toBe(110);
    expect(metrics.low24h).toBe(100);
  });

  it('reports zero volatility for a flat day and more for a choppy one', () => {
    expect(computeCoinMetrics(input()).volatility24h).toBe(0);
    const choppy = series(288, 300_000, NOW, (i) => (i % 2 === 0 ? 100 : 101));
    const volatility =
      computeCoinMetrics(input({ history: { ...input().history, fiveMinute: CandleSeries.from(choppy) } }))
        .volatility24h ?? 0;
    // alternating ±ln(1.01) ≈ ±0.995 %: σ ≈ 0.997 %, × √288 ≈ 16.9 %
    expect(volatility).toBeGreaterThan(16);
    expect(volatility).toBeLessThan(18);
  });

  it('computes first-day open, ROI, ATH and ATL from the daily history', () => {
    const metrics = computeCoinMetrics(input());
    expect(metrics.firstDayOpen).toBe(10);
    expect(metrics.roi).toBeCloseTo(1_000);
    expect(metrics.ath?.price).toBe(110);
    expect(metrics.atl).toEqual({ price: 10, at: NOW - 40 * DAY });
  });

  it('knows no record, listing day or ROI before the daily history is in', () => {
    const metrics = computeCoinMetrics(
      input({ historyDepth: { dailyLoaded: false, reachesListing: false } }),
    );
    expect(metrics.ath).toBeNull();
    expect(metrics.atl).toBeNull();
    expect(metrics.firstDayOpen).toBeNull();
    expect(metrics.roi).toBeNull();
  });

  it('takes no first day and no record from a history cut off by the window or the source plan', () => {
    const metrics = computeCoinMetrics(input({ historyDepth: { dailyLoaded: true, reachesListing: false } }));
    expect(metrics.firstDayOpen).toBeNull();
    expect(metrics.roi).toBeNull();
    expect(metrics.ath).toBeNull();
    expect(metrics.atl).toBeNull();
    expect(metrics.dailyHistoryLoaded).toBe(true);
  });

  it('keeps a side of the record the source gives, and no guess for the side it does not', () => {
    // A capture's ATL of 0 is no price: that side is unknown, and a year of history does not stand in for it.
    const metrics = computeCoinMetrics(
      input({
        record: { ath: { price: 500, at: Date.UTC(2021, 7, 12) }, atl: null },
        historyDepth: { dailyLoaded: true, reachesListing: false },
      }),
    );
    expect(metrics.ath).toEqual({ price: 500, at: Date.UTC(2021, 7, 12) });
    expect(metrics.atl).toBeNull();
  });

  it("takes the source's record over a shorter history, with its dates", () => {
    const record = {
      ath: { price: 4_878, at: Date.UTC(2021, 10, 10) },
      atl: { price: 0.43, at: Date.UTC(2015, 9, 20) },
    };
    const before = computeCoinMetrics(
      input({ record, historyDepth: { dailyLoaded: false, reachesListing: false } }),
    );
    expect(before.ath).toEqual(record.ath);
    expect(before.atl).toEqual(record.atl);
    const beyond = computeCoinMetrics(input({ record, price: 5_000 }));
    expect(beyond.ath).toEqual({ price: 5_000, at: NOW });
    expect(beyond.atl).toEqual(record.atl);
  });

  it("prefers an aggregate source's reported volume to the few venues read beside it", () => {
    const metrics = computeCoinMetrics(
      input({ healthyVenues: [venue(5_500, 99, 101)], reportedVolume: { base: 90, usd: 9_000 } }),
    );
    expect(metrics.amount24h).toBe(9_000);
    expect(metrics.volume24h).toBe(90);
    expect(metrics.bidAskSpread).toBeCloseTo(2);
  });

  it('computes the volume ratio against the mean of the five days before', () => {
    const metrics = computeCoinMetrics(input({ reportedVolume: { base: 20, usd: 2_000 } }));
    expect(metrics.amount24h).toBe(2_000);
    expect(metrics.volumeRatio).toBeCloseTo(2);
  });

  it('weights venue spreads by turnover', () => {
    expect(venueSpreadPercent({ bidUsd: 99, askUsd: 101 })).toBeCloseTo(2);
    expect(venueSpreadPercent({ bidUsd: null, askUsd: 101 })).toBeNull();
    const metrics = computeCoinMetrics(
      input({ healthyVenues: [venue(1_000_000, 99.9, 100.1), venue(10, 90, 110)] }),
    );
    expect(metrics.bidAskSpread).toBeCloseTo(0.2);
  });

  it('correlates daily returns with BTC', () => {
    const daily = series(40, DAY, NOW, (i) => 100 * 1.01 ** i * (i % 3 === 0 ? 1.02 : 1));
    const btc = CandleSeries.from(daily.map((candle) => ({ ...candle, close: candle.close * 3 })));
    const metrics = computeCoinMetrics(
      input({ history: { ...input().history, daily: DailyHistory.of(daily, NOW) }, btcDaily: btc }),
    );
    expect(metrics.btcCorrelation).toBeCloseTo(1);
  });

  it('draws the 7-day sparkline from 4-hourly closes ending at the latest one', () => {
    expect(everyNth([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([1, 5, 9]);
    expect(computeCoinMetrics(input()).sparkline7d).toHaveLength(42);
  });

  it('uses reported volume when there are no venues, and candle sums when nothing is reported', () => {
    expect(computeCoinMetrics(input()).amount24h).toBe(100 * 288);
  });
});

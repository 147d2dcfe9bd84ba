import { describe, expect, it } from 'vitest';

import { COIN_BY_ID, COIN_CATALOG } from '../catalog/coin-catalog.js';
import { FiatRates } from '../fiat-currencies.js';
import { ANCHOR_TIME, DAY_MS, HOUR_MS, MINUTE_MS } from './time-units.js';
import { PricePath } from './price-path.js';
import type { PumpAndDumpEpisode } from '../scenarios.js';
import { PumpSchedule } from '../scenarios.js';

function makePath(seed: number, pumps: PumpAndDumpEpisode[] = []): PricePath {
  return new PricePath(seed, COIN_CATALOG, new PumpSchedule(pumps), new FiatRates(seed, ANCHOR_TIME));
}

function coinOf(path: PricePath, id: string) {
  const coin = path.coin(id);
  if (!coin) throw new Error(`missing ${id}`);
  return coin;
}

function dailyLogReturns(path: PricePath, id: string, days: number): number[] {
  const coin = coinOf(path, id);
  const returns: number[] = [];
  for (let day = 0; day < days; day += 1) {
    const start = ANCHOR_TIME - (days - day) * DAY_MS;
    returns.push(path.logPriceAt(coin, start + DAY_MS) - path.logPriceAt(coin, start));
  }
  return returns;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const meanA = mean(a);
  const meanB = mean(b);
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  a.forEach((value, index) => {
    const other = b[index]!;
    covariance += (value - meanA) * (other - meanB);
    varianceA += (value - meanA) ** 2;
    varianceB += (other - meanB) ** 2;
  });
  return covariance / Math.sqrt(varianceA * varianceB);
}

describe('price path', () => {
  it('equals every coin’s anchor price at the anchor time', () => {
    const path = makePath(42);
    for (const facts of COIN_CATALOG) {
      const price = path.priceAt(coinOf(path, facts.id), ANCHOR_TIME);
      expect(Math.abs(price / facts.anchorPriceUsd - 1), facts.id).toBeLessThan(1e-9);
    }
  });

  it('stays within plausible bands a year before the anchor', () => {
    const path = makePath(42);
    for (const facts of COIN_CATALOG) {
      const coin = coinOf(path, facts.id);
      const ratio = path.priceAt(coin, ANCHOR_TIME - 365 * DAY_MS) / facts.anchorPriceUsd;
      // Stationary spread of the one-year-half-life walk is ≈ 0.85 σ: allow five of those plus the regime.
      const band = Math.exp(5 * 0.85 * facts.annualVolatility + 0.3);
      expect(ratio, facts.id).toBeGreaterThan(1 / band);
      expect(ratio, facts.id).toBeLessThan(band);
    }
  });

  it('is deterministic and independent of the order times are asked in', () => {
    const times = Array.from(
      { length: 40 },
      (_, index) => ANCHOR_TIME - 400 * DAY_MS + index * 11 * DAY_MS + index * 7_777_777,
    );
    const ids = ['bitcoin', 'ethereum', 'dogecoin', 'tether', 'staked-ether', 'euro-coin'];
    const forward = makePath(5);
    const backward = makePath(5);
    const first = ids.map((id) => times.map((time) => forward.priceAt(coinOf(forward, id), time)));
    const second = ids.map((id) =>
      [...times]
        .reverse()
        .map((time) => backward.priceAt(coinOf(backward, id), time))
        .reverse(),
    );
    expect(second).toEqual(first);
    const other = makePath(6);
    expect(other.priceAt(coinOf(other, 'bitcoin'), times[0]!)).not.toBe(first[0]![0]);
  });

  it('correlates high-beta coins with BTC and leaves stablecoins uncorrelated', () => {
    const path = makePath(42);
    const btc = dailyLogReturns(path, 'bitcoin', 365);
    const highBeta = dailyLogReturns(path, 'dogecoin', 365);
    const stable = dailyLogReturns(path, 'tether', 365);
    expect(COIN_BY_ID.get('dogecoin')!.btcBeta).toBeGreaterThanOrEqual(0.85);
    expect(correlation(btc, highBeta)).toBeGreaterThan(0.6);
    expect(Math.abs(correlation(btc, stable))).toBeLessThan(0.2);
  });

  it('has daily volatility near the catalogue’s annual volatility', () => {
    const path = makePath(42);
    const returns = dailyLogReturns(path, 'bitcoin', 730);
    const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
    const annualised = Math.sqrt(
      (returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / returns.length) * 365,
    );
    expect(annualised).toBeGreaterThan(0.35);
    expect(annualised).toBeLessThan(0.7);
  });

  it('keeps stablecoins within ±0.3 % of their peg, at every resolution', () => {
    const path = makePath(42);
    for (const facts of COIN_CATALOG.filter((coin) => coin.stablecoin && coin.peggedTo === 'USD')) {
      const coin = coinOf(path, facts.id);
      for (let day = 0; day < 365; day += 7) {
        const summary = path.summarize(coin, ANCHOR_TIME - day * DAY_MS, ANCHOR_TIME - (day - 1) * DAY_MS)!;
        expect(summary.high / facts.anchorPriceUsd, facts.id).toBeLessThan(1.003);
        expect(summary.low / facts.anchorPriceUsd, facts.id).toBeGreaterThan(0.997);
      }
    }
  });

  it('makes wrapped and liquid-staking tokens track their underlying', () => {
    const path = makePath(42);
    const btc = coinOf(path, 'bitcoin');
    const wbtc = coinOf(path, 'wrapped-bitcoin');
    const eth = coinOf(path, 'ethereum');
    const steth = coinOf(path, 'staked-ether');
    for (let day = 0; day < 300; day += 13) {
      const time = ANCHOR_TIME - day * DAY_MS + 12_345_678;
      const btcRatio =
        path.priceAt(wbtc, time) /
        path.priceAt(btc, time) /
        (wbtc.facts.anchorPriceUsd / btc.facts.anchorPriceUsd);
      const ethRatio =
        path.priceAt(steth, time) /
        path.priceAt(eth, time) /
        (steth.facts.anchorPriceUsd / eth.facts.anchorPriceUsd);
      expect(Math.abs(btcRatio - 1)).toBeLessThan(0.004);
      expect(Math.abs(ethRatio - 1)).toBeLessThan(0.004);
    }
  });

  it('never stands still for minutes on a free-floating coin', () => {
    // A Gaussian walk moves less than 3 % of its minute σ in 2.4 % of minutes, five in a row once in ~10⁸. Before
    // the excursions were folded, BTC stood still from 00:03 to 00:48 UTC on 2026-11-28 at the default seed, and
    // such stretches came about once a coin-day.
    const path = makePath(20_261_122);
    const coins = COIN_CATALOG.map((facts) => coinOf(path, facts.id))
      .filter((coin) => coin.clamp === null && coin.underlying === null && coin.sigmaDay > 0)
      .slice(0, 10);
    expect(coins.map((coin) => coin.id)).toContain('bitcoin');
    const start = Date.UTC(2026, 10, 26);
    for (const coin of coins) {
      const still = 0.03 * (coin.sigmaDay / Math.sqrt(1440));
      let longest = 0;
      let run = 0;
      let previous = path.logPriceAt(coin, start);
      for (let minute = 1; minute <= 3 * 1440; minute += 1) {
        const value = path.logPriceAt(coin, start + minute * MINUTE_MS);
        run = Math.abs(value - previous) < still ? run + 1 : 0;
        longest = Math.max(longest, run);
        previous = value;
      }
      expect(longest, coin.id).toBeLessThan(5);
    }
  });

  it('keeps every second inside its minute, hour and day extremes', () => {
    const path = makePath(3);
    const coin = coinOf(path, 'solana');
    const start = ANCHOR_TIME + 5 * DAY_MS + 13 * HOUR_MS;
    const day = path.summarize(
      coin,
      Math.floor(start / DAY_MS) * DAY_MS,
      Math.floor(start / DAY_MS) * DAY_MS + DAY_MS,
    )!;
    const hour = path.summarize(coin, start, start + HOUR_MS)!;
    for (let minute = 0; minute < 60; minute += 7) {
      const minuteSummary = path.summarize(
        coin,
        start + minute * MINUTE_MS,
        start + (minute + 1) * MINUTE_MS,
      )!;
      expect(minuteSummary.high).toBeLessThanOrEqual(hour.high);
      expect(minuteSummary.low).toBeGreaterThanOrEqual(hour.low);
      for (let second = 0; second <= 60; second += 1) {
        const price = path.priceAt(coin, start + minute * MINUTE_MS + second * 1_000 + 500);
        expect(price).toBeLessThanOrEqual(minuteSummary.high * (1 + 1e-12));
        expect(price).toBeGreaterThanOrEqual(minuteSummary.low * (1 - 1e-12));
      }
    }
    expect(hour.high).toBeLessThanOrEqual(day.high);
    expect(hour.low).toBeGreaterThanOrEqual(day.low);
  });

  it('shows a pump-and-dump episode in price and volume', () => {
    const start = ANCHOR_TIME + 3 * DAY_MS + 14 * HOUR_MS;
    const episode = { coinId: 'mobox', start, durationMs: 3 * HOUR_MS, magnitude: 1 };
    const pumped = makePath(11, [episode]);
    const calm = makePath(11);
    const pumpedCoin = coinOf(pumped, 'mobox');
    const calmCoin = coinOf(calm, 'mobox');
    const peak = start + 1.5 * HOUR_MS;
    expect(pumped.priceAt(pumpedCoin, peak) / calm.priceAt(calmCoin, peak)).toBeCloseTo(2, 6);
    expect(pumped.priceAt(pumpedCoin, start - MINUTE_MS)).toBe(calm.priceAt(calmCoin, start - MINUTE_MS));
    expect(pumped.priceAt(pumpedCoin, start + 3 * HOUR_MS + MINUTE_MS)).toBe(
      calm.priceAt(calmCoin, start + 3 * HOUR_MS + MINUTE_MS),
    );
    const window = (path: PricePath, coin: typeof pumpedCoin) =>
      path.summarize(coin, start, start + 3 * HOUR_MS)!;
    expect(window(pumped, pumpedCoin).high / window(calm, calmCoin).high).toBeGreaterThan(1.7);
    expect(window(pumped, pumpedCoin).amountUsd / window(calm, calmCoin).amountUsd).toBeGreaterThan(4);
    // The day's candle carries it too: its high is the pumped hour's high.
    const dayStart = Math.floor(start / DAY_MS) * DAY_MS;
    expect(pumped.summarize(pumpedCoin, dayStart, dayStart + DAY_MS)!.high).toBeCloseTo(
      window(pumped, pumpedCoin).high,
      12,
    );
  });

  it('summarises a pumped hour’s first read from its own minutes, not from a reused scratch unit', () => {
    const start = ANCHOR_TIME + 3 * DAY_MS + 14 * HOUR_MS;
    const episode = { coinId: 'mobox', start, durationMs: 3 * HOUR_MS, magnitude: 1 };
    const minute = start + HOUR_MS + 7 * MINUTE_MS;
    // Reading another coin's minutes first leaves them in the scratch unit deep-history reads reuse.
    const cold = makePath(11, [episode]);
    cold.summarize(coinOf(cold, 'bitcoin'), minute - 30 * DAY_MS, minute - 30 * DAY_MS + MINUTE_MS);
    const warm = makePath(11, [episode]);
    warm.minuteUnit(coinOf(warm, 'mobox'), Math.floor(minute / HOUR_MS));
    expect(cold.summarize(coinOf(cold, 'mobox'), minute, minute + MINUTE_MS)).toEqual(
      warm.summarize(coinOf(warm, 'mobox'), minute, minute + MINUTE_MS),
    );
  });
});

import { describe, expect, it } from 'vitest';

import type { TradePrint } from '@coinlens/market-model';
import { SCENARIOS } from './scenarios.js';
import { SimulatorProvider } from './simulator-provider.js';
import { buildTrades, honestSize, MAX_TRADES_PER_CALL } from './trades.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30, 12, 345);
const signal = new AbortController().signal;
/** χ² critical value for 8 degrees of freedom at the 0.1 % level. */
const CHI_SQUARE_CRITICAL = 26.12;
/** Nigrini's first-digit MAD bound for "acceptable conformity". */
const MAD_ACCEPTABLE = 0.012;
/** The worst first-digit MAD of the real public tapes we hold (Mt. Gox 2013; Binance 2024 sits at 0.033). */
const REAL_TAPE_MAD_MAX = 0.063;

function firstDigit(value: number): number {
  return Number(value.toExponential().charAt(0));
}

function benford(amounts: readonly number[]): { chiSquare: number; mad: number } {
  const counts = new Array<number>(10).fill(0);
  for (const amount of amounts) counts[firstDigit(amount)]! += 1;
  let chiSquare = 0;
  let mad = 0;
  for (let digit = 1; digit <= 9; digit += 1) {
    const expected = Math.log10(1 + 1 / digit);
    chiSquare += (counts[digit]! - amounts.length * expected) ** 2 / (amounts.length * expected);
    mad += Math.abs(counts[digit]! / amounts.length - expected) / 9;
  }
  return { chiSquare, mad };
}

/** Share of sizes with at most two significant digits (0.5, 1, 25, 0.03 …). */
function roundShare(amounts: readonly number[]): number {
  const round = amounts.filter((amount) => {
    const digits = amount.toExponential().split('e')[0]!.replace('.', '').replace(/0+$/, '');
    return digits.length <= 2;
  });
  return round.length / amounts.length;
}

/** Clustering ratio: sizes exactly at one significant digit vs unrounded sizes within ±0.5 % of them. */
function clusteringRatio(amounts: readonly number[]): number {
  let at = 0;
  let near = 0;
  for (const amount of amounts) {
    const magnitude = 10 ** Math.floor(Math.log10(amount));
    const nearest = Math.round(amount / magnitude) * magnitude;
    if (Math.abs(amount - nearest) < nearest * 1e-9) at += 1;
    else if (Math.abs(amount / nearest - 1) < 0.005) near += 1;
  }
  return at / Math.max(1, near);
}

function collect(
  provider: SimulatorProvider,
  exchangeId: string,
  coinId: string,
  quote: string,
  count: number,
): TradePrint[] {
  const pair = provider.context.venues.pair(exchangeId, coinId, quote)!;
  return buildTrades(provider.context, pair, NOW - 6 * 3_600_000, NOW, count);
}

describe('trades', () => {
  const sim = new SimulatorProvider({ seed: 42, now: () => NOW });

  it('on honest venues deviate from Benford no more than real tapes and cluster at round sizes; a wash venue fails both', () => {
    for (const [exchangeId, coinId, quote] of [
      ['binance', 'bitcoin', 'USDT'],
      ['kraken', 'solana', 'USD'],
      ['uniswap-v3', 'uniswap', 'WETH'],
    ] as const) {
      const amounts = collect(sim, exchangeId, coinId, quote, 3_000).map((trade) => trade.amount);
      expect(amounts.length).toBe(3_000);
      // Real public tapes sit at MAD 0.015–0.063 from Benford (round sizes and split fills), not at a textbook fit.
      expect(benford(amounts).mad, exchangeId).toBeLessThan(REAL_TAPE_MAD_MAX);
      expect(roundShare(amounts), exchangeId).toBeGreaterThan(0.3);
      expect(clusteringRatio(amounts), exchangeId).toBeGreaterThan(6);
    }
    for (const coinId of ['bitcoin', 'ethereum', 'dogecoin']) {
      const amounts = collect(sim, 'quillmarsh', coinId, 'USDT', 3_000).map((trade) => trade.amount);
      const fit = benford(amounts);
      expect(fit.chiSquare, coinId).toBeGreaterThan(CHI_SQUARE_CRITICAL * 10);
      expect(fit.mad, coinId).toBeGreaterThan(0.03);
      expect(roundShare(amounts), coinId).toBeLessThan(0.1);
      expect(clusteringRatio(amounts), coinId).toBeLessThan(2);
    }
  });

  it('on a wash venue come as buy/sell pairs at the same price, size and time', () => {
    const trades = collect(sim, 'quillmarsh', 'ethereum', 'USDT', 2_000);
    const groups = new Map<string, TradePrint[]>();
    for (const trade of trades) {
      const key = `${trade.timestamp}|${trade.price}|${trade.amount}`;
      groups.set(key, [...(groups.get(key) ?? []), trade]);
    }
    const paired = [...groups.values()].filter(
      (group) => group.length === 2 && group[0]!.side !== group[1]!.side,
    );
    expect((paired.length * 2) / trades.length).toBeGreaterThan(0.8);
    const honest = collect(sim, 'binance', 'ethereum', 'USDT', 2_000);
    const honestGroups = new Set(honest.map((trade) => `${trade.timestamp}|${trade.price}|${trade.amount}`));
    expect(honestGroups.size / honest.length).toBeGreaterThan(0.95);
  });

  it('of a mimicking wash trader pass Benford and round sizes but still come in self-trade pairs', () => {
    const mimic = new SimulatorProvider({
      seed: 42,
      now: () => NOW,
      scenario: { ...SCENARIOS.honest, washTradingVenues: ['quillmarsh'], washFactor: 25, washMimicry: true },
    });
    const trades = collect(mimic, 'quillmarsh', 'ethereum', 'USDT', 3_000);
    const amounts = trades.map((trade) => trade.amount);
    expect(benford(amounts).mad).toBeLessThan(MAD_ACCEPTABLE);
    expect(roundShare(amounts)).toBeGreaterThan(0.3);
    const keys = trades.map((trade) => `${trade.timestamp}|${trade.price}|${trade.amount}`);
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    const inPairs = keys.filter((key) => counts.get(key) === 2).length;
    expect(inPairs / trades.length).toBeGreaterThan(0.8);
  });

  it('cluster by side as real order flow does (real tapes: lag-1 sign autocorrelation 0.50–0.84)', () => {
    for (const [exchangeId, coinId, quote] of [
      ['binance', 'bitcoin', 'USDT'],
      ['kraken', 'solana', 'USD'],
      ['uniswap-v3', 'uniswap', 'WETH'],
    ] as const) {
      const signs = collect(sim, exchangeId, coinId, quote, 2_000).map((trade) =>
        trade.side === 'buy' ? 1 : -1,
      );
      const mean = signs.reduce((sum, sign) => sum + sign, 0) / signs.length;
      let products = 0;
      for (let index = 1; index < signs.length; index++) products += signs[index]! * signs[index - 1]!;
      const autocorrelation = (products / (signs.length - 1) - mean * mean) / (1 - mean * mean);
      expect(autocorrelation, exchangeId).toBeGreaterThan(0.4);
      expect(autocorrelation, exchangeId).toBeLessThan(0.9);
    }
  });

  it('have balanced sides, prices near the market and arrival rates that scale with volume', () => {
    // Flow comes in one-sided blocks of seconds: sides balance over a day, not within a minute.
    const pair = sim.context.venues.pair('binance', 'bitcoin', 'USDT')!;
    const day = Array.from({ length: 24 }, (_, hour) =>
      buildTrades(sim.context, pair, NOW - (hour + 1) * 3_600_000, NOW - hour * 3_600_000, 300),
    ).flat();
    const buys = day.filter((trade) => trade.side === 'buy').length / day.length;
    expect(buys).toBeGreaterThan(0.35);
    expect(buys).toBeLessThan(0.65);
    const trades = collect(sim, 'binance', 'bitcoin', 'USDT', 3_000);
    const mid = sim.context.pairMidUsd(sim.context.venues.pair('binance', 'bitcoin', 'USDT')!, NOW);
    for (const trade of trades.slice(-50)) expect(Math.abs(trade.price / mid - 1)).toBeLessThan(0.02);
    const busy = collect(sim, 'binance', 'bitcoin', 'USDT', 500);
    const quiet = collect(sim, 'bitstamp', 'bitcoin', 'USD', 500);
    const span = (list: TradePrint[]) => list[list.length - 1]!.timestamp - list[0]!.timestamp;
    expect(span(busy)).toBeLessThan(span(quiet));
  });

  it('are the same prints whatever window they are asked for, capped per call', async () => {
    const pair = { exchangeId: 'kraken', coinId: 'ethereum', quote: 'USD' };
    const wide = await sim.getTrades(pair, NOW - 120_000, signal);
    const narrow = await sim.getTrades(pair, NOW - 60_000, signal);
    const overlap = wide.filter((trade) => trade.timestamp >= NOW - 60_000);
    expect(narrow.slice(0, overlap.length)).toEqual(overlap);
    const latest = await sim.getTrades(
      { exchangeId: 'binance', coinId: 'bitcoin', quote: 'USDT' },
      null,
      signal,
    );
    expect(latest).toHaveLength(MAX_TRADES_PER_CALL);
    expect(latest[latest.length - 1]!.timestamp).toBeLessThanOrEqual(NOW);
    expect(new Set(latest.map((trade) => trade.id)).size).toBe(latest.length);
    for (let index = 1; index < latest.length; index += 1)
      expect(latest[index]!.timestamp).toBeGreaterThanOrEqual(latest[index - 1]!.timestamp);
  });

  it("hand the event loop back while a call walks a quiet pair's hour, returning the same prints", async () => {
    let pauses = 0;
    const yielding = new SimulatorProvider({
      seed: 42,
      now: () => NOW,
      slices: () => ({
        pause: () => {
          pauses += 1;
          return new Promise<void>((resolve) => setImmediate(resolve));
        },
      }),
    });
    // A pair with fewer prints in the hour than a call returns: the call walks all 3,600 seconds.
    const quiet = yielding.context.venues
      .pairs()
      .find(
        (pair) => buildTrades(yielding.context, pair, NOW - 3_600_000, NOW, MAX_TRADES_PER_CALL).length < 50,
      )!;
    expect(quiet).toBeDefined();
    const query = { exchangeId: quiet.venue.id, coinId: quiet.coinId, quote: quiet.quote };
    let turns = 0;
    const otherWork = setInterval(() => (turns += 1), 0);
    try {
      const latest = await yielding.getTrades(query, null, signal);
      expect(latest).toEqual(
        buildTrades(yielding.context, quiet, NOW - 3_600_000, NOW, MAX_TRADES_PER_CALL, true),
      );
      const since = await yielding.getTrades(query, NOW - 1_800_000, signal);
      expect(since).toEqual(buildTrades(yielding.context, quiet, NOW - 1_800_000, NOW, MAX_TRADES_PER_CALL));
    } finally {
      clearInterval(otherWork);
    }
    expect(pauses).toBeGreaterThan(3_600 / 4);
    expect(turns).toBeGreaterThan(0);
    const aborted = new AbortController();
    aborted.abort(new Error('call cancelled'));
    await expect(yielding.getTrades(query, null, aborted.signal)).rejects.toThrow('call cancelled');
  });

  it('round honest sizes by truncation, keeping the first digit', () => {
    expect(honestSize(0.3471, 0.1)).toBe(0.3);
    expect(honestSize(1.74, 0.25)).toBe(1.5);
    expect(honestSize(0.03471, 0.4)).toBe(0.034);
    expect(honestSize(12.345678, 0.9)).toBe(12.3457);
  });
});

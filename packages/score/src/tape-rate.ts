import type { TradePrint } from '@coinlens/market-model';

import { SCORE_PARAMETERS } from './methodology.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Below these a window says too little about a pair's daily rate to cap what the venue reports. Half the pairs a
 * run samples in the simulator print fewer than 45 times; at 20 prints, 1.7 % of the simulator's honest pairs
 * report more than 2.5 × their one window's rate (1.4 % at 50). A minute of tape, or `busyPrints` in less: a pair
 * that prints that much in under a minute was read at a busy moment, so its rate is high rather than low (on the
 * real Binance 2024 tapes, such windows print 0.87–0.97 × the whole tape's rate at the least, where windows of a
 * minute or more go down to 0.23 ×); without it, a busy pair whose tape covers seconds reported what it liked.
 */
export const TAPE_RATE_MINIMUMS = { prints: 20, spanMs: 60_000, busyPrints: 2_000 } as const;

/** One read of a pair's tape: the USD it printed and the time it covers. */
export interface TapeWindow {
  notionalUsd: number;
  spanMs: number;
  prints: number;
  /** When the window ends (its last print). */
  endsAt: number;
}

/**
 * A window of one pair's prints; `usdOf` values a print in USD. The notional between the first and the last
 * print is what the span covers, so the first print's is left out.
 */
export function tapeWindow(
  prints: readonly TradePrint[],
  usdOf: (print: TradePrint) => number,
): TapeWindow | null {
  if (prints.length < 2) return null;
  let first = prints[0]!;
  let last = first;
  let notionalUsd = 0;
  for (const print of prints) {
    if (print.timestamp < first.timestamp) first = print;
    if (print.timestamp >= last.timestamp) last = print;
    notionalUsd += usdOf(print);
  }
  notionalUsd -= usdOf(first);
  return {
    notionalUsd,
    spanMs: last.timestamp - first.timestamp,
    prints: prints.length,
    endsAt: last.timestamp,
  };
}

/** The 24 h USD volume the windows print at their pooled rate; null while they say too little. */
export function dailyRate(windows: readonly TapeWindow[]): number | null {
  let notional = 0;
  let span = 0;
  let prints = 0;
  for (const window of windows) {
    notional += window.notionalUsd;
    span += window.spanMs;
    prints += window.prints;
  }
  const { prints: fewest, spanMs: shortest, busyPrints } = TAPE_RATE_MINIMUMS;
  if (prints < fewest || !(span > 0) || (span < shortest && prints < busyPrints)) return null;
  return (notional / span) * DAY_MS;
}

/** A pair's reported 24 h volume as far as its tape carries it: at most `tapeTolerance` × its printed rate. */
export function tapeCapped(reportedUsd: number, tapeDailyUsd: number | null): number {
  return tapeDailyUsd === null
    ? reportedUsd
    : Math.min(reportedUsd, SCORE_PARAMETERS.tapeTolerance * Math.max(0, tapeDailyUsd));
}

/**
 * The windows the score's runs read of each pair's tape over the last day, pooled into its daily rate: runs at
 * many moments of the day measure the day, where one read of a busy pair covers seconds. A window that repeats
 * an earlier one (a quiet pair's tape between runs) adds its prints and its span alike, so the rate holds. The
 * windows of one hour are kept as their sum (a pair read every run has 12 an hour, and the rotation reads every
 * pair of a venue): at most 25 tallies a pair, each forgotten once its last window is a day old.
 */
export class TapeRates {
  /** Per pair, the sum of the windows that ended in each clock hour, in the order read. */
  private readonly tallies = new Map<string, TapeWindow[]>();

  constructor(private readonly horizonMs: number = DAY_MS) {}

  private static key(exchangeId: string, coinId: string, quote: string): string {
    return `${exchangeId}|${coinId}|${quote}`;
  }

  /** Records one read of a venue's prints (any pairs); `usdPerCoin` prices a coin, null when unknown. */
  record(
    exchangeId: string,
    prints: readonly TradePrint[],
    usdPerCoin: (coinId: string) => number | null,
    now: number,
  ): void {
    const byPair = new Map<string, TradePrint[]>();
    // A read holds one pair's prints, or a venue's pairs one after another: the key is built once a run of them.
    let list: TradePrint[] | undefined;
    let coinId: string | undefined;
    let quote: string | undefined;
    for (const print of prints) {
      if (print.coinId !== coinId || print.quote !== quote || !list) {
        ({ coinId, quote } = print);
        const key = TapeRates.key(exchangeId, coinId, quote);
        list = byPair.get(key);
        if (!list) byPair.set(key, (list = []));
      }
      list.push(print);
    }
    for (const [key, pairPrints] of byPair) {
      const usd = usdPerCoin(pairPrints[0]!.coinId);
      if (usd === null || !(usd > 0)) continue;
      const window = tapeWindow(pairPrints, (print) => print.amount * usd);
      if (!window) continue;
      const kept = (this.tallies.get(key) ?? []).filter((old) => old.endsAt > now - this.horizonMs);
      const last = kept.at(-1);
      if (last && Math.floor(last.endsAt / HOUR_MS) === Math.floor(window.endsAt / HOUR_MS)) {
        last.notionalUsd += window.notionalUsd;
        last.spanMs += window.spanMs;
        last.prints += window.prints;
        last.endsAt = Math.max(last.endsAt, window.endsAt);
      } else kept.push({ ...window });
      this.tallies.set(key, kept);
    }
  }

  /** The pair's 24 h USD volume at the rate of its windows of the last day; null when it was not read enough. */
  dailyUsd(exchangeId: string, coinId: string, quote: string, now: number): number | null {
    const tallies = this.tallies.get(TapeRates.key(exchangeId, coinId, quote)) ?? [];
    return dailyRate(tallies.filter((tally) => tally.endsAt > now - this.horizonMs));
  }

  /** How many hourly tallies are held, over all pairs (what the rates cost in memory). */
  get size(): number {
    let count = 0;
    for (const tallies of this.tallies.values()) count += tallies.length;
    return count;
  }
}

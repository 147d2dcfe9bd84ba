import type { TradePrint } from '@coinlens/market-model';
import { describe, expect, it } from 'vitest';

import { SCORE_PARAMETERS } from './methodology.js';
import { dailyRate, TapeRates, tapeCapped, tapeWindow } from './tape-rate.js';

const DAY_MS = 86_400_000;

/** `count` prints of `amount` at `price`, one every `gapMs` from `start`. */
function prints(count: number, gapMs: number, start = 0, amount = 1, price = 100): TradePrint[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `p${start}-${index}`,
    exchangeId: 'venue',
    coinId: 'coin',
    base: 'COIN',
    quote: 'USDT',
    price,
    amount,
    side: index % 2 === 0 ? 'buy' : 'sell',
    timestamp: start + index * gapMs,
  }));
}

describe('tape rate', () => {
  it('measures what a window prints a day, the first print opening its span', () => {
    // 100 prints of $100, one a second: $9,900 over 99 s.
    const window = tapeWindow(prints(100, 1_000), (print) => print.price * print.amount)!;
    expect(window).toMatchObject({ notionalUsd: 9_900, spanMs: 99_000, prints: 100 });
    expect(dailyRate([window])).toBeCloseTo((9_900 / 99_000) * DAY_MS);
  });

  it('says nothing from a window too short or too sparse', () => {
    const usd = (print: TradePrint) => print.price * print.amount;
    expect(dailyRate([tapeWindow(prints(100, 100), usd)!])).toBeNull();
    expect(dailyRate([tapeWindow(prints(10, 10_000), usd)!])).toBeNull();
  });

  it('reads a busy tape shorter than a minute from 2,000 prints, never from a burst at one instant', () => {
    const usd = (print: TradePrint) => print.price * print.amount;
    // 2,000 prints of $100 every 25 ms: $199,900 (the first print opens the span) over 49.975 s.
    const busy = tapeWindow(prints(2_000, 25), usd)!;
    expect(busy.spanMs).toBeLessThan(60_000);
    expect(dailyRate([busy])).toBeCloseTo((199_900 / 49_975) * DAY_MS);
    expect(dailyRate([tapeWindow(prints(1_999, 25), usd)!])).toBeNull();
    expect(dailyRate([tapeWindow(prints(2_000, 0), usd)!])).toBeNull();
  });

  it('caps a pair at the tolerance times its tape, and leaves a pair with no tape as reported', () => {
    expect(tapeCapped(10e6, 1e6)).toBe(SCORE_PARAMETERS.tapeTolerance * 1e6);
    expect(tapeCapped(1e6, 1e6)).toBe(1e6);
    expect(tapeCapped(10e6, null)).toBe(10e6);
  });

  it('pools the runs of the last day, each pair on its own, and forgets older windows', () => {
    const rates = new TapeRates();
    const usdPerCoin = () => 1;
    // A busy minute (1 print of 100 a second), then a quiet hour later (1 a minute): pooled, not either alone.
    rates.record('venue', prints(61, 1_000, 0, 100, 1), usdPerCoin, 60_000);
    rates.record('venue', prints(61, 60_000, 7_200_000, 100, 1), usdPerCoin, 10_800_000);
    const pooled = (2 * 60 * 100) / (60_000 + 3_600_000);
    expect(rates.dailyUsd('venue', 'coin', 'USDT', 10_800_000)).toBeCloseTo(pooled * DAY_MS);
    expect(rates.dailyUsd('venue', 'coin', 'USD', 10_800_000)).toBeNull();
    expect(rates.dailyUsd('other', 'coin', 'USDT', 10_800_000)).toBeNull();
    // A day after the busy minute only the quiet hour is left.
    expect(rates.dailyUsd('venue', 'coin', 'USDT', DAY_MS + 70_000)).toBeCloseTo(
      ((60 * 100) / 3_600_000) * DAY_MS,
    );
  });

  it('splits one read of interleaved pairs by pair, as reads of each pair alone would', () => {
    const usdPerCoin = () => 1;
    const btc = prints(61, 1_000, 0, 100, 1);
    const eth = prints(61, 1_000, 500, 7, 1).map((print) => ({ ...print, coinId: 'eth' }));
    const eur = prints(61, 2_000, 0, 3, 1).map((print) => ({ ...print, quote: 'EUR' }));
    const mixed = new TapeRates();
    mixed.record(
      'venue',
      [...btc, ...eth, ...eur].sort((a, b) => a.timestamp - b.timestamp),
      usdPerCoin,
      200_000,
    );
    const alone = new TapeRates();
    for (const pair of [btc, eth, eur]) alone.record('venue', pair, usdPerCoin, 200_000);
    for (const [coinId, quote] of [
      ['coin', 'USDT'],
      ['eth', 'USDT'],
      ['coin', 'EUR'],
    ] as const) {
      expect(mixed.dailyUsd('venue', coinId, quote, 200_000)).toBeGreaterThan(0);
      expect(mixed.dailyUsd('venue', coinId, quote, 200_000)).toBe(
        alone.dailyUsd('venue', coinId, quote, 200_000),
      );
    }
  });

  it('keeps the windows of one hour as one tally, at the rate of all of them', () => {
    const rates = new TapeRates();
    const usdPerCoin = () => 1;
    // Twelve runs five minutes apart, each reading the last minute: one print of 100 a second, then one of 200.
    for (let run = 0; run < 12; run++) {
      const start = run * 300_000;
      rates.record(
        'venue',
        prints(61, 1_000, start, run % 2 === 0 ? 100 : 200, 1),
        usdPerCoin,
        start + 60_000,
      );
    }
    expect(rates.size).toBe(1);
    const pooled = (6 * 60 * 100 + 6 * 60 * 200) / (12 * 60_000);
    expect(rates.dailyUsd('venue', 'coin', 'USDT', 3_600_000)).toBeCloseTo(pooled * DAY_MS);
    // The next hour's read opens a second tally.
    rates.record('venue', prints(61, 1_000, 3_600_000, 100, 1), usdPerCoin, 3_660_000);
    expect(rates.size).toBe(2);
  });

  it('skips a coin it cannot price', () => {
    const rates = new TapeRates();
    rates.record('venue', prints(100, 1_000), () => null, 100_000);
    expect(rates.dailyUsd('venue', 'coin', 'USDT', 100_000)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import type { WindowTally } from './tape-windows.js';
import {
  FLOW_WINDOW_BUCKETS,
  IMPACT_WINDOW_PRINTS,
  SIGN_WINDOW_PRINTS,
  TapeWindows,
} from './tape-windows.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A read of `count` sided prints of `pair` ("coin|quote") printed over [from, to], with `count / 30` flow buckets and
 * as many impact prints; `mark` sets it apart from the others in each tally.
 */
function read(
  pair: string,
  count: number,
  mark: number,
  from: number,
  to: number,
  leads = true,
): WindowTally {
  const [coinId, quoteCurrency] = pair.split('|') as [string, string];
  const flow = new Float64Array(count / 30);
  flow[0] = mark;
  return {
    coinId,
    quoteCurrency,
    from,
    to,
    leads,
    signs: { products: mark, links: count - 1, sum: 0, count },
    flow,
    impact: { correlation: mark / 10, prints: count },
  };
}

/** A read of one pair made at `at`, its prints over the minute before. */
const atMinute = (pair: string, count: number, mark: number, at: number) =>
  read(pair, count, mark, at - MINUTE, at);

/** Judges `tallies` read at `now` with what `windows` lends (of the coin with `coinId`), then keeps them. */
function judged(
  windows: TapeWindows,
  exchangeId: string,
  tallies: WindowTally[],
  now: number,
  coinId?: string,
) {
  const pooled = windows.pooled(exchangeId, tallies, now, coinId);
  windows.keep(exchangeId, tallies, now);
  return pooled;
}

describe('TapeWindows', () => {
  it('judges a long read alone, and a short one with the newest earlier reads until each test has its sample', () => {
    const windows = new TapeWindows();
    const alone = judged(windows, 'v', [atMinute('btc|usdt', 600, 1, 0)], 0);
    expect(alone.signs.count).toBe(600);
    expect(alone.flow).toEqual({ products: 1, buckets: 20 });
    for (let run = 2; run <= 5; run++)
      judged(windows, 'v', [atMinute('btc|usdt', 600, run, run * HOUR)], run * HOUR);
    // 300 of its own: the sign test borrows the two newest (1,500 ≥ 1,000); the flow and impact tests borrow
    // until 3,000 prints (100 buckets), the four newest plus the oldest.
    const pooled = judged(windows, 'v', [atMinute('btc|usdt', 300, 6, 6 * HOUR)], 6 * HOUR);
    expect(pooled.signs).toEqual({ products: 6 + 5 + 4, links: 299 + 599 + 599, sum: 0, count: 1_500 });
    expect(pooled.flow).toEqual({ products: 6 + 5 + 4 + 3 + 2 + 1, buckets: 10 + 5 * 20 });
    expect(pooled.impact.prints).toBe(300 + 5 * 600);
    expect(pooled.impact.correlation).toBeCloseTo(
      (0.6 * 300 + (0.5 + 0.4 + 0.3 + 0.2 + 0.1) * 600) / 3_300,
      12,
    );
    expect(SIGN_WINDOW_PRINTS).toBeLessThan(IMPACT_WINDOW_PRINTS);
    expect(FLOW_WINDOW_BUCKETS * 30).toBe(IMPACT_WINDOW_PRINTS);
    // A read long enough for every test stands alone.
    const long = judged(windows, 'v', [atMinute('btc|usdt', IMPACT_WINDOW_PRINTS, 7, 7 * HOUR)], 7 * HOUR);
    expect(long.signs.count).toBe(IMPACT_WINDOW_PRINTS);
    expect(long.flow).toEqual({ products: 7, buckets: FLOW_WINDOW_BUCKETS });
  });

  it('counts no print twice: a quiet pair read again over the same hour borrows nothing of it, and is not kept', () => {
    const windows = new TapeWindows();
    // A quiet pair read every five minutes: each read holds the last hour's 120 prints.
    const hourBefore = (at: number, mark: number) => read('xyz|usdt', 120, mark, at - HOUR, at);
    judged(windows, 'v', [hourBefore(HOUR, 1)], HOUR);
    for (let minutes = 65; minutes < 120; minutes += 5) {
      const at = minutes * MINUTE;
      // Every read until the hour has passed overlaps the first: it stands alone.
      expect(judged(windows, 'v', [hourBefore(at, minutes)], at).signs.count).toBe(120);
    }
    // The read of the next hour shares no print with the first: it borrows it, and is kept after it.
    const next = judged(windows, 'v', [hourBefore(2 * HOUR, 2)], 2 * HOUR);
    expect(next.signs).toEqual({ products: 2 + 1, links: 2 * 119, sum: 0, count: 240 });
    // Five minutes on, the read overlaps the second hour's but not the first's: it borrows the first alone.
    const after = judged(windows, 'v', [hourBefore(2 * HOUR + 5 * MINUTE, 3)], 2 * HOUR + 5 * MINUTE);
    expect(after.signs).toEqual({ products: 3 + 1, links: 2 * 119, sum: 0, count: 240 });
  });

  it('lends a coin the reads of its other pairs, and a venue only those of the pairs it reads', () => {
    const windows = new TapeWindows();
    // The coin's main pair, read by a run; then a second quote, read by the rotation, whose flow is not read.
    judged(windows, 'v', [atMinute('eth|usdt', 600, 1, HOUR)], HOUR);
    const otherQuote = { ...atMinute('eth|usdc', 300, 2, 2 * HOUR), leads: false };
    const coin = judged(windows, 'v', [otherQuote], 2 * HOUR, 'eth');
    expect(coin.flow).toEqual({ products: 1, buckets: 20 });
    expect(coin.impact.prints).toBe(600);
    expect(coin.signs.count).toBe(900);
    // Judged as a venue's pairs, the second quote borrows only its own reads: none before this one.
    const venue = windows.pooled(
      'v',
      [{ ...atMinute('eth|usdc', 300, 3, 3 * HOUR), leads: false }],
      3 * HOUR,
    );
    expect(venue.signs).toEqual({ products: 3 + 2, links: 2 * 299, sum: 0, count: 600 });
    expect(venue.flow).toEqual({ products: 0, buckets: 0 });
  });

  it('keeps venues and coins apart and lends nothing a day old', () => {
    const windows = new TapeWindows();
    judged(windows, 'v', [atMinute('btc|usdt', 300, 1, 0)], 0);
    judged(windows, 'w', [atMinute('eth|usdt', 300, 2, 0)], 0);
    expect(judged(windows, 'v', [atMinute('eth|usdt', 90, 3, HOUR)], HOUR, 'eth').signs.count).toBe(90);
    expect(judged(windows, 'v', [atMinute('btc|usdt', 90, 4, 25 * HOUR)], 25 * HOUR).signs.count).toBe(90);
    windows.forgetBefore(25 * HOUR);
    expect(judged(windows, 'w', [atMinute('eth|usdt', 90, 5, 25 * HOUR)], 25 * HOUR).signs.count).toBe(90);
    const pooled = judged(windows, 'v', [atMinute('btc|usdt', 90, 6, 26 * HOUR)], 26 * HOUR);
    expect(pooled.signs).toEqual({ products: 10, links: 178, sum: 0, count: 180 });
    expect(pooled.flow).toEqual({ products: 10, buckets: 6 });
    expect(pooled.impact.prints).toBe(180);
  });
});

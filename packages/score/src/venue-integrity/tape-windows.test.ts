import { describe, expect, it } from 'vitest';

import type { FlowWindow } from './tape-windows.js';
import {
  FLOW_WINDOW_BUCKETS,
  IMPACT_WINDOW_PRINTS,
  SIGN_WINDOW_PRINTS,
  TapeWindows,
} from './tape-windows.js';

const HOUR = 3_600_000;
/**
 * A window of `count` sided prints, `count / 30` buckets and as many impact prints; `mark` sets it apart from the
 * others in each tally.
 */
const window = (count: number, mark: number): FlowWindow => ({
  signs: { products: mark, links: count - 1, sum: 0, count },
  flow: { products: mark, buckets: count / 30 },
  impact: { correlation: mark / 10, prints: count },
});

describe('TapeWindows', () => {
  it('judges a long window alone, and a short one with the newest earlier windows until each test has its sample', () => {
    const windows = new TapeWindows();
    expect(windows.pooled('v', 'btc', window(600, 1), 0)).toEqual(window(600, 1));
    windows.pooled('v', 'btc', window(600, 2), HOUR);
    windows.pooled('v', 'btc', window(600, 3), 2 * HOUR);
    windows.pooled('v', 'btc', window(600, 4), 3 * HOUR);
    windows.pooled('v', 'btc', window(600, 5), 4 * HOUR);
    // 300 of its own: the sign test borrows the two newest (1,500 ≥ 1,000); the flow and impact tests borrow
    // until 3,000 prints (100 buckets), the four newest plus the oldest.
    const pooled = windows.pooled('v', 'btc', window(300, 6), 5 * HOUR);
    expect(pooled.signs).toEqual({ products: 6 + 5 + 4, links: 299 + 599 + 599, sum: 0, count: 1_500 });
    expect(pooled.flow).toEqual({ products: 6 + 5 + 4 + 3 + 2 + 1, buckets: 10 + 5 * 20 });
    expect(pooled.impact.prints).toBe(300 + 5 * 600);
    expect(pooled.impact.correlation).toBeCloseTo(
      (0.6 * 300 + (0.5 + 0.4 + 0.3 + 0.2 + 0.1) * 600) / 3_300,
      12,
    );
    expect(SIGN_WINDOW_PRINTS).toBeLessThan(IMPACT_WINDOW_PRINTS);
    expect(FLOW_WINDOW_BUCKETS * 30).toBe(IMPACT_WINDOW_PRINTS);
    // A window long enough for every test stands alone.
    expect(windows.pooled('v', 'btc', window(IMPACT_WINDOW_PRINTS, 7), 6 * HOUR)).toEqual(
      window(IMPACT_WINDOW_PRINTS, 7),
    );
  });

  it('keeps venues and coins apart and lends nothing a day old', () => {
    const windows = new TapeWindows();
    windows.pooled('v', 'btc', window(300, 1), 0);
    windows.pooled('w', 'eth', window(300, 2), 0);
    expect(windows.pooled('v', 'eth', window(90, 3), HOUR)).toEqual(window(90, 3));
    expect(windows.pooled('v', 'btc', window(90, 4), 25 * HOUR)).toEqual(window(90, 4));
    windows.forgetBefore(25 * HOUR);
    expect(windows.pooled('w', 'eth', window(90, 5), 25 * HOUR)).toEqual(window(90, 5));
    const pooled = windows.pooled('v', 'btc', window(90, 6), 26 * HOUR);
    expect(pooled.signs).toEqual({ products: 10, links: 178, sum: 0, count: 180 });
    expect(pooled.flow).toEqual({ products: 10, buckets: 6 });
    expect(pooled.impact.prints).toBe(180);
  });
});

import { describe, expect, it } from 'vitest';

import type { SignTally } from './sign-clustering.js';
import { SIGN_WINDOW_PRINTS, SignWindows } from './sign-windows.js';

const HOUR = 3_600_000;
/** A window of `count` sided prints, `products` marking it apart from the others. */
const window = (count: number, products: number): SignTally => ({
  products,
  links: count - 1,
  sum: 0,
  count,
});

describe('SignWindows', () => {
  it('judges a long window alone, and a short one with the newest earlier windows until they reach the minimum', () => {
    const windows = new SignWindows();
    expect(windows.pooled('v', 'btc', window(400, 1), 0)).toEqual(window(400, 1));
    windows.pooled('v', 'btc', window(400, 2), HOUR);
    windows.pooled('v', 'btc', window(400, 3), 2 * HOUR);
    // 300 of its own, then the newest earlier windows: 400 + 400 reach 1,000; the oldest is not needed.
    expect(windows.pooled('v', 'btc', window(300, 4), 3 * HOUR)).toEqual({
      products: 4 + 3 + 2,
      links: 299 + 399 + 399,
      sum: 0,
      count: 1_100,
    });
    expect(windows.pooled('v', 'btc', window(SIGN_WINDOW_PRINTS, 5), 4 * HOUR)).toEqual(
      window(SIGN_WINDOW_PRINTS, 5),
    );
  });

  it('keeps venues and coins apart and lends nothing a day old', () => {
    const windows = new SignWindows();
    windows.pooled('v', 'btc', window(400, 1), 0);
    windows.pooled('w', 'eth', window(400, 2), 0);
    expect(windows.pooled('v', 'eth', window(100, 3), HOUR)).toEqual(window(100, 3));
    expect(windows.pooled('v', 'btc', window(100, 4), 25 * HOUR)).toEqual(window(100, 4));
    windows.forgetBefore(25 * HOUR);
    expect(windows.pooled('w', 'eth', window(100, 5), 25 * HOUR)).toEqual(window(100, 5));
    expect(windows.pooled('v', 'btc', window(100, 6), 26 * HOUR)).toEqual({
      products: 10,
      links: 198,
      sum: 0,
      count: 200,
    });
  });
});

/**
 * A live score run reads the latest 500 prints of each sampled pair: on Binance's BTC/USDT that is seconds of
 * trading, and honest flow is bursty at that scale (market makers quote and take the same round sizes). Every such
 * stretch of the real Binance 2024 tapes must pass the matched-leg test as the real venue it is.
 */
import { describe, expect, it } from 'vitest';

import { honestShare, integrityFeatures } from '@coinlens/score';
import { realTapes, realTapesPresent } from './support/real-tapes.js';

const STRETCH = 500;

describe.skipIf(!realTapesPresent)('short stretches of real Binance tapes', () => {
  it('are not taken for matched legs: the notional share is judged on its effective print count', () => {
    const binance = realTapes().filter((tape) => tape.venue.startsWith('binance-2024'));
    expect(binance.map((tape) => tape.base).sort()).toEqual(['BTC', 'ETH']);
    let stretches = 0;
    let flagged = 0;
    for (const tape of binance)
      for (let start = 0; start + STRETCH <= tape.prints.length; start += STRETCH / 2) {
        const trades = tape.prints.slice(start, start + STRETCH);
        const features = integrityFeatures({
          exchangeId: tape.venue,
          trades,
          books: [],
          reportedVolumeUsd24h: 1e9,
          depthUsd2pct: null,
        });
        stretches++;
        if (honestShare(features).flags.includes('matched_legs')) flagged++;
      }
    expect(stretches).toBeGreaterThan(100);
    // Counted on prints, 14 of the 135 stretches were flagged; on the effective count, 1 (a 2 % share above 6 %).
    expect(flagged / stretches).toBeLessThan(0.02);
  });
});

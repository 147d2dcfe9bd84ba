import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_BACKOFF_MS, nextPollAt } from './feed-backoff.js';

const NOW = Date.UTC(2026, 8, 30, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('nextPollAt', () => {
  it('waits one interval after a success', () => {
    expect(nextPollAt(NOW, 15 * MINUTE, 0)).toBe(NOW + 15 * MINUTE);
  });

  it('doubles the wait with each consecutive failure, up to 6 hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 100, Infinity].map((n) => nextPollAt(NOW, 15 * MINUTE, n) - NOW);
    expect(waits).toEqual([
      15 * MINUTE,
      30 * MINUTE,
      HOUR,
      2 * HOUR,
      4 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
    expect(MAX_BACKOFF_MS).toBe(6 * HOUR);
  });

  it('never polls earlier than Retry-After, and ignores a Retry-After shorter than the back-off', () => {
    expect(nextPollAt(NOW, 15 * MINUTE, 1, 2 * HOUR)).toBe(NOW + 2 * HOUR);
    expect(nextPollAt(NOW, 15 * MINUTE, 3, 10 * MINUTE)).toBe(NOW + HOUR);
    expect(nextPollAt(NOW, 15 * MINUTE, 0, 20 * MINUTE)).toBe(NOW + 20 * MINUTE);
    expect(nextPollAt(NOW, 15 * MINUTE, 1, 30 * HOUR)).toBe(NOW + 30 * HOUR);
    expect(nextPollAt(NOW, 15 * MINUTE, 1, null)).toBe(NOW + 15 * MINUTE);
    expect(nextPollAt(NOW, 15 * MINUTE, 1, Number.NaN)).toBe(NOW + 15 * MINUTE);
  });

  it('does not poll a slow feed more often because it fails', () => {
    expect(nextPollAt(NOW, 12 * HOUR, 3)).toBe(NOW + 12 * HOUR);
  });

  it('treats odd failure counts sanely and refuses a bad interval', () => {
    expect(nextPollAt(NOW, HOUR, -3)).toBe(NOW + HOUR);
    expect(nextPollAt(NOW, HOUR, Number.NaN)).toBe(NOW + HOUR);
    expect(nextPollAt(NOW, HOUR, 2.7)).toBe(NOW + 2 * HOUR);
    expect(() => nextPollAt(NOW, -1, 0)).toThrow(RangeError);
    expect(() => nextPollAt(NOW, Number.NaN, 0)).toThrow(RangeError);
  });

  const interval = fc.integer({ min: 1_000, max: 24 * HOUR });
  const failures = fc.integer({ min: 0, max: 1_000 });
  const retryAfter = fc.option(fc.integer({ min: 0, max: 48 * HOUR }), { nil: null });

  it('property: never earlier than now + interval (after a success) or now + Retry-After', () => {
    fc.assert(
      fc.property(interval, failures, retryAfter, (intervalMs, n, retry) => {
        const next = nextPollAt(NOW, intervalMs, n, retry);
        expect(next).toBeGreaterThanOrEqual(NOW + intervalMs);
        if (retry !== null) expect(next).toBeGreaterThanOrEqual(NOW + retry);
        expect(Number.isFinite(next)).toBe(true);
      }),
    );
  });

  it('property: monotonic (non-decreasing) in the number of failures', () => {
    fc.assert(
      fc.property(interval, failures, failures, retryAfter, (intervalMs, a, b, retry) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(nextPollAt(NOW, intervalMs, more, retry)).toBeGreaterThanOrEqual(
          nextPollAt(NOW, intervalMs, fewer, retry),
        );
      }),
    );
  });

  it('property: without Retry-After, a failing feed waits at most max(6 h, interval)', () => {
    fc.assert(
      fc.property(interval, failures, (intervalMs, n) => {
        expect(nextPollAt(NOW, intervalMs, n) - NOW).toBeLessThanOrEqual(
          Math.max(MAX_BACKOFF_MS, intervalMs),
        );
      }),
    );
  });
});

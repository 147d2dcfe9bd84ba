import { describe, expect, it } from 'vitest';

import { hitAddressLimit, MemoryAttemptLimiter } from './attempt-limiter.js';

const WINDOW = 60_000;

/** Attempts from `addresses` in turn, one each, against a limit of `limit`: how many were allowed. */
async function allowedOf(limiter: MemoryAttemptLimiter, addresses: readonly string[], limit: number) {
  let allowed = 0;
  for (const address of addresses)
    if ((await hitAddressLimit(limiter, 'login', address, limit, WINDOW)).allowed) allowed++;
  return allowed;
}

/** One address in each of `count` different /64s of the /48 2001:db8:7::/48 (all in its first /56 while < 256). */
function fresh64s(count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, index) => `2001:db8:7:${(start + index).toString(16)}::1`);
}

describe('hitAddressLimit', () => {
  it('holds one address to the limit, as the /64 key alone did', async () => {
    const limiter = new MemoryAttemptLimiter(() => 0);
    expect(await allowedOf(limiter, Array<string>(10).fill('2001:db8:7:1::5'), 3)).toBe(3);
    expect(await allowedOf(limiter, Array<string>(10).fill('192.0.2.7'), 3)).toBe(3);
  });

  it('holds a /56 to 4 × the limit and a /48 to 16 ×, however many fresh /64s the caller picks', async () => {
    const limiter = new MemoryAttemptLimiter(() => 0);
    // 100 fresh /64s in one /56: before, each had a limit of its own and all 100 passed.
    expect(await allowedOf(limiter, fresh64s(100), 3)).toBe(12);
    // The other /56s of the /48 add up to 16 × the limit over the whole /48.
    const other56s = Array.from(
      { length: 60 },
      (_, index) => `2001:db8:7:${(0x100 * (index + 1)).toString(16)}::1`,
    );
    expect(await allowedOf(limiter, other56s, 3)).toBe(48 - 12);
  });

  it('never lets one noisy /64 use up the budget of the rest of its /48', async () => {
    const limiter = new MemoryAttemptLimiter(() => 0);
    expect(await allowedOf(limiter, Array<string>(100).fill('2001:db8:7:1::5'), 3)).toBe(3);
    expect(await allowedOf(limiter, ['2001:db8:7:2::5'], 3)).toBe(1);
  });

  it('answers when to retry from the key that refused', async () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter(() => now);
    await allowedOf(limiter, fresh64s(12), 3);
    now = 10_000;
    const refused = await hitAddressLimit(limiter, 'login', '2001:db8:7:ff::1', 3, WINDOW);
    expect(refused).toEqual({ allowed: false, retryAfterMs: WINDOW - 10_000 });
  });
});

import { describe, expect, it } from 'vitest';

import { MemoryReplayGuard } from './replay-guard.js';

describe('MemoryReplayGuard', () => {
  it('accepts a key once within its lifetime and again after it expires', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    expect(await guard.claim('a', 1000)).toBe(true);
    expect(await guard.claim('a', 1000)).toBe(false);
    expect(await guard.claim('b', 1000)).toBe(true);
    now = 1001;
    expect(await guard.claim('a', 1000)).toBe(true);
  });

  it('sweeps expired keys so memory follows the traffic of one window', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    for (let i = 0; i < 100; i++) await guard.claim(`k${i}`, 500);
    now = 2000;
    await guard.claim('fresh', 500);
    expect(guard.size).toBe(1);
  });

  it('keeps its expiry order when an expired key is claimed again before the sweep got to it', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    await guard.claim('a', 1500); // lives until 1500
    now = 100;
    await guard.claim('b', 1500); // until 1600
    now = 1000;
    await guard.claim('x', 1500); // a sweep; until 2500
    now = 1550;
    expect(await guard.claim('a', 1500)).toBe(true); // expired, not yet swept: until 3050, now last in order
    now = 2000;
    await guard.claim('y', 1500); // the sweep drops b, stops at x
    expect(guard.size).toBe(3);
    expect(await guard.claim('a', 1500)).toBe(false);
  });

  it('stays within its size bound by evicting the oldest key', async () => {
    const guard = new MemoryReplayGuard(() => 0, 3);
    for (const key of ['a', 'b', 'c', 'd']) await guard.claim(key, 10_000);
    expect(guard.size).toBe(3);
    expect(await guard.claim('d', 10_000)).toBe(false);
  });
});

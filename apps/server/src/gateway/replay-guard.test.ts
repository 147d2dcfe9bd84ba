import { describe, expect, it } from 'vitest';

import { FingerprintSet } from './fingerprint-set.js';
import { MemoryReplayGuard } from './replay-guard.js';

describe('MemoryReplayGuard', () => {
  it('accepts a key once, refuses it for at least its lifetime, and forgets it within twice that', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    now = 900;
    expect(await guard.claim('a', 1000)).toBe(true);
    expect(await guard.claim('a', 1000)).toBe(false);
    expect(await guard.claim('b', 1000)).toBe(true);
    now = 1500; // a rotation: 'a' is in the previous generation now
    expect(await guard.claim('a', 1000)).toBe(false);
    now = 1899;
    expect(await guard.claim('a', 1000)).toBe(false);
    now = 3600;
    expect(await guard.claim('a', 1000)).toBe(true);
  });

  it('drops a whole generation at once, so memory follows the traffic of two lifetimes', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    for (let i = 0; i < 100; i++) await guard.claim(`k${i}`, 500);
    expect(guard.size).toBe(100);
    now = 2000;
    await guard.claim('fresh', 500);
    expect(guard.size).toBe(1);
  });

  it('stays within two generations of its bound under a flood, and still refuses the newest keys', async () => {
    const guard = new MemoryReplayGuard(() => 0, 3);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    for (const key of keys) expect(await guard.claim(key, 10_000)).toBe(true);
    expect(guard.size).toBeLessThanOrEqual(6);
    for (const key of ['e', 'f', 'g']) expect(await guard.claim(key, 10_000)).toBe(false);
  });

  it('tells apart a hundred thousand signatures that share their first characters', async () => {
    const guard = new MemoryReplayGuard(() => 0);
    const signatures = Array.from(
      { length: 100_000 },
      (_, i) => `0123456789abcdef${i.toString(16).padStart(16, '0')}`,
    );
    for (const signature of signatures) expect(await guard.claim(signature, 60_000)).toBe(true);
    expect(guard.size).toBe(100_000);
    for (const signature of signatures.slice(0, 1_000))
      expect(await guard.claim(signature, 60_000)).toBe(false);
  });
});

describe('FingerprintSet', () => {
  it('keeps every member through its growth and finds no others', () => {
    const set = new FingerprintSet(1_000_000, 8);
    const members: [number, number][] = Array.from({ length: 5_000 }, (_, i) => [
      (i * 2654435761) >>> 0,
      (i * 40503) | 1,
    ]);
    for (const [high, low] of members) set.add(high, low);
    expect(set.size).toBe(5_000);
    expect(members.every(([high, low]) => set.has(high, low))).toBe(true);
    const strangers = members.map(([high, low]) => [high ^ 0x80000000, low] as const);
    expect(strangers.some(([high, low]) => set.has(high >>> 0, low))).toBe(false);
  });

  it('says when it holds its maximum', () => {
    const set = new FingerprintSet(2);
    set.add(1, 1);
    expect(set.full).toBe(false);
    set.add(2, 1);
    expect(set.full).toBe(true);
  });
});

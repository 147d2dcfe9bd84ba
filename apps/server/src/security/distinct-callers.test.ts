import { describe, expect, it } from 'vitest';

import { INTEREST_FLOOR, MemoryDistinctCallers } from './distinct-callers.js';

const HOUR = 3_600_000;

async function recordFrom(counter: MemoryDistinctCallers, key: string, callers: readonly string[]) {
  for (const caller of callers) await counter.record(key, caller);
}

describe('MemoryDistinctCallers', () => {
  it('counts a caller once per key and hour however often it repeats', async () => {
    const counter = new MemoryDistinctCallers(() => 10 * HOUR);
    for (let view = 0; view < 300; view += 1) await counter.record('dogecoin', '203.0.113.9');
    await recordFrom(counter, 'aave', ['a', 'b', 'c']);
    const counts = await counter.counts();
    expect(counts.get('aave')).toBe(3);
    expect(counts.has('dogecoin')).toBe(false);
  });

  it(`leaves out a key with fewer than ${INTEREST_FLOOR} callers, so two devices cannot move a hot list`, async () => {
    const counter = new MemoryDistinctCallers(() => 10 * HOUR);
    const few = Array.from({ length: INTEREST_FLOOR - 1 }, (_, index) => `caller-${index}`);
    await recordFrom(counter, 'pumped', few);
    expect((await counter.counts()).has('pumped')).toBe(false);
    await counter.record('pumped', 'one-more');
    expect((await counter.counts()).get('pumped')).toBe(INTEREST_FLOOR);
  });

  it('sums a caller back in another hour, and forgets what left the last 24 hours', async () => {
    let now = 10 * HOUR;
    const counter = new MemoryDistinctCallers(() => now);
    await recordFrom(counter, 'bitcoin', ['a', 'b', 'c']);
    now += HOUR;
    await recordFrom(counter, 'bitcoin', ['a']);
    expect((await counter.counts()).get('bitcoin')).toBe(4);
    now += 23 * HOUR; // the first hour has left the window
    expect((await counter.counts()).has('bitcoin')).toBe(false);
  });
});

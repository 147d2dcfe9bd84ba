import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';

import { applySteadyGrowth, heapGrowthHeld, withHeldHeapGrowth } from './heap-growth.js';

describe('the heap growth held during a background job', () => {
  it('holds it while the work runs, also when two jobs overlap, and lets go when the last ends or fails', async () => {
    applySteadyGrowth();
    expect(heapGrowthHeld()).toBe(false);
    let release!: () => void;
    const first = withHeldHeapGrowth(() => new Promise<void>((resolve) => (release = resolve)));
    const seenInside: boolean[] = [];
    await withHeldHeapGrowth(() => {
      seenInside.push(heapGrowthHeld());
      return Promise.resolve();
    });
    // The second job ended; the first still holds it.
    expect(heapGrowthHeld()).toBe(true);
    release();
    await first;
    expect(seenInside).toEqual([true]);
    expect(heapGrowthHeld()).toBe(false);
    await expect(withHeldHeapGrowth(() => Promise.reject(new Error('run failed')))).rejects.toThrow(
      'run failed',
    );
    expect(heapGrowthHeld()).toBe(false);
    // The flag itself is V8's: the process goes on collecting normally.
    expect(getHeapStatistics().used_heap_size).toBeGreaterThan(0);
  });
});

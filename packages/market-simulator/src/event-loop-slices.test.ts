import { describe, expect, it } from 'vitest';

import { immediateSlices } from './event-loop-slices.js';

/** Whether an immediate queued before the pause ran before the pause returned. */
async function yieldedDuring(pause: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await pause();
  return ran;
}

describe('the default slicer', () => {
  it('returns at once inside a slice', async () => {
    const slices = immediateSlices(60_000);
    expect(await yieldedDuring(() => slices.pause())).toBe(false);
  });

  it('hands the event loop back once a slice has run its length, then starts a new slice', async () => {
    const slices = immediateSlices(50);
    const started = performance.now();
    while (performance.now() - started < 60);
    expect(await yieldedDuring(() => slices.pause())).toBe(true);
    expect(await yieldedDuring(() => slices.pause())).toBe(false);
  });
});

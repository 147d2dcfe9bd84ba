import { describe, expect, it } from 'vitest';

import { EventLoopSlices } from './event-loop-slices.js';
import { SharedTurns } from './shared-turns.js';

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: a synchronous step of a long job
  }
}

describe('EventLoopSlices', () => {
  it('lets a timer run between slices of a job that never awaits anything slow', async () => {
    const slices = new EventLoopSlices(5);
    let timerRanDuringJob = false;
    let jobDone = false;
    setTimeout(() => {
      timerRanDuringJob = !jobDone;
    }, 0);
    for (let step = 0; step < 20; step++) {
      busyFor(2);
      await slices.pause();
    }
    jobDone = true;
    expect(timerRanDuringJob).toBe(true);
  });

  it('does not hand the loop back inside a slice', async () => {
    // Its own turns and a clock that stands still: inside the turn it was resumed in, the job never spends it.
    const turns = new SharedTurns(5, () => 0);
    await turns.yieldTurn();
    const slices = new EventLoopSlices(60_000, turns);
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    for (let step = 0; step < 100; step++) await slices.pause();
    expect(timerRan).toBe(false);
  });
});

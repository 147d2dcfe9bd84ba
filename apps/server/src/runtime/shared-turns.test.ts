import { describe, expect, it } from 'vitest';

import { EventLoopSlices } from './event-loop-slices.js';
import { SharedTurns } from './shared-turns.js';

/**
 * A fake event loop: a clock that only moves when a job "works", and turns run one at a time by the test.
 * Each job records, per turn, how long it worked.
 */
function fakeLoop(budgetMs: number) {
  let now = 0;
  let turn = 0;
  const queued: (() => void)[] = [];
  const turns = new SharedTurns(
    budgetMs,
    () => now,
    (run) => queued.push(run),
  );
  const worked: { job: string; turn: number; ms: number }[] = [];
  return {
    turns,
    clock: () => now,
    work(job: string, ms: number) {
      now += ms;
      worked.push({ job, turn, ms });
    },
    /** Runs what the last turn queued, then lets every resumed job run until it waits again. */
    async runTurn() {
      turn++;
      const runs = queued.splice(0);
      for (const run of runs) run();
      for (let settle = 0; settle < 50; settle++) await Promise.resolve();
      return queued.length > 0;
    },
    msPerTurn(job?: string) {
      const totals = new Map<number, number>();
      for (const entry of worked)
        if (job === undefined || entry.job === job)
          totals.set(entry.turn, (totals.get(entry.turn) ?? 0) + entry.ms);
      return totals;
    },
  };
}

/** A job of `steps` steps of `stepMs` each, pausing after every step; resolves when done. */
async function job(
  loop: ReturnType<typeof fakeLoop>,
  name: string,
  steps: number,
  stepMs: number,
  sliceMs: number,
) {
  const slices = new EventLoopSlices(sliceMs, loop.turns);
  for (let step = 0; step < steps; step++) {
    loop.work(name, stepMs);
    await slices.pause();
  }
}

describe('SharedTurns', () => {
  it('keeps every turn near one budget however many sliced jobs run at once', async () => {
    const loop = fakeLoop(8);
    const jobs = ['ingest', 'simulator', 'backfill', 'writes'].map((name) => job(loop, name, 40, 1, 5));
    while (await loop.runTurn());
    await Promise.all(jobs);
    // Turn 0 is the synchronous start, before any job has yielded; after it, no turn runs more than the budget
    // plus the step that crossed it.
    const perTurn = [...loop.msPerTurn().entries()].filter(([turn]) => turn > 0);
    expect(perTurn.length).toBeGreaterThan(10);
    for (const [, ms] of perTurn) expect(ms).toBeLessThanOrEqual(8 + 1);
  });

  it('starves no job: one that yielded is resumed before one that yields after it', async () => {
    const loop = fakeLoop(8);
    const names = ['a', 'b', 'c'];
    const jobs = names.map((name) => job(loop, name, 30, 5, 5));
    const turnsOfFirstWork = new Map<string, number>();
    for (let turn = 1; turn <= 6; turn++) {
      await loop.runTurn();
      for (const name of names)
        if (!turnsOfFirstWork.has(name) && (loop.msPerTurn(name).get(turn) ?? 0) > 0)
          turnsOfFirstWork.set(name, turn);
    }
    // Each 5 ms step uses most of an 8 ms budget, so the three jobs take the turns in rotation.
    expect(new Set(turnsOfFirstWork.keys())).toEqual(new Set(names));
    while (await loop.runTurn());
    await Promise.all(jobs);
    for (const name of names) expect([...loop.msPerTurn(name).values()].reduce((a, b) => a + b)).toBe(150);
  });

  it('hands on to a waiting job while the turn has budget left', async () => {
    const loop = fakeLoop(8);
    const jobs = [job(loop, 'a', 24, 1, 3), job(loop, 'b', 24, 1, 3)];
    while (await loop.runTurn());
    await Promise.all(jobs);
    // Two 3 ms slices fit in an 8 ms turn: both jobs work in every turn until one is done.
    const turnsOfA = loop.msPerTurn('a');
    const turnsOfB = loop.msPerTurn('b');
    const shared = [...turnsOfA.keys()].filter((turn) => turn > 0 && turnsOfB.has(turn));
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const [turn, ms] of loop.msPerTurn()) if (turn > 0) expect(ms).toBeLessThanOrEqual(8);
  });
});

import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to 1.5 × what the last full collection left (heap-tuning.ts says why). */
export const STEADY_GROWTH_PERCENT = 50;
/**
 * While a background job holds a transient working set, 1.2 ×: the score run adds ~15–20 MB of live data for a
 * minute (its tallies, coin tapes, the tickers it copies, the sampler's depth), and at 1.5 × of that the old
 * generation grew by ~25–30 MB, which V8 gave back only a minute or two after the run (RSS 280 → 302–307 MB in
 * `bench:memory`). The cost is more full collections while the job runs, in a job that hands the event loop back.
 */
export const HELD_GROWTH_PERCENT = 20;

let tuned = false;
let holders = 0;

/** Sets the steady growth (the server does, at start; a process that never does is left as V8 runs it). */
export function applySteadyGrowth(): void {
  tuned = true;
  setFlagsFromString(`--heap-growing-percent=${STEADY_GROWTH_PERCENT}`);
}

/** Runs `work` with the old generation's growth held to `HELD_GROWTH_PERCENT`, then back to the steady growth. */
export async function withHeldHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (!tuned) return work();
  if (holders++ === 0) setFlagsFromString(`--heap-growing-percent=${HELD_GROWTH_PERCENT}`);
  try {
    return await work();
  } finally {
    if (--holders === 0) setFlagsFromString(`--heap-growing-percent=${STEADY_GROWTH_PERCENT}`);
  }
}

/** Whether a job holds the growth now (for tests and the start-up log). */
export function heapGrowthHeld(): boolean {
  return tuned && holders > 0;
}

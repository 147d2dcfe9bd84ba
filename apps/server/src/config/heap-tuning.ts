/**
 * V8 heap settings for this server's allocation pattern (measured with `npm run bench:memory` and
 * `bench:start`; docs/performance.md). The market arrives in one burst a second: ~20,000 venue tickers that
 * live for the whole tick (tens of milliseconds) and then die.
 *
 * - From the start (main.ts imports this module first): no allocation-site pretenuring. Pretenuring saw those
 *   tickers alive at every young-generation collection inside a tick and moved their allocation site to the old
 *   generation, so a second's worth of dead tickers (~5 MB) reached the old generation every second and only a
 *   full collection took them back. Without it they die young.
 * - Once start-up's work is done (`tightenHeapForSteadyState`, when the history is loaded and stored): the old
 *   generation may grow to 1.5 × what was live after the last full collection. V8 picks 1.1–4 × from its own
 *   speed estimates, which here meant ~450 MB of heap for ~100 MB live. Not tighter: at 1.25 × the full
 *   collections came often enough under 10,000 WebSocket clients to double the live feed's p99 delivery
 *   (`bench:ws` 250 → 412 ms). Not during start-up: the back-fill's allocation then triggers full collection
 *   after full collection (the first answers came ~1 s later and the event loop's p99 doubled).
 *
 * The collector reads both flags as it runs, so setting them in the running process takes effect.
 */
import { setFlagsFromString } from 'node:v8';

export const START_HEAP_FLAGS = ['--no-allocation-site-pretenuring'] as const;
export const STEADY_STATE_HEAP_FLAGS = ['--heap-growing-percent=50'] as const;

for (const flag of START_HEAP_FLAGS) setFlagsFromString(flag);

export function tightenHeapForSteadyState(): void {
  for (const flag of STEADY_STATE_HEAP_FLAGS) setFlagsFromString(flag);
}

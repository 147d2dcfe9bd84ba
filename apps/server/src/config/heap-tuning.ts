/**
 * V8 heap settings for this server's allocation pattern, set before anything else is loaded (main.ts imports
 * this module first). The market arrives in one burst a second: ~20,000 venue tickers that live for the whole
 * tick (tens of milliseconds) and then die. Measured with `npm run bench:memory` (docs/performance.md):
 *
 * - Allocation-site pretenuring saw those tickers alive at every young-generation collection inside the tick and
 *   moved their allocation site to the old generation, so a second's worth of dead tickers (~5 MB) reached the
 *   old generation every second and only a full collection took them back. Without it they die young.
 * - The old generation may grow to 1.25 × what was live after the last full collection (V8 picks 1.1–4 × by
 *   its own speed estimates, which on this machine meant ~450 MB of heap for ~100 MB live). Full collections
 *   are concurrent and incremental here, so the cost is a little more background marking, not longer pauses.
 *
 * Both flags are read by the collector at each collection, so setting them at start-up takes effect.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_FLAGS = ['--no-allocation-site-pretenuring', '--heap-growing-percent=25'] as const;

for (const flag of HEAP_FLAGS) setFlagsFromString(flag);

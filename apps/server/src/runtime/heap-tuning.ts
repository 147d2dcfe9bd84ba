/**
 * V8 heap settings for this server's allocation pattern (measured with `npm run bench:memory`, `bench:lists`
 * and `bench:start`; docs/performance.md). The market arrives in one burst a second: ~20,000 venue tickers that
 * live for the whole tick (tens of milliseconds) and then die. `main.ts` imports this module first, so both
 * hold from the start:
 *
 * - No allocation-site pretenuring. Pretenuring saw those tickers alive at every young-generation collection
 *   inside a tick and moved their allocation site to the old generation, so a second's worth of dead tickers
 *   (~5 MB) reached the old generation every second and only a full collection took them back. Without it
 *   they die young.
 * - The old generation may grow to 1.5 × what was live after the last full collection. V8 picks 1.1–4 × from
 *   its own speed estimates, which here meant ~450 MB of heap for ~100 MB live, and during start-up's
 *   back-fill ~370 MB of old generation for ~80 MB live (RSS 570 MB when the history was stored, 450 with
 *   this). Not tighter: at 1.25 × the full collections came often enough under 10,000 WebSocket clients to
 *   double the live feed's p99 delivery (`bench:ws` 250 → 412 ms). The price is paid during the back-fill:
 *   more full collections take the event loop's p99 there from ~18 to ~24 ms (`bench:start`).
 *
 * The collector reads both flags as it runs, so setting them in the running process takes effect; the score run
 * holds the growth tighter while its working set lives (heap-growth.ts).
 */
import { setFlagsFromString } from 'node:v8';

import { applySteadyGrowth } from './heap-growth.js';

setFlagsFromString('--no-allocation-site-pretenuring');
applySteadyGrowth();

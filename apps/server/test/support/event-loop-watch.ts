import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How late the event loop ran its timers while it was watched, in milliseconds. */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How many delays were sampled: a watch that sampled nothing proves nothing. */
  samples: number;
}

export interface EventLoopWatch {
  /** Stops sampling and summarises what was seen. */
  stop(): EventLoopDelay;
}

const NANOSECONDS_PER_MS = 1e6;

/**
 * Samples the delay of the event loop of this process (tests run the server in it: startTestServer listens
 * in the test process), so a handler that blocks the loop shows up as a long delay.
 */
export function watchEventLoop(resolutionMs = 10): EventLoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return {
        p50Ms: histogram.percentile(50) / NANOSECONDS_PER_MS,
        p99Ms: histogram.percentile(99) / NANOSECONDS_PER_MS,
        maxMs: histogram.max / NANOSECONDS_PER_MS,
        samples: histogram.count,
      };
    },
  };
}

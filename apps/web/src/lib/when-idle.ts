/** The longest work waits for an idle moment before it runs anyway (a page that is never idle still gets it). */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Runs `work` once the browser is idle (or after IDLE_TIMEOUT_MS), off the path of the first paint and of the
 * live ticks' frames; returns a function that cancels it if it has not run.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}

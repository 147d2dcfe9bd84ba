/** Longest wait between polls of a failing feed, unless its normal interval is longer still. */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1_000;

/**
 * When to poll a feed next: `now + intervalMs` after a success (0 failures), else an exponential back-off
 * `intervalMs · 2^(failures − 1)` capped at MAX_BACKOFF_MS; never earlier than `now + retryAfterMs`.
 */
export function nextPollAt(
  now: number,
  intervalMs: number,
  consecutiveFailures: number,
  retryAfterMs?: number | null,
): number {
  if (!Number.isFinite(intervalMs) || intervalMs < 0) throw new RangeError(`bad poll interval ${intervalMs}`);
  const failures = Number.isNaN(consecutiveFailures) ? 0 : Math.max(0, Math.floor(consecutiveFailures));
  let delay = intervalMs;
  if (failures > 0) {
    // A feed normally polled less often than the cap is not polled more often because it fails.
    const cap = Math.max(MAX_BACKOFF_MS, intervalMs);
    delay = Math.min(intervalMs * 2 ** Math.min(failures - 1, 40), cap);
  }
  const serverDelay =
    retryAfterMs !== null && retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? retryAfterMs : 0;
  return now + Math.max(delay, serverDelay);
}

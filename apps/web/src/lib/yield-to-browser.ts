/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in between: a long
 * start-up split at the seams of its steps is several short tasks instead of one long one (a phone's main
 * thread is blocked for as long as a task runs). `scheduler.yield()` where the browser has it (resumed ahead of
 * other queued work), else a zero-delay timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

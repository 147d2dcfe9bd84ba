/**
 * Runs `work` for every item with at most `concurrency` running at once, in order of the items; resolves when
 * all have settled. `work` must not throw (a throw rejects the whole run once the others settle).
 */
export async function forEachBounded<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, () => worker());
  const outcomes = await Promise.allSettled(workers);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Long enough to amortise the hand-back, short enough to keep a request's wait far under the 50 ms p99 goal. */
const DEFAULT_SLICE_MS = 8;

/**
 * Hands the event loop back between slices of a long job (a score run fetches ~18,000 order books; the candle
 * refresh writes every coin through the synchronous SQLite driver; the simulator builds every ticker each tick
 * and years of history at start). Callers that loop very tightly ask only every few hundred items. Awaiting providers that answer at once
 * never yields on its own: resolved promises run as microtasks, before any socket is read.
 */
export class EventLoopSlices {
  private sliceStartedAt = performance.now();

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  /** Returns at once inside a slice; past its length, after one turn of the event loop. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStartedAt < this.sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStartedAt = performance.now();
  }
}

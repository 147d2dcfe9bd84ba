import { type SharedTurns, sharedTurns } from './shared-turns.js';

/** Long enough to amortise the hand-back, short enough to keep a request's wait far under the 50 ms p99 goal. */
const DEFAULT_SLICE_MS = 8;

/**
 * Hands the event loop back between slices of a long job (a score run fetches ~18,000 order books; the candle
 * refresh writes every coin through the synchronous SQLite driver; the simulator builds every ticker each tick
 * and years of history at start). Callers that loop very tightly ask only every few hundred items. Awaiting
 * providers that answer at once never yields on its own: resolved promises run as microtasks, before any socket
 * is read. All jobs share one budget per turn (`SharedTurns`), so running several at once does not lengthen it.
 */
export class EventLoopSlices {
  private sliceStartedAt: number;

  constructor(
    private readonly sliceMs = DEFAULT_SLICE_MS,
    private readonly turns: SharedTurns = sharedTurns,
  ) {
    this.sliceStartedAt = turns.now();
  }

  /**
   * Returns at once inside a slice; past its length, or once the jobs sharing this turn have used its budget,
   * when the other waiting jobs have had their turn.
   */
  async pause(): Promise<void> {
    if (this.turns.now() - this.sliceStartedAt < this.sliceMs && !this.turns.turnSpent(this.sliceStartedAt))
      return;
    await this.turns.yieldTurn();
    this.sliceStartedAt = this.turns.now();
  }
}

/** What all sliced jobs together may run in one turn of the event loop. */
export const TURN_BUDGET_MS = 5;

/**
 * One budget per turn of the event loop for every long job that works in slices, taken in turns.
 *
 * Each job handing the loop back with its own `setImmediate` is not enough once several run at once (at start
 * the back-fill loads, its writes, the simulator's tickers and the tick's ingest): Node runs every immediate
 * queued before the check phase in that one phase, so four 5 ms slices made a 20 ms turn, and the event loop's
 * p99 followed. Here jobs that yield wait in one queue; each turn one immediate resumes the first, and a job
 * that yields with budget left hands on to the next in line. A job that yields goes to the back of the queue,
 * so none is starved, and a turn ends after about one budget of sliced work, whatever the number of jobs.
 */
export class SharedTurns {
  private readonly waiting: (() => void)[] = [];
  private turnStartedAt = Number.NEGATIVE_INFINITY;
  private dispatchPending = false;

  constructor(
    private readonly budgetMs = TURN_BUDGET_MS,
    private readonly clock: () => number = () => performance.now(),
    private readonly nextTurn: (run: () => void) => void = (run) => void setImmediate(run),
  ) {}

  /** The time slices are measured in (milliseconds). */
  now(): number {
    return this.clock();
  }

  /** Whether a slice that started at `sliceStartedAt` has used up the turn it runs in. */
  turnSpent(sliceStartedAt: number): boolean {
    return sliceStartedAt >= this.turnStartedAt && this.clock() - this.turnStartedAt >= this.budgetMs;
  }

  /** Settles when it is this job's turn again: later in this turn if budget is left, else in a later one. */
  yieldTurn(): Promise<void> {
    const resumed = new Promise<void>((resolve) => this.waiting.push(resolve));
    const next = this.waiting.length > 1 && this.clock() - this.turnStartedAt < this.budgetMs;
    if (next) this.waiting.shift()?.();
    this.scheduleDispatch();
    return resumed;
  }

  private scheduleDispatch(): void {
    if (this.dispatchPending || this.waiting.length === 0) return;
    this.dispatchPending = true;
    this.nextTurn(() => {
      this.dispatchPending = false;
      const first = this.waiting.shift();
      if (!first) return;
      this.turnStartedAt = this.clock();
      first();
      // Whoever is still waiting when this turn's chain ends is resumed in the next turn.
      this.scheduleDispatch();
    });
  }
}

/** The process's one budget: every `EventLoopSlices` shares it unless a test gives its own. */
export const sharedTurns = new SharedTurns();

import type { FastifyBaseLogger } from 'fastify';

import { ProviderError, RateLimitedError } from '@coinlens/market-model';

export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** Per-run time limit, passed to the job as an AbortSignal. */
  timeoutMs: number;
  run(signal: AbortSignal): Promise<void>;
  /**
   * Until the job has succeeded once, a failure is retried after at most this long instead of backing off: for a
   * job whose first result the screens wait on (the score shows "warming" until its first run), where a run that
   * timed out under a slow start would otherwise leave them waiting a whole back-off.
   */
  firstSuccessRetryMs?: number;
}

interface JobState {
  definition: JobDefinition;
  timer: NodeJS.Timeout | null;
  failures: number;
  lastSuccessAt: number | null;
}

const MAX_BACKOFF_MS = 5 * 60_000;
/**
 * Nor more than this many intervals: a source is stale after ten silent ticks (the heartbeat), so a price tick
 * that failed through an outage reads a returning source again within about one heartbeat, not minutes later.
 */
const MAX_BACKOFF_INTERVALS = 10;

/**
 * Runs named jobs on their intervals. A run never overlaps the previous one; a rate-limited provider delays
 * the next run by its Retry-After; other retryable failures back off exponentially, to at most ten intervals or
 * five minutes, whichever is shorter; permanent ones are logged and the job simply runs again on its interval. A job
 * may ask to be retried sooner until its first success (`firstSuccessRetryMs`).
 */
export class JobScheduler {
  private readonly jobs = new Map<string, JobState>();
  private stopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  add(definition: JobDefinition, startAfterMs = 0): void {
    const state: JobState = { definition, timer: null, failures: 0, lastSuccessAt: null };
    this.jobs.set(definition.name, state);
    this.schedule(state, startAfterMs);
  }

  lastSuccess(name: string): number | null {
    return this.jobs.get(name)?.lastSuccessAt ?? null;
  }

  stop(): void {
    this.stopped = true;
    for (const state of this.jobs.values()) if (state.timer) clearTimeout(state.timer);
  }

  private schedule(state: JobState, delayMs: number): void {
    if (this.stopped) return;
    state.timer = setTimeout(() => void this.runOnce(state), delayMs);
    state.timer.unref();
  }

  private async runOnce(state: JobState): Promise<void> {
    const { definition } = state;
    const started = this.now();
    let nextDelay = definition.intervalMs;
    try {
      await definition.run(AbortSignal.timeout(definition.timeoutMs));
      state.failures = 0;
      state.lastSuccessAt = this.now();
    } catch (error) {
      state.failures++;
      nextDelay = this.delayAfterFailure(state, error);
      this.log.warn(
        { job: definition.name, failures: state.failures, retryInMs: nextDelay, err: error },
        'ingest job failed',
      );
    }
    const elapsed = this.now() - started;
    this.schedule(state, Math.max(0, nextDelay - elapsed));
  }

  private delayAfterFailure(state: JobState, error: unknown): number {
    const { definition, failures } = state;
    if (error instanceof RateLimitedError) return Math.max(definition.intervalMs, error.retryAfterMs);
    const backOff = this.backOff(definition, failures, error);
    const { firstSuccessRetryMs } = definition;
    return state.lastSuccessAt === null && firstSuccessRetryMs !== undefined
      ? Math.min(backOff, firstSuccessRetryMs)
      : backOff;
  }

  private backOff(definition: JobDefinition, failures: number, error: unknown): number {
    if (error instanceof ProviderError && !error.retryable) return definition.intervalMs;
    const intervals = Math.min(2 ** Math.min(failures, 10), MAX_BACKOFF_INTERVALS);
    return Math.min(MAX_BACKOFF_MS, definition.intervalMs * intervals);
  }
}

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionRules {
  readonly alertFiringMs: number;
  readonly deletedAlertMs: number;
  readonly inboxMessageMs: number;
  readonly batchSize: number;
  readonly maxBatchesPerRun: number;
  readonly firstRunAfterMs: number;
  readonly intervalMs: number;
}

/**
 * How long rows nobody needs any more are kept, and the pace of the job that removes them (docs/deployment.md,
 * "Retention"). Rows go in small batches, each its own statement, with the event loop free in between, so a first
 * run over years of rows never holds a table or the process for long: what one run leaves, the next one takes.
 */
export const RETENTION: RetentionRules = {
  /** A firing (the user's alert history) is kept this long after it fired. */
  alertFiringMs: 90 * DAY_MS,
  /**
   * A deleted alert is kept this long after its deletion (the leader's index has long seen it by then), and
   * until no firing of it is left: its history lives as long as the firings do.
   */
  deletedAlertMs: 30 * DAY_MS,
  /** An inbox message, read or not, personal or broadcast, is kept this long after it was sent. */
  inboxMessageMs: 180 * DAY_MS,
  /** Rows per delete statement. */
  batchSize: 500,
  /** Batches per kind of row in one run (250,000 rows). */
  maxBatchesPerRun: 500,
  /** First run this long after the instance starts leading, then one every intervalMs. */
  firstRunAfterMs: 5 * 60_000,
  intervalMs: 60 * 60_000,
};

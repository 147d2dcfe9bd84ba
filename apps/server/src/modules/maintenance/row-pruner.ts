import type { Kysely } from 'kysely';

import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AlertFiringRepository } from '../alerts/alert-firing.repository.js';
import { AlertRepository } from '../alerts/alert.repository.js';
import { InboxRepository } from '../inbox/inbox.repository.js';
import { RETENTION, type RetentionRules } from './retention.js';

/** One kind of row the pruner removes: a batched delete of rows older than a cutoff. */
interface PruneStep {
  name: PrunedKind;
  keepMs: number;
  removeBatch(before: number, limit: number): Promise<number>;
}

export type PrunedKind = 'alertFirings' | 'deletedAlerts' | 'inboxReads' | 'inboxMessages';
export type PruneReport = Record<PrunedKind, number>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Removes old alert firings, deleted alerts and old inbox messages in batches (RETENTION). */
export class RowPruner {
  private readonly steps: PruneStep[];

  constructor(
    db: Kysely<Database>,
    dialect: DialectName,
    private readonly now: () => number,
    private readonly rules: Pick<
      RetentionRules,
      'alertFiringMs' | 'deletedAlertMs' | 'inboxMessageMs' | 'batchSize' | 'maxBatchesPerRun'
    > = RETENTION,
  ) {
    const firings = new AlertFiringRepository(db);
    const alerts = new AlertRepository(db, dialect);
    const inbox = new InboxRepository(db);
    // In this order: an alert goes only once its firings have, and a message's read marks before the message.
    this.steps = [
      {
        name: 'alertFirings',
        keepMs: rules.alertFiringMs,
        removeBatch: (before, limit) => firings.pruneFiredBefore(before, limit),
      },
      {
        name: 'deletedAlerts',
        keepMs: rules.deletedAlertMs,
        removeBatch: (before, limit) => alerts.pruneDeletedBefore(before, limit),
      },
      {
        name: 'inboxReads',
        keepMs: rules.inboxMessageMs,
        removeBatch: (before, limit) => inbox.pruneReadsOfMessagesBefore(before, limit),
      },
      {
        name: 'inboxMessages',
        keepMs: rules.inboxMessageMs,
        removeBatch: (before, limit) => inbox.pruneMessagesBefore(before, limit),
      },
    ];
  }

  /** One run: every kind of row up to maxBatchesPerRun batches; answers how many rows of each went. */
  async prune(): Promise<PruneReport> {
    const report: PruneReport = { alertFirings: 0, deletedAlerts: 0, inboxReads: 0, inboxMessages: 0 };
    const startedAt = this.now();
    for (const step of this.steps) {
      const before = startedAt - step.keepMs;
      for (let batch = 0; batch < this.rules.maxBatchesPerRun; batch += 1) {
        const removed = await step.removeBatch(before, this.rules.batchSize);
        report[step.name] += removed;
        if (removed < this.rules.batchSize) break;
        // Other work (calls, ticks, the next statement of another caller) goes between two batches.
        await nextTurn();
      }
    }
    return report;
  }
}

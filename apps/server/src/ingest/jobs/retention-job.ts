import type { Resolution } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { CANDLE_RETENTION_MS } from '../candle-rollup.js';
import type { JobDefinition } from '../job-scheduler.js';

/** Deletes stored candles past their resolution's retention, hourly. */
export class RetentionJob implements JobDefinition {
  readonly name = 'retention';
  readonly intervalMs = 3_600_000;
  readonly timeoutMs = 120_000;
  readonly firstRunAfterMs = 60_000;

  constructor(
    private readonly candles: CandleRepository,
    private readonly now: () => number,
  ) {}

  async run(): Promise<void> {
    const now = this.now();
    for (const [resolution, keepMs] of Object.entries(CANDLE_RETENTION_MS) as [Resolution, number | null][]) {
      if (keepMs !== null) await this.candles.deleteOlderThan(resolution, now - keepMs);
    }
  }
}

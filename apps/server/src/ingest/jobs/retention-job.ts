import type { Resolution } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { CANDLE_RETENTION_MS } from '../../market-store/candle-rollup.js';

/** Deletes stored candles past their resolution's retention. */
export class RetentionJob {
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

import type { Resolution } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { CANDLE_RETENTION_MS } from '../../market-store/candle-rollup.js';
import { EventLoopSlices } from '../../runtime/event-loop-slices.js';

/** Deletes stored candles past their resolution's retention, coin by coin along the primary key. */
export class RetentionJob {
  constructor(
    private readonly candles: Pick<CandleRepository, 'storedCoinIds' | 'deleteOlderThan'>,
    private readonly now: () => number,
  ) {}

  async run(signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const kept = Object.entries(CANDLE_RETENTION_MS).filter(
      (entry): entry is [Resolution, number] => entry[1] !== null,
    );
    const slices = new EventLoopSlices();
    for (const coinId of await this.candles.storedCoinIds()) {
      for (const [resolution, keepMs] of kept) {
        await slices.pause();
        signal?.throwIfAborted();
        await this.candles.deleteOlderThan(coinId, resolution, now - keepMs);
      }
    }
  }
}

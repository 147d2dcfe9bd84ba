import type { MarketDataProvider, Resolution } from '@coinlens/market-model';
import { NotFoundError, RESOLUTION_MS } from '@coinlens/market-model';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { EventLoopSlices } from '../../runtime/event-loop-slices.js';
import { bucketStart, rollUp } from '../../market-store/candle-rollup.js';
import type { HistoryCache } from '../history-cache.js';

/** Closed 1m candles since the last stored one, rolled up into the 5m, 1h and 1d buckets they touch. */
export class CandlesJob {
  constructor(
    private readonly provider: MarketDataProvider,
    private readonly snapshot: MarketSnapshot,
    private readonly candles: CandleRepository,
    private readonly history: HistoryCache,
    /** How far back 1m candles are fetched at most (the 1m back-fill window). */
    private readonly minuteBackfillMs: number,
    private readonly now: () => number,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    if (!this.provider.capabilities.has('candles')) return;
    const now = this.now();
    const to = bucketStart(now, '1m');
    const latest = await this.candles.latestTimes('1m');
    const slices = new EventLoopSlices();
    for (const coinId of this.snapshot.coins.keys()) {
      await slices.pause();
      signal.throwIfAborted();
      const from = Math.max(
        (latest.get(coinId) ?? to - RESOLUTION_MS['1m']) + RESOLUTION_MS['1m'],
        to - this.minuteBackfillMs,
      );
      if (from >= to) continue;
      const minutes = await this.provider
        .getCandles({ coinId, resolution: '1m', from, to }, signal)
        .catch((error: unknown) => {
          // A coin the source no longer knows (delisted) costs only itself, not every coin after it.
          if (error instanceof NotFoundError) return [];
          throw error;
        });
      if (minutes.length === 0) continue;
      await this.candles.upsert(coinId, '1m', minutes);
      let finer: Resolution = '1m';
      for (const coarser of ['5m', '1h', '1d'] as const) {
        const start = bucketStart(minutes[0]?.time ?? from, coarser);
        const source = await this.candles.range(coinId, finer, start, now + 1);
        const rolled = rollUp(source, coarser);
        await this.candles.upsert(coinId, coarser, rolled);
        this.history.add(coinId, coarser, rolled, now);
        finer = coarser;
      }
    }
  }
}

import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';

export function bucketStart(time: number, resolution: Resolution): number {
  const size = RESOLUTION_MS[resolution];
  return Math.floor(time / size) * size;
}

/**
 * Rolls finer candles (time-ordered or not) up into `target` buckets: first open, last close, extreme high
 * and low, summed volume and amount. A bucket that is still filling comes out partial — the live candle.
 */
export function rollUp(candles: readonly Candle[], target: Resolution): Candle[] {
  const buckets = new Map<number, Candle>();
  for (const candle of [...candles].sort((a, b) => a.time - b.time)) {
    const start = bucketStart(candle.time, target);
    const bucket = buckets.get(start);
    if (!bucket) {
      buckets.set(start, { ...candle, time: start });
      continue;
    }
    bucket.high = Math.max(bucket.high, candle.high);
    bucket.low = Math.min(bucket.low, candle.low);
    bucket.close = candle.close;
    bucket.volume += candle.volume;
    bucket.amount += candle.amount;
  }
  return [...buckets.values()];
}

/** How long each resolution is kept; finer candles roll up before they expire. */
export const CANDLE_RETENTION_MS: Readonly<Record<Resolution, number | null>> = {
  '1m': 2 * 86_400_000,
  '5m': 8 * 86_400_000,
  '1h': 90 * 86_400_000,
  '1d': null,
};

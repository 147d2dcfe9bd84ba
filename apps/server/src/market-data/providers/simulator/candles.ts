/**
 * OHLCV candles straight from the price path: each bucket is summarised from the path's whole units (see
 * `price-path.ts`), so a close is exactly the next open, highs and lows nest across resolutions, and volume
 * is the coin's true (honest) turnover. The bucket holding `now` is partial (it ends at `now`; nothing from
 * the future leaks); buckets after `now` and before the coin's issue date are left out.
 */
import type { Candle, Resolution } from '../../market-model.js';
import { RESOLUTION_MS } from '../../market-model.js';
import type { PathCoin, PricePath } from './price-path.js';

/** The candles whose open time lies in [from, to), aligned to the resolution. */
export function buildCandles(
  path: PricePath,
  coin: PathCoin,
  resolution: Resolution,
  from: number,
  to: number,
  now: number,
  signal?: AbortSignal,
): Candle[] {
  const size = RESOLUTION_MS[resolution];
  const start = Math.max(Math.ceil(from / size) * size, Math.ceil(coin.launchTime / size) * size);
  const end = Math.min(to, now);
  const candles: Candle[] = [];
  for (let time = start; time < end; time += size) {
    if (candles.length % 4_096 === 0) signal?.throwIfAborted();
    const summary = path.summarize(coin, time, Math.min(time + size, now));
    if (!summary) continue;
    candles.push({
      time,
      open: summary.open,
      high: summary.high,
      low: summary.low,
      close: summary.close,
      volume: summary.volumeBase,
      amount: summary.amountUsd,
    });
  }
  return candles;
}

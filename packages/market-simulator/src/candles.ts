/**
 * OHLCV candles straight from the price path: each bucket is summarised from the path's whole units (see
 * `price-path.ts`), so a close is exactly the next open, highs and lows nest across resolutions, and volume
 * is the coin's true (honest) turnover. The bucket holding `now` is partial (it ends at `now`; nothing from
 * the future leaks); buckets after `now` and before the coin's issue date are left out.
 */
import type { Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS } from '@coinlens/market-model';
import type { SlicesFactory } from './event-loop-slices.js';
import type { PathCoin } from './price-path/path-coin.js';
import type { PricePath } from './price-path/price-path.js';

/** Work between two hand-backs of the event loop while a long history is generated (years of daily candles). */
const SLICE_MS = 5;

/**
 * The candles whose open time lies in [from, to), aligned to the resolution, handing the event loop back every
 * few milliseconds.
 */
export async function buildCandlesInSlices(
  path: PricePath,
  coin: PathCoin,
  resolution: Resolution,
  from: number,
  to: number,
  now: number,
  signal: AbortSignal,
  newSlices: SlicesFactory,
): Promise<Candle[]> {
  const candles: Candle[] = [];
  const slices = newSlices(SLICE_MS);
  for (const candle of candlesOf(path, coin, resolution, from, to, now)) {
    candles.push(candle);
    // Every candle: a coarse one summarises hours of the path, ~1 ms when they are not cached.
    await slices.pause();
    signal.throwIfAborted();
  }
  return candles;
}

function* candlesOf(
  path: PricePath,
  coin: PathCoin,
  resolution: Resolution,
  from: number,
  to: number,
  now: number,
): Generator<Candle> {
  const size = RESOLUTION_MS[resolution];
  const start = Math.max(Math.ceil(from / size) * size, Math.ceil(coin.launchTime / size) * size);
  const end = Math.min(to, now);
  for (let time = start; time < end; time += size) {
    const summary = path.summarize(coin, time, Math.min(time + size, now));
    if (!summary) continue;
    yield {
      time,
      open: summary.open,
      high: summary.high,
      low: summary.low,
      close: summary.close,
      volume: summary.volumeBase,
      amount: summary.amountUsd,
    };
  }
}

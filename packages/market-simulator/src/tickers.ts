/**
 * Venue tickers at one instant: each pair's mid in its quote currency (reference price × basis × any outlier
 * distortion, converted with the path's own quote prices — USDT ≈ 1, BTC and ETH from their paths, fiat from
 * the drifting rates), bid/ask from the book's spread, and 24h volume as the venue reports it (true volume,
 * plus wash volume on wash venues, times any inflation).
 */
import type { TickerQuery, VenueTicker } from '@coinlens/market-model';
import type { SlicesFactory } from './event-loop-slices.js';
import { spreadFraction } from './order-books.js';
import type { SimulatorContext } from './simulator-context.js';
import type { VenuePair } from './venues.js';

export function buildTicker(context: SimulatorContext, pair: VenuePair, time: number): VenueTicker {
  const quoteUsd = context.quoteUsd(pair.quoteAsset, time);
  const midUsd = context.pairMidUsd(pair, time);
  const halfSpread = spreadFraction(context, pair, time) / 2;
  const volumeUsd24h = context.pairReportedVolumeUsd24h(pair, time);
  return {
    exchangeId: pair.venue.id,
    coinId: pair.coinId,
    base: pair.base,
    quote: pair.quote,
    last: midUsd / quoteUsd,
    lastUsd: midUsd,
    bidUsd: midUsd * (1 - halfSpread),
    askUsd: midUsd * (1 + halfSpread),
    volumeBase24h: volumeUsd24h / midUsd,
    volumeUsd24h,
    timestamp: time,
  };
}

/** Every ticker matching the query at `time`, handing the event loop back every few milliseconds. */
export async function buildTickers(
  context: SimulatorContext,
  query: TickerQuery,
  time: number,
  signal: AbortSignal,
  newSlices: SlicesFactory,
): Promise<VenueTicker[]> {
  const exchangeIds = query.exchangeIds ? new Set(query.exchangeIds) : null;
  const coinIds = query.coinIds ? new Set(query.coinIds) : null;
  const pairs =
    exchangeIds !== null
      ? [...exchangeIds].flatMap((id) => context.venues.pairsOfVenue(id))
      : coinIds !== null
        ? [...coinIds].flatMap((id) => context.venues.pairsOfCoin(id))
        : context.venues.pairs();
  const tickers: VenueTicker[] = [];
  // Short slices: the ~20,000 tickers of the default universe are built on every tick.
  const slices = newSlices(5);
  // An index loop: after an await, a for-of loop allocates an iterator result per pair.
  for (let index = 0; index < pairs.length; index++) {
    const pair = pairs[index]!;
    if (coinIds !== null && !coinIds.has(pair.coinId)) continue;
    if (exchangeIds !== null && !exchangeIds.has(pair.venue.id)) continue;
    // Every 32: a ticker whose hours are not cached yet costs a millisecond or more (at start, every one).
    if (tickers.length % 32 === 0) {
      await slices.pause();
      signal.throwIfAborted();
    }
    tickers.push(buildTicker(context, pair, time));
  }
  return tickers;
}

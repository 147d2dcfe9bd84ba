/**
 * Order books around each pair's own mid price, in the quote currency.
 *
 * - Spread from the pair's true liquidity: 0.8 bp + 8,000 / √(24h USD volume) bps (≈1 bp for majors on big
 *   venues, tens of bps for small caps), at least twice the swap fee on a DEX, jittering per second.
 * - Levels are aggregated price levels spaced ever wider (offset = half spread + g · i^1.5, g = 1.5 bp scaled
 *   up with the spread), so about 25 levels reach ±2 %; cumulative depth grows like (offset / 2 %)^0.8 to about
 *   1.2 % of the pair's daily volume within ±2 % per side — the Alameda depth/volume benchmark that honest
 *   venues pass. Amounts carry per-second log-normal noise.
 * - Spoofing venues add large walls (`spoofWallFactor` × a normal level) 1–3.5 % from mid on each side that
 *   appear and vanish in segments of a few seconds.
 * Everything is a pure function of (seed, pair, second).
 */
import type { BookLevel, OrderBookSnapshot } from '@coinlens/market-model';
import { normalAt, streamKey, uniformAt } from './random.js';
import type { SimulatorContext } from './simulator-context.js';
import type { VenuePair } from './venues.js';

const DEPTH_SHARE_2PCT = 0.012;
/** Spread (log space) of a coin's depth around its share of volume: market makers commit more to some coins. */
const DEPTH_NOISE_SIGMA = 0.35;

/**
 * A coin's own depth factor (log-normal, per seed and coin): depth and volume both follow the coin's activity
 * but neither is the other, so liquidity is not a copy of volume — nor of the benchmark's latent truth.
 */
export function depthNoise(context: Pick<SimulatorContext, 'seed'>, coinId: string): number {
  return Math.exp(DEPTH_NOISE_SIGMA * normalAt(streamKey(context.seed, 'depth-noise', coinId), 0));
}
const LEVEL_SPACING = 0.00015;
const MAX_LEVELS = 500;
const WALL_SEGMENT_SECONDS = 3;
const WALL_SLOTS = 2;

/** The pair's quoted spread as a fraction of mid at `time`. */
export function spreadFraction(context: SimulatorContext, pair: VenuePair, time: number): number {
  const volume = Math.max(1, context.pairTrueVolumeUsd24h(pair, time));
  let bps = Math.min(400, 0.8 + 8_000 / Math.sqrt(volume));
  if (pair.venue.dex) bps = Math.max(2 * pair.venue.facts.fees.takerPercent * 100, bps * 2.5);
  const second = Math.floor(time / 1_000);
  const jitter = 0.75 + 0.5 * uniformAt(pair.keys.book, second, 999);
  return (bps * jitter) / 10_000;
}

/** A tick of about six significant digits for prices near `price`. */
export function tickSize(price: number): number {
  return Math.pow(10, Math.floor(Math.log10(price)) - 5);
}

/** Rounds to `digits` significant digits. */
export function roundSignificant(value: number, digits: number): number {
  if (!(value > 0)) return 0;
  const scale = Math.pow(10, digits - 1 - Math.floor(Math.log10(value)));
  return Math.round(value * scale) / scale;
}

function roundToTick(value: number, tick: number, direction: 'down' | 'up'): number {
  const units = direction === 'down' ? Math.floor(value / tick + 1e-9) : Math.ceil(value / tick - 1e-9);
  return Number((units * tick).toPrecision(12));
}

export function buildOrderBook(
  context: SimulatorContext,
  pair: VenuePair,
  depth: number,
  time: number,
): OrderBookSnapshot {
  const levels = Math.max(1, Math.min(MAX_LEVELS, Math.floor(depth)));
  const quoteUsd = context.quoteUsd(pair.quoteAsset, time);
  const midUsd = context.pairMidUsd(pair, time);
  const mid = midUsd / quoteUsd;
  const spread = spreadFraction(context, pair, time);
  const half = spread / 2;
  const spacing = LEVEL_SPACING * Math.max(1, (spread * 10_000) / 6);
  const depthUsd =
    DEPTH_SHARE_2PCT * depthNoise(context, pair.coinId) * context.pairTrueVolumeUsd24h(pair, time);
  const cumulative = (offset: number) => depthUsd * Math.pow(Math.max(0, offset) / 0.02, 0.8);
  const second = Math.floor(time / 1_000);
  const tick = tickSize(mid);
  const spoofing = context.isSpoofVenue(pair.venue.id);

  const side = (sign: 1 | -1): BookLevel[] => {
    const book: [number, number][] = [];
    let previousOffset = 0;
    let previousPrice = Number.NaN;
    for (let level = 0; level < levels; level += 1) {
      const offset = half + spacing * Math.pow(level, 1.5);
      const rawPrice = mid * (1 + sign * offset);
      if (!(rawPrice > 0)) break;
      let price = roundToTick(rawPrice, tick, sign === -1 ? 'down' : 'up');
      if (price === previousPrice || (sign === -1 ? price > previousPrice : price < previousPrice)) {
        price = Number((previousPrice + sign * tick).toPrecision(12));
      }
      if (!(price > 0)) break;
      const usd =
        (cumulative(offset) - cumulative(previousOffset) + depthUsd * 0.004) *
        Math.exp(0.35 * normalAt(pair.keys.book, second, level * 2 + (sign === 1 ? 1 : 0)) - 0.06);
      book.push([price, usd / (price * quoteUsd)]);
      previousOffset = offset;
      previousPrice = price;
    }
    if (spoofing) addWalls(context, pair, book, sign, mid, time);
    return book.map(([price, amount]) => [price, roundSignificant(amount, 6)] as const);
  };

  return {
    exchangeId: pair.venue.id,
    coinId: pair.coinId,
    base: pair.base,
    quote: pair.quote,
    bids: side(-1),
    asks: side(1),
    timestamp: time,
  };
}

/**
 * Flickering walls on a spoofing venue: per slot and per few-second segment, a wall of
 * `spoofWallFactor` × the median level is present with probability one half, at 1–3.5 % from mid. It lands
 * on the nearest existing level (so it only shows when the requested depth reaches that far).
 */
function addWalls(
  context: SimulatorContext,
  pair: VenuePair,
  book: [number, number][],
  sign: 1 | -1,
  mid: number,
  time: number,
): void {
  if (book.length === 0) return;
  const segment = Math.floor(time / 1_000 / WALL_SEGMENT_SECONDS);
  const amounts = book.map(([, amount]) => amount).sort((a, b) => a - b);
  const typical = amounts[Math.floor(amounts.length / 2)] ?? 0;
  for (let slot = 0; slot < WALL_SLOTS; slot += 1) {
    const lane = 2_000 + slot * 4 + (sign === 1 ? 0 : 2);
    if (uniformAt(pair.keys.book, segment, lane) >= 0.5) continue;
    const offset = 0.01 + 0.025 * uniformAt(pair.keys.book, segment, lane + 1);
    const target = mid * (1 + sign * offset);
    let nearest = -1;
    for (let index = 0; index < book.length; index += 1) {
      const price = book[index]![0];
      if (sign === -1 ? price <= target : price >= target) {
        nearest = index;
        break;
      }
    }
    if (nearest < 0) continue;
    const level = book[nearest]!;
    level[1] +=
      context.spoofWallFactor * typical * (0.8 + 0.4 * uniformAt(pair.keys.book, segment, lane + 3));
  }
}

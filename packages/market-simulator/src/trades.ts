/**
 * Trade prints, generated second by second as a pure function of (seed, pair, second).
 *
 * Honest flow (every venue), calibrated to real public tapes (docs/score-methodology.md, "Simulator calibration"):
 * Poisson arrivals of taker orders at the rate the coin's minute volume × the pair's share implies; USD sizes
 * log-normal (median $120 on centralised venues, $900 on DEXes, σ = 1.5 in log space); 22 % of sizes are
 * truncated to one significant digit (0.3, 2, 50 …), 10 % to a half step (1.5, 0.25 …) and 12 % to two digits,
 * the rest at six significant digits. Orders come in flow blocks (8 s or long enough for ~8 orders) whose side leans with the block's price
 * move (85 % of a block's orders on its side), so signs cluster and flow moves with price; a large order (above 2.7 × the
 * median, about a quarter) fills one to four resting orders, each printed at a level deeper in the book, the parts at lot precision. Buys fill at the
 * ask, sells at the bid.
 *
 * Wash flow (wash venues): `washFactor` × the venue's true daily volume, spread flat over the day (no intraday
 * seasonality), as buy/sell pairs with the same timestamp, price (the mid) and size; sizes either
 * near-identical or uniform within ±50 % of a per-pair size, with full precision — no round-number clustering
 * and a first-digit distribution far from Benford.
 */
import type { TradePrint } from '@coinlens/market-model';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './price-path/time-units.js';
import { normalAt, poissonFromUniform, uniformAt } from './random.js';
import type { SimulatorContext } from './simulator-context.js';
import { roundSignificant, spreadFraction, tickSize } from './order-books.js';
import type { VenuePair } from './venues.js';
import type { SlicesFactory } from './event-loop-slices.js';

export const MAX_TRADES_PER_CALL = 500;
/** Slice length while building a call's prints (the tick's own work uses 5 ms too). */
const SLICE_MS = 5;
/** How far back a call looks at most. */
export const TRADE_LOOKBACK_MS = HOUR_MS;
const SIZE_SIGMA = 1.5;
/**
 * Order flow comes in blocks: split parent orders keep one side for seconds (Lillo & Farmer 2004), and that side
 * leans with the block's price move, so flow and price move together as on real tapes.
 */
const FLOW_BLOCK_MS = 1_000;
const BLOCK_ORDERS = 8;
/** How far a block's flow moves the venue's price by its end, in half-spreads. */
const BLOCK_IMPACT_SPREADS = 3;
/** The impact stays within the quotes' reach (books are drawn around the shared mid). */
const MAX_IMPACT = 0.004;
/** Blocks whose impact is still felt (the fourth back has decayed to an eighth). */
const IMPACT_BLOCKS = 4;
/** Chance that an order takes the side of the order just before it in the same second. */
const ORDER_PERSISTENCE = 0.6;
/** Share of a block's taker orders on its side. */
const BLOCK_SIDE_SHARE = 0.85;
/** A taker order fills up to this many resting orders, each printed on its own (as venues' public feeds do). */
const MAX_FILLS = 4;
const FILL_LEVEL_STEP = 0.0001;
/** Orders above this many times the median size fill several resting orders (about a quarter of them). */
const LARGE_ORDER_MEDIANS = 2.7;

/** Lanes of the per-second random streams. */
const LANE_COUNT = 0;
const LANE_WASH_COUNT = 1;
const LANE_WASH_MODE = 2;
const LANE_BLOCK_SIDE = 3;
const LANES_PER_TRADE = 7;

/** Trades of `pair` in [from, to], oldest first, at most `limit`; `newest` keeps the latest ones instead. */
export function buildTrades(
  context: SimulatorContext,
  pair: VenuePair,
  from: number,
  to: number,
  limit = MAX_TRADES_PER_CALL,
  newest = false,
): TradePrint[] {
  const collected: TradePrint[] = [];
  for (const prints of secondsOfTrades(context, pair, from, to, newest)) {
    for (const print of prints) collected.push(print);
    if (collected.length >= limit) break;
  }
  return keptTrades(collected, limit, newest);
}

/**
 * `buildTrades`, handing the event loop back every few milliseconds: a quiet pair's call walks up to an hour of
 * seconds before it has its prints, 20–80 ms of work in one piece.
 */
export async function buildTradesInSlices(
  context: SimulatorContext,
  pair: VenuePair,
  from: number,
  to: number,
  limit: number,
  newest: boolean,
  signal: AbortSignal,
  newSlices: SlicesFactory,
): Promise<TradePrint[]> {
  const slices = newSlices(SLICE_MS);
  const collected: TradePrint[] = [];
  let seconds = 0;
  for (const prints of secondsOfTrades(context, pair, from, to, newest)) {
    for (const print of prints) collected.push(print);
    if (collected.length >= limit) break;
    // Every 4 seconds: a pause is a promise, and a call walks up to 3,600 seconds.
    if (++seconds % 4 === 0) {
      await slices.pause();
      signal.throwIfAborted();
    }
  }
  return keptTrades(collected, limit, newest);
}

/** Each second's prints within [from, to], the seconds in time order, or newest first (its prints reversed). */
function* secondsOfTrades(
  context: SimulatorContext,
  pair: VenuePair,
  from: number,
  to: number,
  newest: boolean,
): Generator<TradePrint[]> {
  const firstSecond = Math.floor(from / 1_000);
  const lastSecond = Math.floor(to / 1_000);
  const step = newest ? -1 : 1;
  for (
    let second = newest ? lastSecond : firstSecond;
    second >= firstSecond && second <= lastSecond;
    second += step
  ) {
    const prints = tradesInSecond(context, pair, second).filter(
      (trade) => trade.timestamp >= from && trade.timestamp <= to,
    );
    yield newest ? prints.reverse() : prints;
  }
}

/** The first `limit` collected, in time order. */
function keptTrades(collected: TradePrint[], limit: number, newest: boolean): TradePrint[] {
  const kept = collected.slice(0, limit);
  return newest ? kept.reverse() : kept;
}

/** Every print of one second, ordered by time. */
export function tradesInSecond(context: SimulatorContext, pair: VenuePair, second: number): TradePrint[] {
  const coin = context.coin(pair.coinId);
  if (!coin) return [];
  const key = pair.keys.trades;
  const time = second * 1_000;
  const minuteIndex = Math.floor(time / MINUTE_MS);
  const hourIndex = Math.floor(minuteIndex / 60);
  const minuteVolumeUsd =
    context.path.minuteUnit(coin, hourIndex).volumeUsd[minuteIndex - hourIndex * 60]! * pair.share;
  const medianUsd = pair.venue.dex ? 900 : 120;
  const meanUsd = medianUsd * Math.exp((SIZE_SIGMA * SIZE_SIGMA) / 2);
  const honestCount = poissonFromUniform(minuteVolumeUsd / 60 / meanUsd, uniformAt(key, second, LANE_COUNT));

  const wash = context.isWashVenue(pair.venue.id);
  let washCount = 0;
  let washUsd = 0;
  if (wash) {
    const day = Math.floor(time / DAY_MS);
    const dayUsd = context.path.hourUnit(coin, day).volumeUsd.reduce((sum, usd) => sum + usd, 0) * pair.share;
    // A mimicking wash trader sizes like the honest flow (same mean); a naive one around a per-pair size.
    washUsd = context.scenario.washMimicry
      ? meanUsd
      : Math.max(20, 250 * Math.exp(0.5 * normalAt(key, 0, 77)));
    washCount = poissonFromUniform(
      (context.washFactor * dayUsd) / 86_400 / (2 * washUsd),
      uniformAt(key, second, LANE_WASH_COUNT),
    );
  }
  if (honestCount === 0 && washCount === 0) return [];

  const quoteUsd = context.quoteUsd(pair.quoteAsset, time);
  const id = (kind: string, index: number) =>
    `${pair.venue.id}:${pair.base}-${pair.quote}:${second}:${kind}${index}`;
  const prints: TradePrint[] = [];

  if (honestCount > 0) {
    const block = flowBlock(context, pair, coin, time, minuteVolumeUsd / 60 / meanUsd);
    const blockSide = block.side;
    const times = Array.from({ length: honestCount }, (_, index) =>
      Math.floor(1_000 * uniformAt(key, second, 10 + index * LANES_PER_TRADE)),
    );
    const inTime = times.map((_, index) => index).sort((a, b) => times[a]! - times[b]! || a - b);
    let previous: 'buy' | 'sell' | null = null;
    for (const index of inTime) {
      const lane = 10 + index * LANES_PER_TRADE;
      const timestamp = time + times[index]!;
      const draw = uniformAt(key, second, lane + 1);
      // An order follows the one before it within the second (a parent order's children, traders following
      // each other), otherwise the block's lean.
      const side: 'buy' | 'sell' =
        previous !== null && draw < ORDER_PERSISTENCE
          ? previous
          : uniformAt(key, second, lane + 6) < BLOCK_SIDE_SHARE
            ? blockSide
            : blockSide === 'buy'
              ? 'sell'
              : 'buy';
      previous = side;
      const midUsd = context.pairMidUsd(pair, timestamp);
      const half = spreadFraction(context, pair, timestamp) / 2;
      // The recent blocks' flow pushes the venue's price its way, decaying as arbitrage pulls it back.
      const impact = Math.max(
        -MAX_IMPACT,
        Math.min(MAX_IMPACT, BLOCK_IMPACT_SPREADS * half * block.impact(timestamp)),
      );
      const touch = (midUsd * (1 + impact) * (side === 'buy' ? 1 + half : 1 - half)) / quoteUsd;
      const usd = medianUsd * Math.exp(SIZE_SIGMA * normalAt(key, second, lane + 2));
      const amount = honestSize(usd / midUsd, uniformAt(key, second, lane + 3));
      // Small orders meet one resting order; large ones walk the book.
      const fills =
        usd > LARGE_ORDER_MEDIANS * medianUsd
          ? takerFills(amount, uniformAt(key, second, lane + 4), uniformAt(key, second, lane + 5))
          : [amount];
      fills.forEach((fill, level) => {
        prints.push({
          id: id('t', index * MAX_FILLS + level),
          exchangeId: pair.venue.id,
          coinId: pair.coinId,
          base: pair.base,
          quote: pair.quote,
          // Each further maker sits a level deeper in the book.
          price: roundPrice(touch * (1 + (side === 'buy' ? 1 : -1) * level * FILL_LEVEL_STEP)),
          amount: fill,
          side,
          timestamp,
        });
      });
    }
  }

  if (washCount > 0) {
    const nearIdentical = uniformAt(key, second, LANE_WASH_MODE) < 0.5;
    for (let index = 0; index < washCount; index += 1) {
      const lane = 10_000 + index * LANES_PER_TRADE;
      const timestamp = time + Math.floor(1_000 * uniformAt(key, second, lane));
      const midUsd = context.pairMidUsd(pair, timestamp);
      const price = roundPrice(midUsd / quoteUsd);
      const spreadOfSizes = nearIdentical
        ? 0.002 * (uniformAt(key, second, lane + 1) - 0.5)
        : uniformAt(key, second, lane + 1) - 0.5;
      const amount = context.scenario.washMimicry
        ? honestSize(
            (medianUsd * Math.exp(SIZE_SIGMA * normalAt(key, second, lane + 3))) / midUsd,
            uniformAt(key, second, lane + 4),
          )
        : roundSignificant((washUsd / midUsd) * (1 + spreadOfSizes), 8);
      if (!(amount > 0)) continue;
      const firstSide = uniformAt(key, second, lane + 2) < 0.5 ? 'buy' : 'sell';
      const secondSide = firstSide === 'buy' ? 'sell' : 'buy';
      const common = {
        exchangeId: pair.venue.id,
        coinId: pair.coinId,
        base: pair.base,
        quote: pair.quote,
        price,
        amount,
        timestamp,
      };
      prints.push({ ...common, id: id('w', 2 * index), side: firstSide });
      prints.push({ ...common, id: id('w', 2 * index + 1), side: secondSide });
    }
  }
  return prints.sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1));
}

/**
 * The pair's flow block holding `time` — its side, and the impact of recent blocks' flow. Buyers when the path rises over the block, sellers when it
 * falls (strength growing with the move in units of the coin's volatility), the pump's rise buying and its
 * collapse selling.
 */
function flowBlock(
  context: SimulatorContext,
  pair: VenuePair,
  coin: NonNullable<ReturnType<SimulatorContext['coin']>>,
  time: number,
  ordersPerSecond: number,
): { side: 'buy' | 'sell'; impact: (at: number) => number } {
  const blockMs = flowBlockMs(ordersPerSecond);
  const block = Math.floor(time / blockMs);
  const sides = Array.from({ length: IMPACT_BLOCKS }, (_, back) =>
    blockSide(context, pair, coin, block - back, blockMs, time),
  );
  return {
    side: sides[0]! > 0 ? 'buy' : 'sell',
    // Each block pushes the price its way while it lasts, then the push decays with a half-life of a block:
    // the venue's price stays continuous and moves with its own flow.
    impact: (at) =>
      sides.reduce((sum, sign, back) => {
        const start = (block - back) * blockMs;
        const into = (at - start) / blockMs;
        return sum + sign * (into <= 1 ? into : Math.pow(0.5, into - 1));
      }, 0),
  };
}

/** +1 for a buying block, −1 for a selling one. */
function blockSide(
  context: SimulatorContext,
  pair: VenuePair,
  coin: NonNullable<ReturnType<SimulatorContext['coin']>>,
  block: number,
  blockMs: number,
  time: number,
): number {
  const end = (block + 1) * blockMs;
  const move =
    context.path.logReturn(coin, end, blockMs) / (coin.sigmaDay * Math.sqrt(blockMs / DAY_MS) || 1);
  const phase = coin.pumped ? context.pumps.phase(coin.id, time) : null;
  const buyProbability = Math.min(
    0.97,
    Math.max(
      0.03,
      0.5 + 0.45 * Math.tanh(1.5 * move) + (phase === 'rise' ? 0.25 : phase === 'collapse' ? -0.25 : 0),
    ),
  );
  return uniformAt(pair.keys.trades, block + blockMs, LANE_BLOCK_SIDE) < buyProbability ? 1 : -1;
}

/**
 * A block lasts long enough for about `BLOCK_ORDERS` orders (a parent order is worked through several child
 * orders however quiet the pair), at least `FLOW_BLOCK_MS`, at most an hour; a power of two seconds, so the
 * blocks of neighbouring seconds line up while the pair's rate drifts.
 */
function flowBlockMs(ordersPerSecond: number): number {
  const seconds = Math.min(
    3_600,
    Math.max(FLOW_BLOCK_MS / 1_000, BLOCK_ORDERS / Math.max(ordersPerSecond, 1e-6)),
  );
  return 1_000 * 2 ** Math.ceil(Math.log2(seconds));
}

/**
 * A taker order of `amount` split over the makers it meets: one fill most often, up to `MAX_FILLS`, the parts
 * at lot precision and the last taking the remainder (so a round order prints odd parts, as on real tapes).
 */
function takerFills(amount: number, countUniform: number, splitUniform: number): number[] {
  const count = Math.min(MAX_FILLS, 1 + poissonFromUniform(0.7, countUniform));
  if (count === 1) return [amount];
  const fills: number[] = [];
  let rest = amount;
  for (let part = 1; part < count; part++) {
    const share = 0.2 + 0.6 * ((splitUniform * (part + 1.618)) % 1);
    const fill = roundSignificant(rest * share, 6);
    if (!(fill > 0) || fill >= rest) break;
    fills.push(fill);
    rest = Number((rest - fill).toPrecision(12));
  }
  fills.push(rest);
  return fills;
}

/** Rounds a trade price to the venue tick (about six significant digits). */
function roundPrice(price: number): number {
  const tick = tickSize(price);
  return Number((Math.round(price / tick) * tick).toPrecision(12));
}

/**
 * A size in base units as a person types it: sometimes truncated to one significant digit, a half step or two
 * digits (each keeps the first digit), otherwise at six significant digits of lot precision.
 */
export function honestSize(raw: number, uniform: number): number {
  if (!(raw > 0)) return 0;
  const magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
  const truncate = (step: number) =>
    Number((Math.max(1, Math.floor(raw / step + 1e-9)) * step).toPrecision(12));
  if (uniform < 0.22) return truncate(magnitude);
  if (uniform < 0.32) return truncate(magnitude / 2);
  if (uniform < 0.44) return truncate(magnitude / 10);
  return roundSignificant(raw, 6);
}

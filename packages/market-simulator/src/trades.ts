/**
 * Trade prints, generated second by second as a pure function of (seed, pair, second).
 *
 * Honest flow (every venue): Poisson arrivals at the rate the coin's minute volume × the pair's share implies;
 * USD sizes log-normal (median $120 on centralised venues, $900 on DEXes, σ = 1.5 in log space — wide enough
 * that first significant digits follow Benford's law); 22 % of sizes are truncated to one significant digit
 * (0.3, 2, 50 …), 10 % to a half step (1.5, 0.25 …) and 12 % to two digits — round-number clustering that
 * keeps the first digit, so Benford still holds; the rest carry the venue's lot precision (six significant
 * digits). Sides are 50/50 with momentum (the last 10 s of the path; buyers in a pump's rise, sellers in its
 * collapse); buys fill at the ask, sells at the bid.
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

export const MAX_TRADES_PER_CALL = 500;
/** How far back a call looks at most. */
export const TRADE_LOOKBACK_MS = HOUR_MS;
const SIZE_SIGMA = 1.5;
const MOMENTUM_WINDOW_MS = 10_000;

/** Lanes of the per-second random streams. */
const LANE_COUNT = 0;
const LANE_WASH_COUNT = 1;
const LANE_WASH_MODE = 2;
const LANES_PER_TRADE = 6;

/** Trades of `pair` in [from, to], oldest first, at most `limit`; `newest` keeps the latest ones instead. */
export function buildTrades(
  context: SimulatorContext,
  pair: VenuePair,
  from: number,
  to: number,
  limit = MAX_TRADES_PER_CALL,
  newest = false,
): TradePrint[] {
  const firstSecond = Math.floor(from / 1_000);
  const lastSecond = Math.floor(to / 1_000);
  const collected: TradePrint[] = [];
  if (newest) {
    for (let second = lastSecond; second >= firstSecond && collected.length < limit; second -= 1) {
      const prints = tradesInSecond(context, pair, second).filter(
        (trade) => trade.timestamp >= from && trade.timestamp <= to,
      );
      collected.push(...prints.reverse());
    }
    return collected.slice(0, limit).reverse();
  }
  for (let second = firstSecond; second <= lastSecond && collected.length < limit; second += 1) {
    for (const trade of tradesInSecond(context, pair, second)) {
      if (trade.timestamp >= from && trade.timestamp <= to) collected.push(trade);
    }
  }
  return collected.slice(0, limit);
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
    const momentum =
      context.path.logReturn(coin, time, MOMENTUM_WINDOW_MS) /
      (coin.sigmaDay * Math.sqrt(MOMENTUM_WINDOW_MS / DAY_MS) || 1);
    const phase = coin.pumped ? context.pumps.phase(coin.id, time) : null;
    const buyProbability = Math.min(
      0.95,
      Math.max(
        0.05,
        0.5 + 0.3 * Math.tanh(momentum) + (phase === 'rise' ? 0.25 : phase === 'collapse' ? -0.25 : 0),
      ),
    );
    for (let index = 0; index < honestCount; index += 1) {
      const lane = 10 + index * LANES_PER_TRADE;
      const timestamp = time + Math.floor(1_000 * uniformAt(key, second, lane));
      const side = uniformAt(key, second, lane + 1) < buyProbability ? 'buy' : 'sell';
      const midUsd = context.pairMidUsd(pair, timestamp);
      const half = spreadFraction(context, pair, timestamp) / 2;
      const price = roundPrice((midUsd * (side === 'buy' ? 1 + half : 1 - half)) / quoteUsd);
      const usd = medianUsd * Math.exp(SIZE_SIGMA * normalAt(key, second, lane + 2));
      const amount = honestSize(usd / midUsd, uniformAt(key, second, lane + 3));
      prints.push({
        id: id('t', index),
        exchangeId: pair.venue.id,
        coinId: pair.coinId,
        base: pair.base,
        quote: pair.quote,
        price,
        amount,
        side,
        timestamp,
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

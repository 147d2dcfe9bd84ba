import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

import { flowCoherent } from './flow-coherent.js';
import { imitationPrints } from './imitation.js';
import { touchFor } from './quotes.js';
import type { Quote } from './quotes.js';
import { pick, seededRandom } from './random.js';
import { selfCopy } from './self-copy.js';
import type { Touch } from './touch.js';

/**
 * How real washers print, as a venue's public feed shows a self-match: once, with the taker's side.
 * - `single_print`: single self-matches at the touch, sizes and sides drawn independently from the venue's own
 *   tape, at the honest flow's moments (so its sizes, first digits, round sizes and intraday rhythm are kept).
 * - `lagged_legs`: two legs 50–3000 ms apart on opposite sides, the second filled in one to three parts, ±1 tick.
 * - `same_side_bursts`: bursts of 3–20 same-side prints within 3 s, the bursts alternating direction.
 * - `copied_tape`: another venue's prints of the pair over the same span, 0.2–5 s later, sizes scaled to the
 *   volume wanted.
 * Informed washers, who have read the methodology (one file each):
 * - `flow_coherent`: prints leaning with the mid's recent move, as informed flow does (flow-coherent.ts).
 * - `imitation_prints`: the venue's own sizes, sign clustering and gaps imitated (imitation.ts).
 * - `self_copy`: the venue's own tape from other moments replayed at the current price (self-copy.ts).
 */
export type WashFamily =
  | 'single_print'
  | 'lagged_legs'
  | 'same_side_bursts'
  | 'copied_tape'
  | 'flow_coherent'
  | 'imitation_prints'
  | 'self_copy';
export const WASH_FAMILIES: readonly WashFamily[] = [
  'single_print',
  'lagged_legs',
  'same_side_bursts',
  'copied_tape',
];
export const INFORMED_WASH_FAMILIES: readonly WashFamily[] = [
  'flow_coherent',
  'imitation_prints',
  'self_copy',
];

export interface WashInjection {
  /** The venue's honest tape of one pair, oldest first. */
  tape: readonly TradePrint[];
  /** Fake notional as a multiple of the tape's honest notional (Σ price × amount). */
  lambda: number;
  seed: number;
  /** The pair's book, for the touch; without it the touch is inferred from the tape. */
  book?: OrderBookSnapshot | null;
  /** `copied_tape`: another venue's tape of the same pair. */
  source?: readonly TradePrint[];
  /** The venue's best bid and ask over time, oldest first: when given, prints at the touch use the quote in force. */
  quotes?: readonly Quote[];
}

export interface InjectedTape {
  /** Honest and fake prints together, in time order, numbered afresh (an id does not tell them apart). */
  tape: TradePrint[];
  fakeCount: number;
  fakeNotional: number;
}

type Fake = Pick<TradePrint, 'price' | 'amount' | 'side' | 'timestamp'>;

export function injectWash(family: WashFamily, injection: WashInjection): InjectedTape {
  const { tape, lambda } = injection;
  if (tape.length === 0 || !(lambda > 0)) return { tape: [...tape], fakeCount: 0, fakeNotional: 0 };
  const random = seededRandom(injection.seed);
  const target = lambda * notional(tape);
  const touch = touchFor(tape, injection.book, injection.quotes);
  const fakes =
    family === 'copied_tape'
      ? copiedTape(tape, injection.source ?? [], target, random)
      : family === 'flow_coherent'
        ? flowCoherent(tape, target, touch, random)
        : family === 'imitation_prints'
          ? imitationPrints(tape, target, touch, random)
          : family === 'self_copy'
            ? selfCopy(tape, target, touch, random)
            : generate(family, tape, target, touch, random);
  const template = tape[0]!;
  const merged: TradePrint[] = [...tape, ...fakes.map((fake) => ({ ...template, ...fake }))]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((print, index) => ({
      ...print,
      id: `${template.exchangeId}-${template.base}-${template.quote}-${index}`,
    }));
  return { tape: merged, fakeCount: fakes.length, fakeNotional: notional(fakes) };
}

function notional(prints: readonly Pick<TradePrint, 'price' | 'amount'>[]): number {
  return prints.reduce((sum, print) => sum + print.price * print.amount, 0);
}

function generate(
  family: 'single_print' | 'lagged_legs' | 'same_side_bursts',
  tape: readonly TradePrint[],
  target: number,
  touch: Touch,
  random: () => number,
): Fake[] {
  const fakes: Fake[] = [];
  const jitter = medianGap(tape);
  const sided = tape.filter((print) => print.side !== null);
  const sideOf = () => (sided.length > 0 ? pick(random, sided).side! : random() < 0.5 ? 'buy' : 'sell');
  let added = 0;
  let direction: 'buy' | 'sell' = 'buy';
  // A moment of the honest flow, moved by up to a typical gap: the washer trades when the market does.
  const moment = () => Math.max(0, Math.round(pick(random, tape).timestamp + (random() - 0.5) * 2 * jitter));
  const at = (side: 'buy' | 'sell', time: number) => (side === 'buy' ? touch(time).ask : touch(time).bid);
  while (added < target) {
    if (family === 'single_print') {
      const side = sideOf();
      const time = moment();
      const fake = { price: at(side, time), amount: pick(random, tape).amount, side, timestamp: time };
      fakes.push(fake);
      added += fake.price * fake.amount;
    } else if (family === 'lagged_legs') {
      const side = random() < 0.5 ? 'buy' : 'sell';
      const other = side === 'buy' ? 'sell' : 'buy';
      const time = moment();
      const amount = pick(random, tape).amount;
      const price = at(side, time);
      fakes.push({ price, amount, side, timestamp: time });
      const second = time + Math.round(50 + random() * 2_950);
      const tick = price * 1e-5 * (Math.floor(random() * 3) - 1);
      const parts = split(amount, 1 + Math.floor(random() * 3), random);
      parts.forEach((part, index) =>
        fakes.push({ price: price + tick, amount: part, side: other, timestamp: second + index }),
      );
      added += 2 * price * amount;
    } else {
      direction = direction === 'buy' ? 'sell' : 'buy';
      const start = moment();
      const length = 3 + Math.floor(random() * 18);
      const times = Array.from({ length }, () => start + Math.round(random() * 3_000)).sort((a, b) => a - b);
      for (const time of times) {
        const fake = {
          price: at(direction, time),
          amount: pick(random, tape).amount,
          side: direction,
          timestamp: time,
        };
        fakes.push(fake);
        added += fake.price * fake.amount;
      }
    }
  }
  return fakes;
}

/** `amount` in `count` parts at eight decimals, the last taking the exact remainder. */
function split(amount: number, count: number, random: () => number): number[] {
  const parts: number[] = [];
  let rest = amount;
  for (let index = 1; index < count; index++) {
    const part = Number((rest * (0.2 + 0.6 * random())).toFixed(8));
    if (!(part > 0) || part >= rest) break;
    parts.push(part);
    rest = Number((rest - part).toFixed(8));
  }
  parts.push(rest);
  return parts;
}

/** The median time between consecutive prints. */
function medianGap(tape: readonly TradePrint[]): number {
  const gaps = tape.slice(1).map((print, index) => print.timestamp - tape[index]!.timestamp);
  gaps.sort((a, b) => a - b);
  return Math.max(1, gaps[Math.floor(gaps.length / 2)] ?? 1_000);
}

/**
 * The source venue's prints over the target's span, printed again 0.2–5 s later (a copier copies what the other
 * venue prints as it prints it), sizes scaled so the copies reach `target`, prices scaled to the target's level;
 * sides and rhythm kept.
 */
function copiedTape(
  tape: readonly TradePrint[],
  source: readonly TradePrint[],
  target: number,
  random: () => number,
): Fake[] {
  const start = tape[0]!.timestamp;
  const end = tape[tape.length - 1]!.timestamp;
  const lag = Math.round(200 + random() * 4_800);
  const copied = source.filter(
    (print) => print.timestamp >= start - lag && print.timestamp + lag <= end + lag,
  );
  if (copied.length === 0) return [];
  const priceScale = medianPrice(tape) / medianPrice(copied);
  const laid: Fake[] = copied.map((print) => ({
    price: print.price * priceScale,
    amount: print.amount,
    side: print.side,
    timestamp: print.timestamp + lag,
  }));
  const scale = target / Math.max(1e-12, notional(laid));
  return laid.map((print) => ({ ...print, amount: Number((print.amount * scale).toPrecision(8)) }));
}

function medianPrice(tape: readonly TradePrint[]): number {
  const prices = tape.map((print) => print.price).sort((a, b) => a - b);
  return prices[Math.floor(prices.length / 2)] ?? 1;
}

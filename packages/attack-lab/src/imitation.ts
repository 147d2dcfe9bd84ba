import type { TradePrint } from '@coinlens/market-model';

import { pick } from './random.js';
import { gapsOf, notionalOf, opposite, sidesOf, stayProbability } from './tape-stats.js';
import type { FakePrint } from './tape-stats.js';
import type { Touch } from './touch.js';

/**
 * `imitation_prints`: one stream of self-matches at the touch that imitates the venue's own statistics — sizes
 * drawn from its prints, sides from a two-state Markov chain whose stay-probability is the share of its
 * consecutive prints on the same side, gaps drawn from its inter-print gaps. When the stream at the venue's own
 * rhythm would outlast the tape's span (λ large), its gaps are shrunk by one factor so it fits: the venue then
 * looks busier, with its rhythm's shape kept.
 */
export function imitationPrints(
  tape: readonly TradePrint[],
  target: number,
  touch: Touch,
  random: () => number,
): FakePrint[] {
  const sides = sidesOf(tape);
  const stay = stayProbability(sides) ?? 0.5;
  const buyShare = sides.length > 0 ? sides.filter((side) => side === 'buy').length / sides.length : 0.5;
  const gaps = gapsOf(tape);
  const volume = tape.reduce((sum, print) => sum + print.amount, 0);
  // The stream's notional is counted at the tape's average price; its prices come from the touch afterwards.
  const price = volume > 0 ? notionalOf(tape) / volume : 1;
  const stream: { offset: number; side: 'buy' | 'sell'; amount: number }[] = [];
  let side: 'buy' | 'sell' = random() < buyShare ? 'buy' : 'sell';
  let offset = 0;
  let added = 0;
  while (added < target) {
    if (stream.length > 0) {
      offset += gaps.length > 0 ? pick(random, gaps) : 1_000;
      if (random() >= stay) side = opposite(side);
    }
    const amount = pick(random, tape).amount;
    stream.push({ offset, side, amount });
    added += amount * price;
  }
  const start = tape[0]!.timestamp;
  const span = tape[tape.length - 1]!.timestamp - start;
  const factor = offset > span ? span / offset : 1;
  const origin = start + random() * (span - offset * factor);
  return stream.map((entry) => {
    const timestamp = Math.round(origin + entry.offset * factor);
    const { bid, ask } = touch(timestamp);
    return { price: entry.side === 'buy' ? ask : bid, amount: entry.amount, side: entry.side, timestamp };
  });
}

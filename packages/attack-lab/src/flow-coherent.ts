import type { TradePrint } from '@coinlens/market-model';

import { midAt } from './quotes.js';
import { pick } from './random.js';
import { gapsOf, median, opposite } from './tape-stats.js';
import type { FakePrint } from './tape-stats.js';
import type { Touch } from './touch.js';

/** How far back the washer looks at the mid; a flat mid sends him further back, up to 8×. */
const LOOKBACK_MS = 5_000;
/** Prints against the move: real flow does not follow the price every time, and a perfect follower stands out. */
const AGAINST_SHARE = 0.15;

/**
 * `flow_coherent`: self-matches at the touch leaning with the mid — buys while it has risen over the last seconds,
 * sells while it has fallen — so the fake flow moves with the price as informed flow does. Sizes drawn from the
 * venue's own prints, at moments of the honest flow, until `target` notional.
 */
export function flowCoherent(
  tape: readonly TradePrint[],
  target: number,
  touch: Touch,
  random: () => number,
): FakePrint[] {
  const jitter = Math.max(1, median(gapsOf(tape)) ?? 1_000);
  const fakes: FakePrint[] = [];
  let added = 0;
  while (added < target) {
    const time = Math.max(0, Math.round(pick(random, tape).timestamp + (random() - 0.5) * 2 * jitter));
    const now = midAt(touch, time);
    let move = 0;
    for (let lookback = LOOKBACK_MS; move === 0 && lookback <= 8 * LOOKBACK_MS; lookback *= 2)
      move = now - midAt(touch, time - lookback);
    const withMove = move > 0 ? 'buy' : move < 0 ? 'sell' : random() < 0.5 ? 'buy' : 'sell';
    const side = random() < AGAINST_SHARE ? opposite(withMove) : withMove;
    const { bid, ask } = touch(time);
    const fake = {
      price: side === 'buy' ? ask : bid,
      amount: pick(random, tape).amount,
      side,
      timestamp: time,
    };
    fakes.push(fake);
    added += fake.price * fake.amount;
  }
  return fakes;
}

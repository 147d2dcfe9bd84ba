import type { TradePrint } from '@coinlens/market-model';

import { byPairInTime } from './pair-tapes.js';
import { midTape } from './print-mids.js';
import type { MidTape } from './print-mids.js';

/** Consecutive prints per bucket: short enough to see impact before other venues' flow takes over. */
const BUCKET_PRINTS = 30;
/**
 * A bucket's flow is set against the mid's move over it and the next bucket: what flow does to the price shows
 * over both (the mid read from the prints catches up a bucket late), and flow that only follows the price
 * already moved leaves the next bucket alone.
 */
const HORIZON_PRINTS = 2 * BUCKET_PRINTS;

export interface FlowPriceCoherence {
  /** Correlation of a bucket's signed volume with the mid's move over it and the next, pooled over pairs. */
  correlation: number;
  buckets: number;
}

/**
 * Whether the venue's order flow moves its price. Buying pushes prices up (Kyle 1985; Hasbrouck 1991; Cont,
 * Kukanov & Stoikov 2014): on the liquid real tapes we hold, the signed volume of 30 consecutive prints
 * correlates 0.33–0.54 with the mid's move across them and the next 30. Wash prints at the touch trade with
 * oneself and move nothing, and flow that follows a move already made says nothing of the next one, so their
 * flow dilutes the correlation towards 0 (as the square root of the fake share of flow variance). Each pair's
 * buckets are standardised before pooling, so a large pair does not speak for the others. Null below
 * `minimumBuckets`.
 */
export function flowPriceCoherence(
  trades: readonly TradePrint[],
  minimumBuckets: number,
): FlowPriceCoherence | null {
  return flowPriceOf(
    flowSumOf(byPairInTime(trades).map((prints) => flowTally(midTape(prints)))),
    minimumBuckets,
  );
}

/**
 * One pair's standardised flow × standardised price move per bucket of its sided prints (print-mids.ts), none
 * for fewer than 3 buckets or no variation, in time order.
 */
export function flowTally({ sided, mids }: MidTape): Float64Array {
  const flows: number[] = [];
  const moves: number[] = [];
  for (let start = 0; start + HORIZON_PRINTS < sided.length; start += BUCKET_PRINTS) {
    const from = mids[start]!;
    const to = mids[start + HORIZON_PRINTS]!;
    if (!(from > 0) || !(to > 0)) continue;
    let flow = 0;
    for (let index = start; index < start + BUCKET_PRINTS; index++) {
      const print = sided[index]!;
      flow += print.side === 'buy' ? print.amount : -print.amount;
    }
    flows.push(flow);
    moves.push(Math.log(to / from));
  }
  const x = standardised(flows);
  const y = standardised(moves);
  if (!x || !y) return new Float64Array(0);
  return Float64Array.from(x, (value, index) => value * y[index]!);
}

/** The products of standardised flow and move summed over buckets, and how many buckets. */
export interface FlowSum {
  products: number;
  buckets: number;
}

/** The pairs' tallies summed, in the pairs' order. */
export function flowSumOf(tallies: readonly Float64Array[]): FlowSum {
  let products = 0;
  let buckets = 0;
  for (const tally of tallies) {
    for (const product of tally) products += product;
    buckets += tally.length;
  }
  return { products, buckets };
}

/** Windows' sums added up (tape-windows.ts). */
export function summedFlows(sums: readonly FlowSum[]): FlowSum {
  let products = 0;
  let buckets = 0;
  for (const sum of sums) {
    products += sum.products;
    buckets += sum.buckets;
  }
  return { products, buckets };
}

/** The pooled correlation of the summed buckets; null below `minimumBuckets`. */
export function flowPriceOf(
  { products, buckets }: FlowSum,
  minimumBuckets: number,
): FlowPriceCoherence | null {
  return buckets >= minimumBuckets ? { correlation: products / buckets, buckets } : null;
}

/** Values minus their mean over their standard deviation; null for fewer than 3 or no variation. */
function standardised(values: readonly number[]): number[] | null {
  if (values.length < 3) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  if (!(variance > 0)) return null;
  const deviation = Math.sqrt(variance);
  return values.map((value) => (value - mean) / deviation);
}

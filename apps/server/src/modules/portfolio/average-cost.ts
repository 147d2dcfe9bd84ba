import type { PortfolioTransactionType } from '@coinlens/contract';

import { divideRounded, UNIT_SCALE, MONEY_SCALE, rescale } from './fixed-decimal.js';

/** One transaction as the average-cost ledger sees it: US dollars, exact (see fixed-decimal.ts for the scales). */
export interface LedgerEntry {
  type: PortfolioTransactionType;
  /** Coins moved, > 0, at UNIT_SCALE. */
  amount: bigint;
  /** US dollars per coin at UNIT_SCALE; null for a transfer without a price. */
  unitPriceUsd: bigint | null;
  /** US dollars at UNIT_SCALE. */
  feeUsd: bigint;
}

/** One coin's position: coins held (UNIT_SCALE), their cost and the realised P&L (both MONEY_SCALE, US dollars). */
export interface Position {
  amount: bigint;
  cost: bigint;
  realised: bigint;
}

export const EMPTY_POSITION: Position = { amount: 0n, cost: 0n, realised: 0n };

/** A sell or transfer out of more than `held` coins. */
export interface Oversold {
  oversold: true;
  held: bigint;
}

const feeMoney = (entry: LedgerEntry) => rescale(entry.feeUsd, UNIT_SCALE, MONEY_SCALE);

/** The share of the position's cost that `amount` of its coins carries; all of it when they are all the coins. */
function costOf(position: Position, amount: bigint): bigint {
  return amount === position.amount ? position.cost : divideRounded(position.cost * amount, position.amount);
}

/**
 * The position after `entry`, average-cost basis (docs/portfolio.md, "P&L"):
 * - buy: adds the coins and their cost, fee included;
 * - sell: realises proceeds − the coins' share of the cost − the fee; the average cost stays;
 * - transfer in: adds the coins at its price (fee included) or, without a price, at the current average cost;
 * - transfer out: removes the coins and their share of the cost; its fee is realised as a loss.
 * The last coins out take the whole remaining cost, so a position sold to zero has realised exactly
 * Σ proceeds − Σ costs − Σ fees, whatever rounding the partial sells did on the way.
 */
export function applyEntry(position: Position, entry: LedgerEntry): Position | Oversold {
  const fee = feeMoney(entry);
  switch (entry.type) {
    case 'buy':
    case 'transfer_in': {
      const cost =
        entry.unitPriceUsd === null
          ? position.amount === 0n
            ? 0n
            : divideRounded(position.cost * entry.amount, position.amount)
          : entry.amount * entry.unitPriceUsd;
      return {
        amount: position.amount + entry.amount,
        cost: position.cost + cost + fee,
        realised: position.realised,
      };
    }
    case 'sell':
    case 'transfer_out': {
      if (entry.amount > position.amount) return { oversold: true, held: position.amount };
      const removed = costOf(position, entry.amount);
      const proceeds = entry.type === 'sell' ? entry.amount * (entry.unitPriceUsd ?? 0n) - removed : 0n;
      return {
        amount: position.amount - entry.amount,
        cost: position.cost - removed,
        realised: position.realised + proceeds - fee,
      };
    }
  }
}

export function isOversold(result: Position | Oversold): result is Oversold {
  return 'oversold' in result;
}

/** What replaying a coin's entries in order gives: the position, or the first entry that oversells. */
export type Replay =
  { position: Position; failure: null } | { position: Position; failure: { index: number; held: bigint } };

export function replay(entries: readonly LedgerEntry[]): Replay {
  let position = EMPTY_POSITION;
  for (const [index, entry] of entries.entries()) {
    const next = applyEntry(position, entry);
    if (isOversold(next)) return { position, failure: { index, held: next.held } };
    position = next;
  }
  return { position, failure: null };
}

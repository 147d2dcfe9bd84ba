import type { PortfolioTransactionType } from '@coinlens/contract';

import type { LedgerEntry } from './average-cost.js';
import { divideRounded, parseDecimal, UNIT_SCALE } from './fixed-decimal.js';

/** A transaction's figures as stored: canonical decimal texts and the US-dollar rates fixed when it was recorded. */
export interface TransactionFigures {
  type: PortfolioTransactionType;
  amount: string;
  price: string | null;
  /** Units of the price's currency per US dollar. */
  price_usd_rate: string;
  fee: string;
  fee_usd_rate: string;
}

function exact(text: string): bigint {
  const value = parseDecimal(text, UNIT_SCALE);
  if (value === null) throw new Error(`not a stored decimal: ${text}`);
  return value;
}

/** `value` (UNIT_SCALE, in a currency) in US dollars at UNIT_SCALE: value ÷ rate, rounded once, here. */
function toUsd(value: bigint, rate: bigint): bigint {
  return divideRounded(value * 10n ** BigInt(UNIT_SCALE), rate);
}

/** The ledger's view of a stored transaction: every figure in US dollars (docs/portfolio.md, "Currencies"). */
export function ledgerEntryOf(figures: TransactionFigures): LedgerEntry {
  return {
    type: figures.type,
    amount: exact(figures.amount),
    unitPriceUsd: figures.price === null ? null : toUsd(exact(figures.price), exact(figures.price_usd_rate)),
    feeUsd: toUsd(exact(figures.fee), exact(figures.fee_usd_rate)),
  };
}

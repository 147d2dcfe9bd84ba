import type { TransactionRow } from './portfolio.repository.js';

/** A transaction in ledger order: its time, coins in before coins out at the same time, then as recorded. */
export interface Ordered {
  time: number;
  type: TransactionRow['type'];
  order: number;
}

export const isOutgoing = (type: TransactionRow['type']) => type === 'sell' || type === 'transfer_out';

export function ledgerOrder(a: Ordered, b: Ordered): number {
  return a.time - b.time || Number(isOutgoing(a.type)) - Number(isOutgoing(b.type)) || a.order - b.order;
}

/** Stored rows in ledger order. */
export function inLedgerOrder(rows: readonly TransactionRow[]): TransactionRow[] {
  return [...rows].sort((a, b) => ledgerOrder({ ...a, order: a.id }, { ...b, order: b.id }));
}

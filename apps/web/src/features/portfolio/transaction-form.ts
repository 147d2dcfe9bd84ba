import {
  PORTFOLIO_DECIMAL_FRACTION_DIGITS,
  PORTFOLIO_DECIMAL_INTEGER_DIGITS,
  PORTFOLIO_EARLIEST_TIME,
  PORTFOLIO_NOTE_MAX_LENGTH,
  PORTFOLIO_PRICED_TYPES,
  type PortfolioProblemReason,
  type PortfolioTransaction,
  type PortfolioTransactionDraft,
  type PortfolioTransactionType,
} from '@coinlens/contract';

import { fromWallTime, toWallTime } from './portfolio-format';

/** The transaction form's fields as typed (text), before they become a draft. */
export interface TransactionFormValues {
  type: PortfolioTransactionType;
  coinId: string;
  amount: string;
  price: string;
  currency: string;
  fee: string;
  /** `datetime-local` text in UTC+8. */
  time: string;
  note: string;
}

export type TransactionField = 'coinId' | 'amount' | 'price' | 'fee' | 'time' | 'note';

/** The draft's field each form field fills, as the server names it in a 50500 (`data.column` / `data.field`). */
export const DRAFT_FIELD: Readonly<Record<TransactionField, string>> = {
  coinId: 'coin_id',
  amount: 'amount',
  price: 'price',
  fee: 'fee',
  time: 'time',
  note: 'note',
};

export type FormProblems = Partial<Record<TransactionField, PortfolioProblemReason>>;

const DECIMAL = new RegExp(
  `^\\d{1,${PORTFOLIO_DECIMAL_INTEGER_DIGITS}}(\\.\\d{1,${PORTFOLIO_DECIMAL_FRACTION_DIGITS}})?$`,
);

/** The decimal as the contract takes it: spaces dropped, a lone comma read as the decimal point ("0,5"). */
export function normaliseDecimal(text: string): string {
  const compact = text.trim().replace(/\s+/g, '');
  return /^\d*,\d+$/.test(compact) ? compact.replace(',', '.') : compact;
}

function decimalProblem(text: string, positive: boolean): PortfolioProblemReason | null {
  if (!DECIMAL.test(text)) return 'decimal';
  if (positive && !/[1-9]/.test(text)) return 'positive';
  return null;
}

export function isPriced(type: PortfolioTransactionType): boolean {
  return PORTFOLIO_PRICED_TYPES.includes(type);
}

export function emptyFormValues(coinId: string, currency: string, now: number): TransactionFormValues {
  return { type: 'buy', coinId, amount: '', price: '', currency, fee: '', time: toWallTime(now), note: '' };
}

/** A stored transaction back in the form. */
export function formValuesOf(transaction: PortfolioTransaction): TransactionFormValues {
  return {
    type: transaction.type,
    coinId: transaction.coin_id,
    amount: transaction.amount,
    price: transaction.price ?? '',
    currency: transaction.price_currency,
    fee: transaction.fee === '0' ? '' : transaction.fee,
    time: toWallTime(transaction.time),
    note: transaction.note,
  };
}

export type DraftResult =
  { ok: true; draft: PortfolioTransactionDraft } | { ok: false; problems: FormProblems };

/**
 * The draft the form's values make, or what is wrong with them — the contract's rules, checked before the call
 * so the user sees every problem at once (the server checks them again, and answers what only it knows: an
 * unknown coin, a sell of more than is held).
 */
export function draftOf(values: TransactionFormValues, now: number): DraftResult {
  const problems: FormProblems = {};
  if (values.coinId === '') problems.coinId = 'required';

  const amount = normaliseDecimal(values.amount);
  if (amount === '') problems.amount = 'required';
  else {
    const problem = decimalProblem(amount, true);
    if (problem) problems.amount = problem;
  }

  const priced = isPriced(values.type);
  const price = normaliseDecimal(values.price);
  if (price === '') {
    if (priced) problems.price = 'price_required';
  } else {
    const problem = decimalProblem(price, false);
    if (problem) problems.price = problem;
  }

  const fee = normaliseDecimal(values.fee);
  if (fee !== '') {
    const problem = decimalProblem(fee, false);
    if (problem) problems.fee = problem;
  }

  const time = fromWallTime(values.time);
  if (time === null || time < PORTFOLIO_EARLIEST_TIME) problems.time = 'date';
  else if (time > now) problems.time = 'future';

  const note = values.note.trim();
  if (note.length > PORTFOLIO_NOTE_MAX_LENGTH) problems.note = 'note_too_long';

  if (Object.keys(problems).length > 0 || time === null) return { ok: false, problems };
  return {
    ok: true,
    draft: {
      coin_id: values.coinId,
      type: values.type,
      amount,
      price: price === '' ? null : price,
      price_currency: values.currency,
      fee: fee === '' ? '0' : fee,
      fee_currency: null,
      time,
      note,
    },
  };
}

/** The form field a server refusal names (its `data.column` or `data.field`), if the form has it. */
export function formFieldOfServer(name: string | null | undefined): TransactionField | null {
  if (!name) return null;
  const entry = Object.entries(DRAFT_FIELD).find(([, draftField]) => draftField === name);
  return entry ? (entry[0] as TransactionField) : null;
}

const decimalFormatter = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 10 });

/** A live price as the price field's text: plain decimal, ten significant digits ("64250.12346", "0.00001234"). */
export function decimalOf(value: number): string {
  return decimalFormatter.format(value);
}

import {
  DISPLAY_CURRENCIES,
  PORTFOLIO_DECIMAL_INTEGER_DIGITS,
  PORTFOLIO_PRICED_TYPES,
  PORTFOLIO_EARLIEST_TIME,
  PORTFOLIO_NOTE_MAX_LENGTH,
} from '@coinlens/contract';
import type { PortfolioProblemReason, PortfolioTransactionType } from '@coinlens/contract';

import { formatDecimal, parseDecimal, UNIT_SCALE } from './fixed-decimal.js';
import { lineRefusal } from './portfolio-refusal.js';

/** A transaction as the service stores it: decimals in canonical form, currencies as lower-case codes. */
export interface TransactionInput {
  coin_id: string;
  type: PortfolioTransactionType;
  amount: string;
  price: string | null;
  price_currency: string;
  fee: string;
  fee_currency: string;
  time: number;
  note: string;
}

/** One CSV row read: the transaction, its line, and (Coinlens format) the US-dollar rates the file carried. */
export interface ImportRow {
  line: number;
  input: TransactionInput;
  rates: { price: string; fee: string } | null;
}

/** Finds coins for an import: by id, or every coin with a symbol (case-insensitive). */
export interface CoinDirectory {
  has(coinId: string): boolean;
  idsWithSymbol(symbol: string): readonly string[];
}

/** A time this far past the server's clock still counts as now (a phone's clock runs a little ahead). */
export const CLOCK_SKEW_MS = 5 * 60_000;

const CURRENCY_CODES: ReadonlySet<string> = new Set(DISPLAY_CURRENCIES.map((entry) => entry.currency_code));

/** Reads the cells of one line, each refusal naming the line and the column as the file spells it. */
export class RowReader {
  constructor(
    readonly line: number,
    private readonly cells: ReadonlyMap<string, string>,
  ) {}

  refuse(column: string | null, reason: PortfolioProblemReason): never {
    throw lineRefusal(this.line, column, reason);
  }

  text(column: string): string {
    return (this.cells.get(column) ?? '').trim();
  }

  required(column: string): string {
    const value = this.text(column);
    if (value === '') this.refuse(column, 'required');
    return value;
  }

  /** Canonical decimal text; `positive` refuses zero. Empty → `empty` (or required when there is none). */
  decimal(column: string, { positive = false, empty }: { positive?: boolean; empty?: string } = {}): string {
    const raw = this.text(column);
    if (raw === '') {
      if (empty === undefined) this.refuse(column, 'required');
      return empty;
    }
    const value = parseDecimal(raw, UNIT_SCALE);
    if (value === null || (raw.split('.')[0] ?? '').length > PORTFOLIO_DECIMAL_INTEGER_DIGITS)
      this.refuse(column, 'decimal');
    if (positive && value === 0n) this.refuse(column, 'positive');
    return formatDecimal(value, UNIT_SCALE);
  }

  currency(column: string, fallback: string): string {
    const raw = this.text(column).toLowerCase();
    if (raw === '') return fallback;
    if (!CURRENCY_CODES.has(raw)) this.refuse(column, 'currency');
    return raw;
  }

  note(column: string, fromFile: (text: string) => string = (text) => text): string {
    const note = fromFile(this.text(column));
    if ([...note].length > PORTFOLIO_NOTE_MAX_LENGTH) this.refuse(column, 'note_too_long');
    return note;
  }
}

/** The checks every transaction passes, whatever it came from: a time in range, a price where one is needed. */
export function checkRow(
  reader: RowReader,
  input: TransactionInput,
  columns: { time: string; price: string },
  now: number,
) {
  if (input.time < PORTFOLIO_EARLIEST_TIME) reader.refuse(columns.time, 'date');
  if (input.time > now + CLOCK_SKEW_MS) reader.refuse(columns.time, 'future');
  if (input.price === null && PORTFOLIO_PRICED_TYPES.includes(input.type))
    reader.refuse(columns.price, 'price_required');
}

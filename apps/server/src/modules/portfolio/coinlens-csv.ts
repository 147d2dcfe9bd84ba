import { PORTFOLIO_TRANSACTION_TYPES } from '@coinlens/contract';
import type { PortfolioTransactionType } from '@coinlens/contract';

import type { CsvRecord } from './csv-text.js';
import { csvLine, fromSpreadsheetText, toSpreadsheetText } from './csv-text.js';
import type { CoinDirectory, ImportRow, TransactionInput } from './import-row.js';
import { checkRow, RowReader } from './import-row.js';
import { lineRefusal } from './portfolio-refusal.js';

/**
 * Our own CSV format, version 1: every field of a transaction, the version in each column's name so a later
 * format can change a column's meaning without a file being misread. Export → import gives back the same
 * transactions exactly (decimal text as stored, times to the millisecond, the recorded US-dollar rates).
 */
export const COINLENS_CSV_PREFIX = 'coinlens.v1.';
export const COINLENS_CSV_FIELDS = [
  'time',
  'type',
  'coin_id',
  'amount',
  'price',
  'price_currency',
  'price_usd_rate',
  'fee',
  'fee_currency',
  'fee_usd_rate',
  'note',
] as const;
type CoinlensField = (typeof COINLENS_CSV_FIELDS)[number];
export const COINLENS_CSV_HEADER = COINLENS_CSV_FIELDS.map((field) => COINLENS_CSV_PREFIX + field);

/** What an exported row carries: a transaction and the rates it was recorded with. */
export type ExportedTransaction = TransactionInput & { price_usd_rate: string; fee_usd_rate: string };

/** The file: the header and one line per transaction, CRLF line ends (RFC 4180). */
export function writeCoinlensCsv(transactions: readonly ExportedTransaction[]): string {
  const lines = [csvLine(COINLENS_CSV_HEADER)];
  for (const transaction of transactions) {
    const values: Record<CoinlensField, string> = {
      time: new Date(transaction.time).toISOString(),
      type: transaction.type,
      coin_id: transaction.coin_id,
      amount: transaction.amount,
      price: transaction.price ?? '',
      price_currency: transaction.price_currency,
      price_usd_rate: transaction.price_usd_rate,
      fee: transaction.fee,
      fee_currency: transaction.fee_currency,
      fee_usd_rate: transaction.fee_usd_rate,
      note: toSpreadsheetText(transaction.note),
    };
    lines.push(csvLine(COINLENS_CSV_FIELDS.map((field) => values[field])));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TYPES: ReadonlySet<string> = new Set(PORTFOLIO_TRANSACTION_TYPES);

/** The rows of a Coinlens file, every value checked; the first problem is thrown naming its line and column. */
export function readCoinlensRows(
  header: CsvRecord,
  records: readonly CsvRecord[],
  coins: CoinDirectory,
  now: number,
): ImportRow[] {
  const names = header.fields.map((name) => name.trim().toLowerCase());
  if (
    names.length !== COINLENS_CSV_HEADER.length ||
    new Set(names).size !== names.length ||
    !COINLENS_CSV_HEADER.every((name) => names.includes(name))
  ) {
    throw lineRefusal(header.line, null, 'header');
  }
  const column = (field: CoinlensField) => COINLENS_CSV_PREFIX + field;
  return records.map((record) => {
    if (record.fields.length !== names.length)
      new RowReader(record.line, new Map()).refuse(null, 'column_count');
    const row: RowReader = new RowReader(
      record.line,
      new Map(names.map((name, index) => [name, record.fields[index] ?? ''])),
    );
    const timeText = row.required(column('time'));
    const time = ISO_UTC.test(timeText) ? Date.parse(timeText) : Number.NaN;
    if (!Number.isFinite(time)) row.refuse(column('time'), 'date');
    const type = row.required(column('type'));
    if (!TYPES.has(type)) row.refuse(column('type'), 'type');
    const coinId = row.required(column('coin_id'));
    if (!coins.has(coinId)) row.refuse(column('coin_id'), 'coin_unknown');
    const priceText = row.text(column('price'));
    const priceCurrency = row.currency(column('price_currency'), 'usd');
    const input: TransactionInput = {
      coin_id: coinId,
      type: type as PortfolioTransactionType,
      amount: row.decimal(column('amount'), { positive: true }),
      price: priceText === '' ? null : row.decimal(column('price')),
      price_currency: priceCurrency,
      fee: row.decimal(column('fee'), { empty: '0' }),
      fee_currency: row.currency(column('fee_currency'), priceCurrency),
      time,
      note: row.note(column('note'), fromSpreadsheetText),
    };
    checkRow(row, input, { time: column('time'), price: column('price') }, now);
    return {
      line: record.line,
      input,
      rates: {
        price: row.decimal(column('price_usd_rate'), { positive: true }),
        fee: row.decimal(column('fee_usd_rate'), { positive: true }),
      },
    };
  });
}

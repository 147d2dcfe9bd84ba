import type { PortfolioTransactionType } from '@coinlens/contract';

import type { CsvRecord } from './csv-text.js';
import type { CoinDirectory, ImportRow, TransactionInput } from './import-row.js';
import { checkRow, RowReader } from './import-row.js';

/**
 * The layout most trackers and exchanges export: date, type, coin, amount, price, fee, with common spellings
 * of the column names and the types, in any column order; optional currency and note columns.
 */
type GenericColumn =
  'date' | 'type' | 'coin' | 'amount' | 'price' | 'fee' | 'currency' | 'fee_currency' | 'note';

/** Header spellings (compared lower-case, with spaces, dashes and underscores removed). */
const COLUMN_NAMES: Readonly<Record<GenericColumn, readonly string[]>> = {
  date: ['date', 'time', 'datetime', 'timestamp', 'dateutc', 'timeutc', 'datetimeutc'],
  type: ['type', 'side', 'action', 'transactiontype', 'operation', 'kind'],
  coin: ['coin', 'asset', 'symbol', 'coinid', 'token', 'crypto', 'coinsymbol'],
  amount: ['amount', 'quantity', 'qty', 'size', 'volume', 'units'],
  price: ['price', 'unitprice', 'priceperunit', 'pricepercoin', 'rate'],
  fee: ['fee', 'fees', 'commission'],
  currency: ['currency', 'pricecurrency', 'quote', 'quotecurrency', 'fiat'],
  fee_currency: ['feecurrency', 'feeasset', 'commissionasset'],
  note: ['note', 'notes', 'memo', 'comment', 'description'],
};
const REQUIRED: readonly GenericColumn[] = ['date', 'type', 'coin', 'amount'];

const TYPE_NAMES: Readonly<Record<string, PortfolioTransactionType>> = {
  buy: 'buy',
  bought: 'buy',
  purchase: 'buy',
  b: 'buy',
  sell: 'sell',
  sold: 'sell',
  sale: 'sell',
  s: 'sell',
  transferin: 'transfer_in',
  in: 'transfer_in',
  deposit: 'transfer_in',
  receive: 'transfer_in',
  received: 'transfer_in',
  transferout: 'transfer_out',
  out: 'transfer_out',
  withdraw: 'transfer_out',
  withdrawal: 'transfer_out',
  send: 'transfer_out',
  sent: 'transfer_out',
};

const squash = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_\-()]/g, '');

/**
 * ISO 8601 dates: `2024-05-01`, `2024-05-01 12:30`, `2024-05-01T12:30:45.250+07:00`, UTC when no offset is
 * given; or Unix time in seconds (10 digits) or milliseconds (13 digits).
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export function parseGenericDate(text: string): number | null {
  if (/^\d{10}$/.test(text)) return Number(text) * 1000;
  if (/^\d{13}$/.test(text)) return Number(text);
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', millis = '0', zone = 'Z'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Number(millis.padEnd(3, '0')));
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-30 over into March; a real date comes back as itself.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  if (zone.toUpperCase() === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return utc - sign * offsetMinutes * 60_000;
}

/** The rows of a generic file, every value checked; the first problem is thrown naming its line and column. */
export function readGenericRows(
  header: CsvRecord,
  records: readonly CsvRecord[],
  coins: CoinDirectory,
  now: number,
): ImportRow[] {
  const headerReader = new RowReader(header.line, new Map());
  const positions = new Map<GenericColumn, number>();
  const spelled = new Map<GenericColumn, string>();
  header.fields.forEach((name, index) => {
    const key = squash(name);
    const column = (Object.keys(COLUMN_NAMES) as GenericColumn[]).find((candidate) =>
      COLUMN_NAMES[candidate].includes(key),
    );
    if (column === undefined) return;
    if (positions.has(column)) headerReader.refuse(name.trim(), 'header');
    positions.set(column, index);
    spelled.set(column, name.trim());
  });
  for (const column of REQUIRED) if (!positions.has(column)) headerReader.refuse(column, 'header');
  const name = (column: GenericColumn) => spelled.get(column) ?? column;

  return records.map((record) => {
    if (record.fields.length !== header.fields.length)
      new RowReader(record.line, new Map()).refuse(null, 'column_count');
    const cells = new Map<string, string>();
    for (const [column, index] of positions) cells.set(name(column), record.fields[index] ?? '');
    const row: RowReader = new RowReader(record.line, cells);

    const time = parseGenericDate(row.required(name('date')));
    if (time === null) row.refuse(name('date'), 'date');
    const type = TYPE_NAMES[squash(row.required(name('type')))];
    if (type === undefined) row.refuse(name('type'), 'type');
    const coinId = resolveCoin(row, name('coin'), coins);
    const priceText = row.text(name('price'));
    const priceCurrency = row.currency(name('currency'), 'usd');
    const input: TransactionInput = {
      coin_id: coinId,
      type,
      amount: row.decimal(name('amount'), { positive: true }),
      price: priceText === '' ? null : row.decimal(name('price')),
      price_currency: priceCurrency,
      fee: row.decimal(name('fee'), { empty: '0' }),
      fee_currency: row.currency(name('fee_currency'), priceCurrency),
      time,
      note: row.note(name('note')),
    };
    checkRow(row, input, { time: name('date'), price: name('price') }, now);
    return { line: record.line, input, rates: null };
  });
}

/** A coin id as written, else the one coin with that symbol; several with it is ambiguous. */
function resolveCoin(row: RowReader, column: string, coins: CoinDirectory): string {
  const written = row.required(column);
  if (coins.has(written.toLowerCase())) return written.toLowerCase();
  const matches = coins.idsWithSymbol(written);
  if (matches.length > 1) row.refuse(column, 'coin_ambiguous');
  const [only] = matches;
  if (only === undefined) row.refuse(column, 'coin_unknown');
  return only;
}

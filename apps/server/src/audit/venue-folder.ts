import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

import { depthWithinBandUsd } from '../ingest/book-depth.js';
import type { VenueEvidence } from '../scoring/venue-integrity/venue-evidence.js';

/** Bad input for `npm run audit`: names the file and, where there is one, the line. */
export class AuditInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    message: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${message}`);
  }
}

const TRADES_HEADER = 'timestamp_ms,price,amount,side';
const TRADES_FILE = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)\.trades\.csv$/;
const BOOK_FILE = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)\.book\.json$/;
/** Quote currencies taken at 1 USD when the folder gives no reported volume. */
const USD_QUOTES = new Set(['USD', 'USDT', 'USDC']);

/**
 * A folder of venues as `npm run audit` reads it (docs/score-methodology.md, "Audit a verdict from raw data"):
 * one sub-folder per venue, named by its id, holding `<BASE>-<QUOTE>.trades.csv`, optional
 * `<BASE>-<QUOTE>.book.json` and optional `venue.json`. Answers each venue's evidence, in name order.
 */
export function readVenueFolder(root: string): VenueEvidence[] {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new AuditInputError(root, null, 'not a folder');
  const venues = readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort();
  if (venues.length === 0) throw new AuditInputError(root, null, 'no venue sub-folders');
  return venues.map((venue) => readVenue(join(root, venue), venue));
}

function readVenue(folder: string, exchangeId: string): VenueEvidence {
  const files = readdirSync(folder).sort();
  const trades: TradePrint[] = [];
  const books: OrderBookSnapshot[] = [];
  let tapeNotional = 0;
  let unpricedQuote: string | null = null;
  for (const name of files) {
    const match = TRADES_FILE.exec(name);
    if (!match) continue;
    const [, base, quote] = match as unknown as [string, string, string];
    const prints = readTrades(join(folder, name), exchangeId, base, quote);
    for (const print of prints) trades.push(print);
    if (USD_QUOTES.has(quote.toUpperCase()))
      tapeNotional += prints.reduce((sum, print) => sum + print.price * print.amount, 0);
    else unpricedQuote ??= name;
  }
  if (trades.length === 0)
    throw new AuditInputError(folder, null, 'no <BASE>-<QUOTE>.trades.csv file with a print');
  let depth: number | null = null;
  for (const name of files) {
    const match = BOOK_FILE.exec(name);
    if (!match) continue;
    const [, base, quote] = match as unknown as [string, string, string];
    const snapshots = readBooks(join(folder, name), exchangeId, base, quote);
    for (const book of snapshots) books.push(book);
    const latest = snapshots.reduce((last, book) => (book.timestamp > last.timestamp ? book : last));
    const usd = USD_QUOTES.has(quote.toUpperCase()) ? depthWithinBandUsd(latest, 1) : null;
    if (usd !== null) depth = (depth ?? 0) + usd;
  }
  const reported = readReportedVolume(folder);
  if (reported === null && unpricedQuote !== null)
    throw new AuditInputError(
      join(folder, unpricedQuote),
      null,
      'quote currency is not USD, USDT or USDC: give reported_volume_usd_24h in venue.json',
    );
  return {
    exchangeId,
    trades,
    books,
    reportedVolumeUsd24h: reported ?? tapeNotional,
    depthUsd2pct: depth,
  };
}

function readTrades(file: string, exchangeId: string, base: string, quote: string): TradePrint[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  if (lines[0]?.trim() !== TRADES_HEADER)
    throw new AuditInputError(file, 1, `the header must be "${TRADES_HEADER}"`);
  const prints: TradePrint[] = [];
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const fields = line.split(',');
    if (fields.length !== 4)
      throw new AuditInputError(file, index + 1, `expected 4 fields, found ${fields.length}`);
    const [time, price, amount, side] = fields as [string, string, string, string];
    const timestamp = Number(time);
    if (time === '' || !Number.isSafeInteger(timestamp) || timestamp < 0)
      throw new AuditInputError(
        file,
        index + 1,
        `timestamp_ms "${time}" is not a whole number of milliseconds`,
      );
    const values = { price: Number(price), amount: Number(amount) };
    for (const [field, value] of Object.entries(values))
      if (!Number.isFinite(value) || value <= 0 || (field === 'price' ? price : amount).trim() === '')
        throw new AuditInputError(
          file,
          index + 1,
          `${field} "${field === 'price' ? price : amount}" is not a positive number`,
        );
    if (side !== '' && side !== 'buy' && side !== 'sell')
      throw new AuditInputError(file, index + 1, `side "${side}" must be buy, sell or empty`);
    prints.push({
      id: `${exchangeId}:${base}-${quote}:${index}`,
      exchangeId,
      coinId: base.toLowerCase(),
      base,
      quote,
      price: values.price,
      amount: values.amount,
      side: side === '' ? null : side,
      timestamp,
    });
  }
  return prints;
}

function readBooks(file: string, exchangeId: string, base: string, quote: string): OrderBookSnapshot[] {
  const parsed = readJson(file);
  const list: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw new AuditInputError(file, null, 'no book snapshot');
  return list.map((entry, index) => {
    const where = Array.isArray(parsed) ? `snapshot ${index}: ` : '';
    if (typeof entry !== 'object' || entry === null)
      throw new AuditInputError(file, null, `${where}a snapshot must be an object`);
    const { timestamp_ms: timestamp, bids, asks } = entry as Record<string, unknown>;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp))
      throw new AuditInputError(file, null, `${where}timestamp_ms must be a number`);
    return {
      exchangeId,
      coinId: base.toLowerCase(),
      base,
      quote,
      bids: levels(bids, file, `${where}bids`),
      asks: levels(asks, file, `${where}asks`),
      timestamp,
    };
  });
}

function levels(value: unknown, file: string, name: string): [number, number][] {
  if (!Array.isArray(value))
    throw new AuditInputError(file, null, `${name} must be a list of [price, amount]`);
  return value.map((level, index) => {
    if (
      !Array.isArray(level) ||
      level.length !== 2 ||
      !level.every((number) => typeof number === 'number' && Number.isFinite(number) && number >= 0)
    )
      throw new AuditInputError(file, null, `${name}[${index}] must be [price, amount] with numbers ≥ 0`);
    return [level[0] as number, level[1] as number];
  });
}

function readReportedVolume(folder: string): number | null {
  const file = join(folder, 'venue.json');
  if (!existsSync(file)) return null;
  const parsed = readJson(file);
  const volume = (parsed as { reported_volume_usd_24h?: unknown } | null)?.reported_volume_usd_24h;
  if (typeof volume !== 'number' || !Number.isFinite(volume) || volume < 0)
    throw new AuditInputError(file, null, 'reported_volume_usd_24h must be a number ≥ 0');
  return volume;
}

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    const line = position === undefined ? null : text.slice(0, Number(position)).split('\n').length;
    throw new AuditInputError(file, line, 'not valid JSON');
  }
}

import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';
import { dailyRate, tapeCapped, tapeWindow } from '@coinlens/score';
import type { CoinMarketEvidence, VenueEvidence } from '@coinlens/score';

import { depthWithinBandUsd } from '../ingest/book-depth.js';

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

/** How much `npm run audit` reads: a day of Binance's BTC/USDT prints is about 100 MB of CSV. */
export const AUDIT_LIMITS = { fileBytes: 256 * 2 ** 20, folderBytes: 1024 * 2 ** 20 };

/**
 * Reads the folder's files as text: regular files only (a link to /dev/zero would grow without end, a FIFO would
 * block for ever), each and all of them within the limits.
 */
class BoundedReader {
  private read = 0;

  constructor(private readonly limits: typeof AUDIT_LIMITS) {}

  text(file: string): string {
    const stat = lstatSync(file);
    if (!stat.isFile()) throw new AuditInputError(file, null, 'not a regular file (a link, FIFO or device)');
    if (stat.size > this.limits.fileBytes)
      throw new AuditInputError(file, null, `larger than ${this.limits.fileBytes} bytes`);
    this.read += stat.size;
    if (this.read > this.limits.folderBytes)
      throw new AuditInputError(file, null, `the folder holds more than ${this.limits.folderBytes} bytes`);
    return readFileSync(file, 'utf8');
  }
}

/**
 * A folder of venues as `npm run audit` reads it (docs/score-methodology.md, "Audit a verdict from raw data"):
 * one sub-folder per venue, named by its id, holding `<BASE>-<QUOTE>.trades.csv`, optional
 * `<BASE>-<QUOTE>.book.json` and optional `venue.json`. Answers each venue's evidence, in name order.
 */
export function readVenueFolder(root: string, limits = AUDIT_LIMITS): VenueEvidence[] {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new AuditInputError(root, null, 'not a folder');
  const venues = readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort();
  if (venues.length === 0) throw new AuditInputError(root, null, 'no venue sub-folders');
  const reader = new BoundedReader(limits);
  return venues.map((venue) => readVenue(join(root, venue), venue, reader));
}

function readVenue(folder: string, exchangeId: string, reader: BoundedReader): VenueEvidence {
  const files = readdirSync(folder).sort();
  const trades: TradePrint[] = [];
  const books: OrderBookSnapshot[] = [];
  const pairs: FolderPair[] = [];
  let unpricedQuote: string | null = null;
  for (const name of files) {
    const match = TRADES_FILE.exec(name);
    if (!match) continue;
    const [, base, quote] = match as unknown as [string, string, string];
    const prints = readTrades(reader, join(folder, name), exchangeId, base, quote);
    for (const print of prints) trades.push(print);
    const usdQuoted = USD_QUOTES.has(quote.toUpperCase());
    if (!usdQuoted) unpricedQuote ??= name;
    const window = usdQuoted ? tapeWindow(prints, (print) => print.price * print.amount) : null;
    pairs.push({
      coinId: base.toLowerCase(),
      pair: `${base}-${quote}`.toUpperCase(),
      prints: prints.length,
      notionalUsd: usdQuoted ? prints.reduce((sum, print) => sum + print.price * print.amount, 0) : null,
      tapeDailyUsd: window ? dailyRate([window]) : null,
      depthUsd: null,
    });
  }
  if (trades.length === 0)
    throw new AuditInputError(folder, null, 'no <BASE>-<QUOTE>.trades.csv file with a print');
  let depth: number | null = null;
  for (const name of files) {
    const match = BOOK_FILE.exec(name);
    if (!match) continue;
    const [, base, quote] = match as unknown as [string, string, string];
    const snapshots = readBooks(reader, join(folder, name), exchangeId, base, quote);
    for (const book of snapshots) books.push(book);
    const latest = snapshots.reduce((last, book) => (book.timestamp > last.timestamp ? book : last));
    const usd = USD_QUOTES.has(quote.toUpperCase()) ? depthWithinBandUsd(latest, 1) : null;
    if (usd !== null) depth = (depth ?? 0) + usd;
    const pair = pairs.find((entry) => entry.pair === `${base}-${quote}`.toUpperCase());
    if (pair && usd !== null) pair.depthUsd = usd;
  }
  const reported = readReportedVolume(reader, folder);
  if (reported === null && unpricedQuote !== null)
    throw new AuditInputError(
      join(folder, unpricedQuote),
      null,
      'quote currency is not USD, USDT or USDC: give reported_volume_usd_24h in venue.json',
    );
  const tapeNotional = pairs.reduce((sum, pair) => sum + (pair.notionalUsd ?? 0), 0);
  const reportedUsd = reported ?? tapeNotional;
  return {
    exchangeId,
    trades,
    books,
    reportedVolumeUsd24h: reportedUsd,
    depthUsd2pct: depth,
    markets: coinMarkets(pairs, reportedUsd),
  };
}

/** One pair of a venue's folder, as the volume count needs it. */
interface FolderPair {
  coinId: string;
  pair: string;
  prints: number;
  /** Σ price × amount of a USD-quoted tape; null for another quote. */
  notionalUsd: number | null;
  /** What the tape prints a day at its own rate (tape-rate.ts); null for another quote or too short a tape. */
  tapeDailyUsd: number | null;
  /** ±2 % depth of its latest book; null without a USD-quoted book. */
  depthUsd: number | null;
}

/**
 * Each coin's figures: the venue's reported volume shared among its pairs by their USD notional (by their print
 * counts when a pair's quote is not USD), each pair's share capped by its own tape's rate.
 */
function coinMarkets(pairs: readonly FolderPair[], reportedUsd: number): CoinMarketEvidence[] {
  const priced = pairs.every((pair) => pair.notionalUsd !== null);
  const weight = (pair: FolderPair) => (priced ? pair.notionalUsd! : pair.prints);
  const total = pairs.reduce((sum, pair) => sum + weight(pair), 0);
  const byCoin = new Map<string, CoinMarketEvidence & { taped: boolean }>();
  for (const pair of pairs) {
    const share = total > 0 ? (reportedUsd * weight(pair)) / total : 0;
    const market = byCoin.get(pair.coinId) ?? {
      coinId: pair.coinId,
      reportedVolumeUsd24h: 0,
      depthUsd2pct: null,
      tapeCappedUsd: 0,
      taped: false,
    };
    market.reportedVolumeUsd24h += share;
    if (pair.depthUsd !== null) market.depthUsd2pct = (market.depthUsd2pct ?? 0) + pair.depthUsd;
    market.tapeCappedUsd = (market.tapeCappedUsd ?? 0) + tapeCapped(share, pair.tapeDailyUsd);
    market.taped ||= pair.tapeDailyUsd !== null;
    byCoin.set(pair.coinId, market);
  }
  return [...byCoin.values()].map(({ taped, ...market }) => ({
    ...market,
    tapeCappedUsd: taped ? market.tapeCappedUsd : null,
  }));
}

function readTrades(
  reader: BoundedReader,
  file: string,
  exchangeId: string,
  base: string,
  quote: string,
): TradePrint[] {
  const lines = reader.text(file).split(/\r?\n/);
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

function readBooks(
  reader: BoundedReader,
  file: string,
  exchangeId: string,
  base: string,
  quote: string,
): OrderBookSnapshot[] {
  const parsed = readJson(reader, file);
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

function readReportedVolume(reader: BoundedReader, folder: string): number | null {
  const file = join(folder, 'venue.json');
  if (!existsSync(file)) return null;
  const parsed = readJson(reader, file);
  const volume = (parsed as { reported_volume_usd_24h?: unknown } | null)?.reported_volume_usd_24h;
  if (typeof volume !== 'number' || !Number.isFinite(volume) || volume < 0)
    throw new AuditInputError(file, null, 'reported_volume_usd_24h must be a number ≥ 0');
  return volume;
}

function readJson(reader: BoundedReader, file: string): unknown {
  const text = reader.text(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    const line = position === undefined ? null : text.slice(0, Number(position)).split('\n').length;
    throw new AuditInputError(file, line, 'not valid JSON');
  }
}

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { AUDIT_LIMITS, AuditInputError, readVenueFolder } from './venue-folder.js';

function folder(venues: Record<string, Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'coinlens-audit-'));
  for (const [venue, files] of Object.entries(venues)) {
    mkdirSync(join(root, venue));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, venue, name), text);
  }
  return root;
}

const TAPE = 'timestamp_ms,price,amount,side\n1000,100,0.5,buy\n2000,99.9,1.25,sell\n3000,100.1,2,\n';

function errorOf(run: () => unknown): AuditInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuditInputError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('reading a venue folder', () => {
  it('reads tapes, books and the reported volume of each venue', () => {
    const root = folder({
      alpha: {
        'BTC-USDT.trades.csv': TAPE,
        'BTC-USDT.book.json': JSON.stringify([
          { timestamp_ms: 500, bids: [[99, 1]], asks: [[101, 1]] },
          { timestamp_ms: 3500, bids: [[99.9, 2]], asks: [[100.1, 3]] },
        ]),
        'venue.json': JSON.stringify({ reported_volume_usd_24h: 5e6 }),
      },
      beta: { 'ETH-USD.trades.csv': TAPE },
    });
    const [alpha, beta] = readVenueFolder(root);
    expect(alpha).toMatchObject({ exchangeId: 'alpha', reportedVolumeUsd24h: 5e6 });
    expect(alpha!.trades).toHaveLength(3);
    expect(alpha!.trades[2]).toMatchObject({
      coinId: 'btc',
      base: 'BTC',
      quote: 'USDT',
      side: null,
      amount: 2,
    });
    expect(alpha!.books).toHaveLength(2);
    // The latest book's ±2 % depth: 99.9 × 2 + 100.1 × 3.
    expect(alpha!.depthUsd2pct).toBeCloseTo(99.9 * 2 + 100.1 * 3, 6);
    // Without venue.json: the tape's notional, USD quotes at 1 USD.
    expect(beta!.reportedVolumeUsd24h).toBeCloseTo(100 * 0.5 + 99.9 * 1.25 + 100.1 * 2, 6);
    expect(beta!.depthUsd2pct).toBeNull();
  });

  it.each([
    [
      'a wrong header',
      { 'BTC-USD.trades.csv': 'time,price,amount,side\n1,1,1,buy\n' },
      /BTC-USD\.trades\.csv:1: the header/,
    ],
    [
      'a non-numeric price',
      { 'BTC-USD.trades.csv': 'timestamp_ms,price,amount,side\n1,1,1,buy\n2,abc,1,sell\n' },
      /BTC-USD\.trades\.csv:3: price "abc"/,
    ],
    [
      'a bad side',
      { 'BTC-USD.trades.csv': 'timestamp_ms,price,amount,side\n1,1,1,long\n' },
      /:2: side "long"/,
    ],
    [
      'a missing field',
      { 'BTC-USD.trades.csv': 'timestamp_ms,price,amount,side\n1,1,1\n' },
      /:2: expected 4 fields/,
    ],
    [
      'a fractional timestamp',
      { 'BTC-USD.trades.csv': 'timestamp_ms,price,amount,side\n1.5,1,1,buy\n' },
      /:2: timestamp_ms/,
    ],
    [
      'an empty tape',
      { 'BTC-USD.trades.csv': 'timestamp_ms,price,amount,side\n' },
      /no <BASE>-<QUOTE>\.trades\.csv file with a print/,
    ],
    [
      'a broken book',
      { 'BTC-USD.trades.csv': TAPE, 'BTC-USD.book.json': '{"timestamp_ms": 1,\n "bids": [[1, 2]' },
      /BTC-USD\.book\.json(:\d+)?: not valid JSON/,
    ],
    [
      'a book level that is not a pair',
      { 'BTC-USD.trades.csv': TAPE, 'BTC-USD.book.json': '{"timestamp_ms": 1, "bids": [[1]], "asks": []}' },
      /bids\[0\] must be/,
    ],
    [
      'a non-USD quote without a reported volume',
      { 'BTC-EUR.trades.csv': TAPE },
      /BTC-EUR\.trades\.csv: quote currency/,
    ],
    [
      'a bad venue.json',
      { 'BTC-USD.trades.csv': TAPE, 'venue.json': '{"reported_volume_usd_24h": "lots"}' },
      /venue\.json: reported_volume_usd_24h/,
    ],
  ])('refuses %s, naming the file and line', (_, files, message) => {
    const root = folder({ venue: files });
    expect(errorOf(() => readVenueFolder(root)).message).toMatch(message);
  });

  it('refuses a folder without venues', () => {
    expect(errorOf(() => readVenueFolder(folder({}))).message).toMatch(/no venue sub-folders/);
    expect(errorOf(() => readVenueFolder('/nonexistent/coinlens-audit')).message).toMatch(/not a folder/);
  });
});

describe('reading a venue folder within bounds', () => {
  it('refuses a link (to /dev/zero, which would grow without end) with one line naming it', () => {
    const root = folder({ v: {} });
    symlinkSync('/dev/zero', join(root, 'v', 'BTC-USDT.trades.csv'));
    const error = errorOf(() => readVenueFolder(root));
    expect(error.message).toBe(
      `${join(root, 'v', 'BTC-USDT.trades.csv')}: not a regular file (a link, FIFO or device)`,
    );
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO at once instead of waiting on it', () => {
    const root = folder({ v: { 'BTC-USDT.trades.csv': TAPE } });
    execFileSync('mkfifo', [join(root, 'v', 'venue.json')]);
    expect(errorOf(() => readVenueFolder(root)).message).toMatch(/venue\.json: not a regular file/);
  });

  it('refuses a file, or a folder, larger than its limit', () => {
    const root = folder({ a: { 'BTC-USDT.trades.csv': TAPE }, b: { 'BTC-USDT.trades.csv': TAPE } });
    const size = Buffer.byteLength(TAPE);
    expect(errorOf(() => readVenueFolder(root, { ...AUDIT_LIMITS, fileBytes: size - 1 })).message).toMatch(
      new RegExp(`a/BTC-USDT\\.trades\\.csv: larger than ${size - 1} bytes$`),
    );
    expect(
      errorOf(() => readVenueFolder(root, { fileBytes: size, folderBytes: 2 * size - 1 })).message,
    ).toMatch(/b\/BTC-USDT\.trades\.csv: the folder holds more than/);
    expect(readVenueFolder(root, { fileBytes: size, folderBytes: 2 * size })).toHaveLength(2);
  });
});

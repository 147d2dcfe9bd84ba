import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

import type { OrderBookSnapshot, TradePrint } from '@coinlens/market-model';

/**
 * The real public tapes kept beside the repository (../shared/external/realdata/trades; their PROVENANCE.md says
 * where each comes from), read in place and never copied. Callers skip where the folder is absent.
 */
export const REAL_TRADES_FOLDER = fileURLToPath(
  new URL('../../../../../shared/external/realdata/trades/', import.meta.url),
);
export const realTapesPresent = existsSync(REAL_TRADES_FOLDER);

/** One real venue's tape of one pair. */
export interface RealTape {
  venue: string;
  base: string;
  quote: string;
  prints: TradePrint[];
}

function rows(file: string, header = true): string[][] {
  const lines = readFileSync(REAL_TRADES_FOLDER + file, 'utf8')
    .trim()
    .split('\n');
  return (header ? lines.slice(1) : lines).map((line) => line.split(','));
}

function tape(
  venue: string,
  base: string,
  quote: string,
  entries: { price: number; amount: number; side: TradePrint['side']; timestamp: number }[],
): RealTape {
  const prints = entries
    .filter((entry) => entry.price > 0 && entry.amount > 0)
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((entry, index) => ({
      id: `${venue}-${index}`,
      exchangeId: venue,
      coinId: base.toLowerCase(),
      base,
      quote,
      ...entry,
    }));
  return { venue, base, quote, prints };
}

/** Binance's CSV: is_buyer_maker True means the seller took the buyer's resting order — a sell. */
function binance(file: string, venue: string, base: string): RealTape {
  return tape(
    venue,
    base,
    'USDT',
    rows(file).map(([, price, qty, , time, buyerMaker]) => ({
      price: Number(price),
      amount: Number(qty),
      side: buyerMaker === 'True' ? 'sell' : 'buy',
      timestamp: Number(time),
    })),
  );
}

/** Every real tape with sides and at least a few hundred prints, plus Bitstamp 2011 (no sides). */
export function realTapes(): RealTape[] {
  const krakenRest = JSON.parse(
    readFileSync(REAL_TRADES_FOLDER + 'nautilus_kraken_rest_public_Trades_XBTUSDT_2025-11-10.json', 'utf8'),
  ) as { result: Record<string, unknown> };
  const krakenRows = Object.values(krakenRest.result).find(Array.isArray) as [
    string,
    string,
    number,
    string,
  ][];
  return [
    binance(
      'binance_spot_BTCUSDT_trades_2024-08-08T2354Z_to_2024-08-09T0005Z_DERIVED.csv',
      'binance-2024-btc',
      'BTC',
    ),
    binance(
      'binance_spot_ETHUSDT_trades_2024-08-08T2354Z_to_2024-08-09T0005Z_DERIVED.csv',
      'binance-2024-eth',
      'ETH',
    ),
    tape(
      'kraken-2019',
      'BTC',
      'USD',
      rows('cryptuoso_kraken_BTCUSD_trades_2019-07-01.csv').map(([time, , , , side, price, amount]) => ({
        price: Number(price),
        amount: Number(amount),
        side: side === 'buy' ? 'buy' : 'sell',
        timestamp: Number(time),
      })),
    ),
    tape(
      'kraken-2025',
      'BTC',
      'USDT',
      krakenRows.map(([price, amount, time, side]) => ({
        price: Number(price),
        amount: Number(amount),
        side: side === 'b' ? 'buy' : 'sell',
        timestamp: Math.round(Number(time) * 1_000),
      })),
    ),
    tape(
      'binance-futures-2020',
      'BTC',
      'USDT',
      rows('tardis_binance-futures_BTCUSDT_trades_2020-02-22.csv').map(
        ([, , time, , , side, price, amount]) => ({
          price: Number(price),
          amount: Number(amount),
          side: side === 'buy' ? 'buy' : 'sell',
          timestamp: Math.floor(Number(time) / 1_000),
        }),
      ),
    ),
    tape(
      'mtgox-2013',
      'BTC',
      'USD',
      rows('pyalgotrade_mtgox_BTCUSD_trades_2013-01-01.csv').map(([id, price, amount, type]) => ({
        price: Number(price),
        amount: Number(amount),
        side: type === 'bid' ? 'buy' : 'sell',
        timestamp: Math.floor(Number(id) / 1_000),
      })),
    ),
    tape(
      'bitstamp-2011',
      'BTC',
      'USD',
      rows('pyalgotrade_bitcoincharts_bitstampUSD_trades_2011-09_2012-05.csv', false).map(
        ([time, price, amount]) => ({
          price: Number(price),
          amount: Number(amount),
          side: null,
          timestamp: Number(time) * 1_000,
        }),
      ),
    ),
  ];
}

/**
 * `source`'s prints laid onto `target`'s span as venue `venue` trading `target`'s pair: a peer printing the same
 * coin at the same time, for a copier to copy (the real tapes come from different years).
 */
export function laidOnto(source: RealTape, target: RealTape, venue: string): RealTape {
  const shift = target.prints[0]!.timestamp - source.prints[0]!.timestamp;
  const end = target.prints[target.prints.length - 1]!.timestamp;
  const prints = source.prints
    .map((print) => ({
      ...print,
      exchangeId: venue,
      coinId: target.base.toLowerCase(),
      base: target.base,
      quote: target.quote,
      timestamp: print.timestamp + shift,
    }))
    .filter((print) => print.timestamp <= end);
  return { venue, base: target.base, quote: target.quote, prints };
}

/** A venue to write into an audit folder: its tapes, and optionally a book per pair. */
export interface AuditVenue {
  id: string;
  tapes: readonly RealTape[];
  books?: readonly OrderBookSnapshot[];
}

/** Writes venues in the layout `npm run audit` reads (docs/score-methodology.md, "Audit a verdict"). */
export function writeAuditFolder(root: string, venues: readonly AuditVenue[]): void {
  for (const venue of venues) {
    const folder = join(root, venue.id);
    mkdirSync(folder, { recursive: true });
    for (const { base, quote, prints } of venue.tapes) {
      const lines = prints.map(
        (print) => `${print.timestamp},${print.price},${print.amount},${print.side ?? ''}`,
      );
      writeFileSync(
        join(folder, `${base}-${quote}.trades.csv`),
        `timestamp_ms,price,amount,side\n${lines.join('\n')}\n`,
      );
    }
    for (const book of venue.books ?? [])
      writeFileSync(
        join(folder, `${book.base}-${book.quote}.book.json`),
        JSON.stringify({ timestamp_ms: book.timestamp, bids: book.bids, asks: book.asks }),
      );
  }
}

/** A venue's best bid and ask from `timestamp` (ms, on the trades' clock) on. */
export interface RealQuote {
  timestamp: number;
  bid: number;
  ask: number;
}

/**
 * Binance's best bid and ask over the 2024 tapes' window, from the raw combined streams (hftbacktest,
 * 2024-08-08 23:54 → 2024-08-09 00:05): each `@bookTicker` line at its receive time (ns), which the feed gives
 * without an event time, shifted by the median gap between the same file's `@trade` receive times and their
 * trade time `T`, so the quotes sit on the CSV tapes' clock.
 */
export function realQuotes(venue: 'binance-2024-btc' | 'binance-2024-eth'): RealQuote[] {
  const symbol = venue === 'binance-2024-btc' ? 'btcusdt' : 'ethusdt';
  const quotes: RealQuote[] = [];
  for (const day of ['20240808', '20240809']) {
    const lines = gunzipSync(
      readFileSync(`${REAL_TRADES_FOLDER}hftbacktest_binance_spot_${symbol}_${day}_raw_stream.jsonl.gz`),
    )
      .toString('utf8')
      .split('\n');
    const lags: number[] = [];
    const received: { at: number; bid: number; ask: number }[] = [];
    for (const line of lines) {
      const space = line.indexOf(' ');
      if (space < 0) continue;
      const isTicker = line.includes('@bookTicker"');
      if (!isTicker && !line.includes('@trade"')) continue;
      const at = Number(line.slice(0, space)) / 1e6;
      const { data } = JSON.parse(line.slice(space + 1)) as { data: Record<string, unknown> };
      if (isTicker) received.push({ at, bid: Number(data.b), ask: Number(data.a) });
      else lags.push(at - Number(data.T));
    }
    lags.sort((a, b) => a - b);
    const lag = lags[Math.floor(lags.length / 2)] ?? 0;
    for (const { at, bid, ask } of received)
      if (bid > 0 && ask > bid) quotes.push({ timestamp: Math.round(at - lag), bid, ask });
  }
  return quotes.sort((a, b) => a.timestamp - b.timestamp);
}

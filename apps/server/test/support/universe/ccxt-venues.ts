/**
 * Binance (`/api/v3/…`) and Kraken (`/0/public/…`) as ccxt reads them, serving real material: the full 2021
 * `exchangeInfo` and `AssetPairs`, the real Binance BTCUSDT/ETHUSDT tapes of 2024-08-08/09 and Kraken's BTC/USD
 * tape of 2019 and XBT/USDT tape of 2025, Binance's 1,000-level REST depth snapshots of 2024 and Kraken's
 * 1,000-level XBT/CHF and ETH/CHF book snapshots of 2021.
 *
 * The material is laid onto the universe, never invented: a tape plays in real time against the clock (its
 * first print `leadMs` before the replay's start, looping after its span); each print's price is the real print's
 * move around its own minute's level, put onto the universe's price at that moment; amounts are scaled by one
 * factor per pair so that the tape's turnover rate matches the 24 h volume the universe's CoinGecko ticker reports
 * for that venue. A book keeps its real shape (levels, relative distances, the amount profile) moved to the
 * universe's price; Binance's BTC and ETH books keep their real USD amounts (1,000 levels cover ≈ ±0.3 % and ±1 %),
 * Kraken's CHF books are scaled so their ±2 % USD equals the ±2 % depth CoinGecko's ticker publishes for the pair.
 * Pairs without a real tape or book of their own (SOL, XRP, BNB, DOGE) borrow BTC's or ETH's from the same venue,
 * shifted in time, scaled to their own price and volume.
 */
import type { RecordedRequest, ReplayResponse } from '../../../src/market-data/testing/replay-server.js';
import type { RealTape } from '../real-tapes.js';
import type { CoinGeckoUniverse } from './coingecko-universe.js';
import type { RealBook } from './material.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface PairPlay {
  coinId: string;
  tape: PreparedTape;
  /** Fraction of the tape's span it is shifted by (pairs borrowing another pair's tape). */
  shift: number;
  book: RealBook;
  /** Whether the book keeps its real USD amounts (else scaled to the published ±2 % depth). */
  realAmounts: boolean;
  /** Book borrowed from this coin's pair on the same venue (amounts scaled by the two published depths). */
  bookOf: string;
}

/** A real tape reduced to offsets from its first print and its own minute levels. */
interface PreparedTape {
  name: string;
  offsets: Float64Array;
  prices: Float64Array;
  amounts: Float64Array;
  sides: ('buy' | 'sell' | null)[];
  spanMs: number;
  /** USD turnover a millisecond, of the real tape. */
  usdPerMs: number;
  /** Mean price of each minute of the tape (its level, around which prints move). */
  minuteLevels: Float64Array;
}

function prepare(tape: RealTape): PreparedTape {
  const prints = tape.prints;
  const first = prints[0]!.timestamp;
  const last = prints[prints.length - 1]!.timestamp;
  const spanMs = Math.max(MINUTE, last - first + Math.round((last - first) / prints.length));
  const minutes = Math.ceil(spanMs / MINUTE) + 1;
  const sums = new Float64Array(minutes);
  const counts = new Float64Array(minutes);
  let usd = 0;
  for (const print of prints) {
    const minute = Math.floor((print.timestamp - first) / MINUTE);
    sums[minute]! += print.price;
    counts[minute]! += 1;
    usd += print.price * print.amount;
  }
  const levels = new Float64Array(minutes);
  let previous = prints[0]!.price;
  for (let minute = 0; minute < minutes; minute++) {
    previous = counts[minute]! > 0 ? sums[minute]! / counts[minute]! : previous;
    levels[minute] = previous;
  }
  return {
    name: tape.venue,
    offsets: Float64Array.from(prints, (print) => print.timestamp - first),
    prices: Float64Array.from(prints, (print) => print.price),
    amounts: Float64Array.from(prints, (print) => print.amount),
    sides: prints.map((print) => print.side),
    spanMs,
    usdPerMs: usd / spanMs,
    minuteLevels: levels,
  };
}

/** One replayed print. */
interface Print {
  id: number;
  time: number;
  price: number;
  amount: number;
  side: 'buy' | 'sell' | null;
}

export interface CcxtVenueMaterial {
  binanceExchangeInfo: unknown;
  krakenAssetPairs: { error: unknown[]; result: Record<string, { altname: string }> };
  binanceBooks: { bitcoin: RealBook; ethereum: RealBook };
  krakenBooks: { bitcoin: RealBook; ethereum: RealBook };
  tapes: ReadonlyMap<string, RealTape>;
}

const BINANCE_SYMBOLS: Readonly<Record<string, string>> = {
  BTCUSDT: 'bitcoin',
  ETHUSDT: 'ethereum',
  SOLUSDT: 'solana',
  XRPUSDT: 'ripple',
  BNBUSDT: 'binancecoin',
  DOGEUSDT: 'dogecoin',
};

export class CcxtVenues {
  private readonly binance = new Map<string, PairPlay>();
  private readonly kraken = new Map<string, PairPlay>();
  private updateId = 50_093_239_218;

  constructor(
    private readonly universe: CoinGeckoUniverse,
    private readonly material: CcxtVenueMaterial,
    private readonly start: number,
    /** The first print of each tape plays this long before the start (a backlog to read at once). */
    private readonly leadMs = 3 * MINUTE,
  ) {
    const tape = (name: string) => {
      const found = material.tapes.get(name);
      if (!found) throw new Error(`no real tape ${name}`);
      return prepare(found);
    };
    const btc = tape('binance-2024-btc');
    const eth = tape('binance-2024-eth');
    const { binanceBooks: bb, krakenBooks: kb } = material;
    const play = (
      coinId: string,
      t: PreparedTape,
      shift: number,
      book: RealBook,
      bookOf: string,
      real: boolean,
    ) => ({
      coinId,
      tape: t,
      shift,
      book,
      bookOf,
      realAmounts: real,
    });
    this.binance.set('BTCUSDT', play('bitcoin', btc, 0, bb.bitcoin, 'bitcoin', true));
    this.binance.set('ETHUSDT', play('ethereum', eth, 0, bb.ethereum, 'ethereum', true));
    this.binance.set('SOLUSDT', play('solana', eth, 1 / 3, bb.ethereum, 'ethereum', false));
    this.binance.set('XRPUSDT', play('ripple', btc, 1 / 2, bb.bitcoin, 'bitcoin', false));
    this.binance.set('BNBUSDT', play('binancecoin', eth, 2 / 3, bb.ethereum, 'ethereum', false));
    this.binance.set('DOGEUSDT', play('dogecoin', btc, 1 / 4, bb.bitcoin, 'bitcoin', false));
    const kraken2019 = tape('kraken-2019');
    const kraken2025 = tape('kraken-2025');
    this.kraken.set('XXBTZUSD', play('bitcoin', kraken2019, 0, kb.bitcoin, 'bitcoin', false));
    this.kraken.set('XETHZUSD', play('ethereum', kraken2025, 0, kb.ethereum, 'ethereum', false));
    this.kraken.set('XXRPZUSD', play('ripple', kraken2019, 1 / 2, kb.bitcoin, 'ripple', false));
  }

  // ── Binance ─────────────────────────────────────────────────────────────────────────────────────────

  binanceRoute(request: RecordedRequest, now: number): ReplayResponse | null {
    const { path, query } = request;
    if (path === '/api/v3/ping') return { json: {} };
    if (path === '/api/v3/time') return { json: { serverTime: now } };
    if (path === '/api/v3/exchangeInfo') return { json: this.material.binanceExchangeInfo };
    if (path === '/api/v3/ticker/24hr') {
      if (query.symbol) {
        const ticker = this.binanceTicker(query.symbol, now);
        return ticker ? { json: ticker } : binanceInvalidSymbol();
      }
      return { json: Object.keys(BINANCE_SYMBOLS).map((symbol) => this.binanceTicker(symbol, now)) };
    }
    const pair = query.symbol ? this.binance.get(query.symbol) : undefined;
    if (path === '/api/v3/depth') {
      if (!pair) return binanceInvalidSymbol();
      const limit = Math.min(5_000, Math.max(1, Number(query.limit ?? 100) || 100));
      const book = this.book('binance', pair, now, limit);
      this.updateId += 17;
      return {
        json: {
          lastUpdateId: this.updateId,
          bids: book.bids.map(([price, amount]) => [fixed(price), fixed(amount)]),
          asks: book.asks.map(([price, amount]) => [fixed(price), fixed(amount)]),
        },
      };
    }
    if (path === '/api/v3/aggTrades' || path === '/api/v3/trades') {
      if (!pair) return binanceInvalidSymbol();
      const limit = Math.min(1_000, Math.max(1, Number(query.limit ?? 500) || 500));
      const from = query.startTime ? Number(query.startTime) : null;
      const to = Math.min(now, query.endTime ? Number(query.endTime) : now);
      const prints = this.prints('binance', pair, from, to, limit);
      if (path === '/api/v3/trades')
        return {
          json: prints.map((print) => ({
            id: print.id,
            price: fixed(print.price),
            qty: fixed(print.amount),
            quoteQty: fixed(print.price * print.amount),
            time: print.time,
            isBuyerMaker: print.side === 'sell',
            isBestMatch: true,
          })),
        };
      return {
        json: prints.map((print) => ({
          a: print.id,
          p: fixed(print.price),
          q: fixed(print.amount),
          f: print.id,
          l: print.id,
          T: print.time,
          m: print.side === 'sell',
          M: true,
        })),
      };
    }
    return null;
  }

  private binanceTicker(symbol: string, now: number): Record<string, unknown> | null {
    const coinId = BINANCE_SYMBOLS[symbol];
    const coin = coinId ? this.universe.byId.get(coinId) : undefined;
    const listing = coinId ? this.universe.listing('binance', coinId) : undefined;
    if (!coin || !listing) return null;
    const price = this.universe.priceAt(coin, now) * listing.premium;
    const open = this.universe.priceAt(coin, now - DAY) * listing.premium;
    return {
      symbol,
      priceChange: fixed(price - open),
      priceChangePercent: ((price / open - 1) * 100).toFixed(3),
      weightedAvgPrice: fixed((price + open) / 2),
      prevClosePrice: fixed(open),
      lastPrice: fixed(price),
      lastQty: '0.01000000',
      bidPrice: fixed(price * (1 - (listing.spreadPct ?? 0.01) / 200)),
      bidQty: '1.00000000',
      askPrice: fixed(price * (1 + (listing.spreadPct ?? 0.01) / 200)),
      askQty: '1.00000000',
      openPrice: fixed(open),
      highPrice: fixed(Math.max(price, open) * 1.01),
      lowPrice: fixed(Math.min(price, open) * 0.99),
      volume: fixed(listing.volumeUsd / price),
      quoteVolume: fixed(listing.volumeUsd),
      openTime: now - DAY,
      closeTime: now,
      firstId: 1,
      lastId: 2,
      count: 2,
    };
  }

  // ── Kraken ──────────────────────────────────────────────────────────────────────────────────────────

  krakenRoute(request: RecordedRequest, now: number): ReplayResponse | null {
    const { path, query } = request;
    if (path === '/0/public/Time')
      return {
        json: {
          error: [],
          result: { unixtime: Math.floor(now / 1_000), rfc1123: new Date(now).toUTCString() },
        },
      };
    if (path === '/0/public/AssetPairs') {
      const all = this.material.krakenAssetPairs;
      if (!query.pair) return { json: all };
      const result: Record<string, unknown> = {};
      for (const wanted of query.pair.split(',')) {
        const key = this.krakenKey(wanted, all.result);
        if (key) result[key] = all.result[key];
      }
      return Object.keys(result).length > 0 ? { json: { error: [], result } } : krakenUnknownPair();
    }
    const keys = (query.pair ?? '')
      .split(',')
      .map((pair) => this.krakenKey(pair, this.material.krakenAssetPairs.result));
    if (path === '/0/public/Ticker') {
      const result: Record<string, unknown> = {};
      for (const key of keys) {
        const pair = key ? this.kraken.get(key) : undefined;
        if (key && pair) result[key] = this.krakenTicker(pair, now);
      }
      return Object.keys(result).length > 0 ? { json: { error: [], result } } : krakenUnknownPair();
    }
    const key = keys[0];
    const pair = key ? this.kraken.get(key) : undefined;
    if (path === '/0/public/Depth') {
      if (!key || !pair) return krakenUnknownPair();
      const count = Math.min(500, Math.max(1, Number(query.count ?? 100) || 100));
      const book = this.book('kraken', pair, now, count);
      const stamp = Math.floor(now / 1_000);
      const side = (levels: [number, number][]) =>
        levels.map(([price, amount]) => [fixed(price, 5), fixed(amount), stamp]);
      return { json: { error: [], result: { [key]: { asks: side(book.asks), bids: side(book.bids) } } } };
    }
    if (path === '/0/public/Trades') {
      if (!key || !pair) return krakenUnknownPair();
      const count = Math.min(1_000, Math.max(1, Number(query.count ?? 1_000) || 1_000));
      const since = query.since ? sinceMs(Number(query.since)) : null;
      const prints = this.prints('kraken', pair, since, now, count);
      const rows = prints.map((print) => [
        fixed(print.price, 5),
        fixed(print.amount),
        print.time / 1_000,
        print.side === 'sell' ? 's' : 'b',
        print.id % 3 === 0 ? 'l' : 'm',
        '',
        print.id,
      ]);
      const last = prints.length > 0 ? prints[prints.length - 1]!.time : (since ?? now);
      return { json: { error: [], result: { [key]: rows, last: String(last * 1_000_000) } } };
    }
    return null;
  }

  private krakenKey(wanted: string, pairs: Record<string, { altname: string }>): string | undefined {
    const upper = wanted.toUpperCase().replace('/', '');
    if (pairs[upper]) return upper;
    return Object.keys(pairs).find((key) => pairs[key]!.altname === upper);
  }

  private krakenTicker(pair: PairPlay, now: number): Record<string, unknown> {
    const coin = this.universe.byId.get(pair.coinId)!;
    const listing = this.universe.listing('kraken', pair.coinId)!;
    const price = this.universe.priceAt(coin, now) * listing.premium;
    const open = this.universe.priceAt(coin, now - DAY) * listing.premium;
    const half = (listing.spreadPct ?? 0.02) / 200;
    const volume = listing.volumeUsd / price;
    return {
      a: [fixed(price * (1 + half), 5), '1', '1.000'],
      b: [fixed(price * (1 - half), 5), '1', '1.000'],
      c: [fixed(price, 5), '0.01000000'],
      v: [fixed(volume / 2), fixed(volume)],
      p: [fixed(price, 5), fixed((price + open) / 2, 5)],
      t: [40_000, 90_000],
      l: [fixed(Math.min(price, open) * 0.99, 5), fixed(Math.min(price, open) * 0.99, 5)],
      h: [fixed(Math.max(price, open) * 1.01, 5), fixed(Math.max(price, open) * 1.01, 5)],
      o: fixed(open, 5),
    };
  }

  // ── books and tapes laid onto the universe ──────────────────────────────────────────────────────────

  private book(venueId: string, pair: PairPlay, now: number, limit: number): RealBook {
    const listing = this.universe.listing(venueId, pair.coinId);
    // The book sits where the pair's tape is trading: its prints and its quotes agree, as on a real venue.
    const mid = this.playedPrice(venueId, pair, now);
    const real = pair.book;
    const realMid = (real.bids[0]![0] + real.asks[0]![0]) / 2;
    const priceFactor = mid / realMid;
    let usdFactor = 1;
    if (!pair.realAmounts) {
      // Published ±2 % depth of this pair over the ±2 % USD the real book holds (or its borrowed pair's publication).
      const published = listing?.depthUsd ?? 0;
      if (pair.bookOf !== pair.coinId && venueId === 'binance') {
        const source = this.universe.listing(venueId, pair.bookOf)?.depthUsd ?? 0;
        usdFactor = source > 0 ? published / source : 1;
      } else {
        const within = bandUsd(real, realMid, 0.02);
        usdFactor = within > 0 ? published / within : 1;
      }
    }
    // Real books keep their recorded sizes; borrowed ones move inversely to the price (each level's USD is the
    // real one times usdFactor).
    const side = (levels: [number, number][]) =>
      levels
        .slice(0, limit)
        .map(
          ([price, amount]) =>
            [
              onTick(price * priceFactor),
              pair.realAmounts ? amount : roundLot((amount * usdFactor) / priceFactor),
            ] as [number, number],
        );
    return { bids: side(real.bids), asks: side(real.asks) };
  }

  private anchorOf(pair: PairPlay): number {
    return this.start - this.leadMs - Math.round(pair.shift * pair.tape.spanMs);
  }

  /**
   * The factor a loop of the tape is laid onto the universe by, fixed for the whole loop: the real prints keep
   * their own moves (their flow moves their price, which the flow–price test reads) instead of riding the
   * universe's waves, which would drown them.
   */
  private loopScale(venueId: string, pair: PairPlay, loopStart: number): number {
    const coin = this.universe.byId.get(pair.coinId)!;
    const premium = this.universe.listing(venueId, pair.coinId)?.premium ?? 1;
    return (this.universe.priceAt(coin, loopStart) * premium) / pair.tape.prices[0]!;
  }

  /** The price the pair's tape last printed at `time`. */
  private playedPrice(venueId: string, pair: PairPlay, time: number): number {
    const { tape } = pair;
    const loop = Math.floor((time - this.anchorOf(pair)) / tape.spanMs);
    const base = this.anchorOf(pair) + loop * tape.spanMs;
    const index = Math.max(0, lowerBound(tape.offsets, time - base + 1) - 1);
    return this.loopScale(venueId, pair, base) * tape.prices[index]!;
  }

  /** Prints of the pair in [from, to] (from null: the latest `limit` up to `to`), oldest first. */
  private prints(venueId: string, pair: PairPlay, from: number | null, to: number, limit: number): Print[] {
    const { tape } = pair;
    const coin = this.universe.byId.get(pair.coinId)!;
    const listing = this.universe.listing(venueId, pair.coinId);
    const anchor = this.anchorOf(pair);
    // Sizes stay as recorded, times a power of ten: round lots stay round (a detector reads them), and the tape's
    // turnover comes within a factor of ~3 of the volume the venue reports for the pair.
    const wantedUsdPerMs = (listing?.volumeUsd ?? 0) / DAY;
    const hereUsdPerMs = (tape.usdPerMs / tape.minuteLevels[0]!) * this.universe.priceAt(coin, this.start);
    const lots = wantedUsdPerMs > 0 ? 10 ** Math.round(Math.log10(wantedUsdPerMs / hereUsdPerMs)) : 1;
    const lower = from ?? to - 2 * tape.spanMs;
    const out: Print[] = [];
    const firstLoop = Math.max(0, Math.floor((lower - anchor) / tape.spanMs));
    const lastLoop = Math.floor((to - anchor) / tape.spanMs);
    for (let loop = firstLoop; loop <= lastLoop; loop++) {
      const base = anchor + loop * tape.spanMs;
      const scale = this.loopScale(venueId, pair, base);
      let index = lowerBound(tape.offsets, lower - base);
      for (; index < tape.offsets.length; index++) {
        const time = base + tape.offsets[index]!;
        if (time > to) break;
        const price = onTick(scale * tape.prices[index]!);
        out.push({
          id: loop * tape.offsets.length + index + 1,
          time,
          price,
          amount: roundLot(tape.amounts[index]! * lots),
          side: tape.sides[index] ?? null,
        });
      }
    }
    if (from === null) return out.slice(-limit);
    return out.slice(0, limit);
  }
}

/** A price on the venue's tick: six significant digits past the leading one (BTC at $29,309: $0.01). */
function onTick(price: number): number {
  const tick = 10 ** (Math.floor(Math.log10(price)) - 6);
  return Math.round(price / tick) * tick;
}

/** A size without the float noise of the power-of-ten scaling (0.1 × 10 = 1, not 1.0000000000000002). */
function roundLot(amount: number): number {
  return Number(amount.toPrecision(12));
}

function bandUsd(book: RealBook, mid: number, band: number): number {
  let usd = 0;
  for (const [price, amount] of book.bids) if (price >= mid * (1 - band)) usd += price * amount;
  for (const [price, amount] of book.asks) if (price <= mid * (1 + band)) usd += price * amount;
  return usd / 2;
}

function lowerBound(values: Float64Array, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Kraken's `since` in seconds (ccxt), milliseconds or nanoseconds (its own `last`). */
function sinceMs(value: number): number {
  if (value > 1e17) return Math.floor(value / 1e6);
  if (value > 1e11) return value;
  return value * 1_000;
}

function fixed(value: number, digits = 8): string {
  return value.toFixed(digits);
}

function binanceInvalidSymbol(): ReplayResponse {
  return { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } };
}

function krakenUnknownPair(): ReplayResponse {
  return { json: { error: ['EQuery:Unknown asset pair'] } };
}

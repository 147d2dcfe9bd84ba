import type { BookLevel, OrderBookSnapshot } from '@coinlens/market-model';
import { medianOfSorted } from '@coinlens/score';

/** The band around mid that counts as depth (CoinGecko's ±2 %, "200 basis points"). */
export const DEPTH_BAND = 0.02;
/**
 * A level is cut only where it is both above this many times its side's median in-band level and above
 * LEVEL_SHARE_CAP of the side's in-band value (a winsorised book, as BRTI caps orders): a spoofed wall adds little,
 * while a real deep book, whose dust levels make the median tiny but where no level holds a tenth of the side, keeps
 * its depth.
 */
export const LEVEL_CAP_MULTIPLE = 5;
export const LEVEL_SHARE_CAP = 0.1;

/** The ±2 % depth one book shows. */
export interface BandDepth {
  /** Both sides' capped resting value within ±2 % of mid, USD, on the levels read. */
  usd: number;
  /**
   * Whether the levels cover the band on both sides (they reach ±2 %, or the venue sent fewer levels than asked,
   * so a side is whole): `usd` is then the ±2 % depth, otherwise only a lower bound of it.
   */
  complete: boolean;
  /** How far from mid the shorter side's last level lies, as a fraction of mid. */
  reach: number;
}

/**
 * The ±2 % depth of `book` in USD (`usdPerQuote` converts its quote currency); null for a book without both sides
 * or crossed. `levelsAsked`: how many levels per side were asked for, when a venue that holds more always sends
 * that many (a shorter side is then the venue's whole side); null when the answer may have been cut shorter.
 */
export function bandDepth(
  book: OrderBookSnapshot,
  usdPerQuote: number,
  levelsAsked: number | null = null,
): BandDepth | null {
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  if (bestBid === undefined || bestAsk === undefined || !(bestBid > 0) || !(bestAsk >= bestBid)) return null;
  const mid = (bestBid + bestAsk) / 2;
  const floor = mid * (1 - DEPTH_BAND);
  const ceiling = mid * (1 + DEPTH_BAND);
  const whole = (side: readonly BookLevel[]) => levelsAsked !== null && side.length < levelsAsked;
  const lastBid = book.bids.at(-1)![0];
  const lastAsk = book.asks.at(-1)![0];
  return {
    usd: (sideValue(book.bids, floor, 'above') + sideValue(book.asks, ceiling, 'below')) * usdPerQuote,
    complete: (lastBid <= floor || whole(book.bids)) && (lastAsk >= ceiling || whole(book.asks)),
    reach: Math.min(1 - lastBid / mid, lastAsk / mid - 1),
  };
}

/**
 * The ±2 % depth of a book taken as the venue's whole book (a snapshot collected in full, as `npm run audit`
 * reads them), USD; null for a book without both sides.
 */
export function depthWithinBandUsd(book: OrderBookSnapshot, usdPerQuote: number): number | null {
  return bandDepth(book, usdPerQuote)?.usd ?? null;
}

/**
 * Scratch space for one side's in-band level values, in book order and sorted: every sampled book of every run
 * reads both sides (~18,000 books a run in the default universe, up to 5,000 levels a side), so they are reused.
 */
let levelValues = new Float64Array(1_024);
let sortedValues = new Float64Array(1_024);

/**
 * A side's in-band value in its quote currency (the levels priced `above` or `below` the band's edge `bound`), each
 * level capped as LEVEL_CAP_MULTIPLE and LEVEL_SHARE_CAP say.
 */
function sideValue(levels: readonly BookLevel[], bound: number, inBand: 'above' | 'below'): number {
  if (levels.length > levelValues.length) {
    levelValues = new Float64Array(levels.length);
    sortedValues = new Float64Array(levels.length);
  }
  let count = 0;
  for (let index = 0; index < levels.length; index++) {
    const level = levels[index]!;
    const price = level[0];
    if (inBand === 'above' ? price >= bound : price <= bound) levelValues[count++] = price * level[1];
  }
  // One numeric sort serves both caps.
  sortedValues.set(levelValues.subarray(0, count));
  const ascending = sortedValues.subarray(0, count).sort();
  const cap = Math.max(
    LEVEL_CAP_MULTIPLE * (medianOfSorted(ascending) ?? 0),
    shareCap(ascending, LEVEL_SHARE_CAP),
  );
  let sum = 0;
  for (let index = 0; index < count; index++) sum += Math.min(levelValues[index]!, cap);
  return sum;
}

/**
 * The value c at which levels capped at c each hold at most `share` of the capped total (c = share × Σ min(v, c));
 * 0 when the side has too few levels for any cap to hold (the median cap alone applies then). `ascending`: the
 * levels' values in ascending order, read from the largest.
 */
function shareCap(ascending: Float64Array, share: number): number {
  const last = ascending.length - 1;
  let rest = 0;
  for (let index = last; index >= 0; index--) rest += ascending[index]!;
  for (let capped = 0; capped <= last; capped++) {
    const room = 1 - share * capped;
    if (room <= 0) return 0;
    const cap = (share * rest) / room;
    const value = ascending[last - capped]!;
    if (value <= cap) return cap;
    rest -= value;
  }
  return 0;
}

/** A venue's ±2 % depth for a pair, or summed over a coin's pairs: what its books showed and its source published. */
export interface DepthReading {
  usd: number;
  /** Only a floor: a book ended before ±2 % and no published figure at least as large covers the band. */
  lowerBound: boolean;
  /** A book was read (the venue was checked there), whether or not its figure is the one kept. */
  booked: boolean;
  /** Where the figure kept comes from. */
  figure: { book: boolean; published: boolean };
}

/**
 * One pair's depth from its sampled book and the ±2 % depth its source publishes (null: unknown): a book that
 * covers the band is the measure; one that ends short of it is a floor, and the published figure stands where it
 * is at least that floor (the book does not contradict it).
 */
export function pairDepth(book: BandDepth | null, published: number | null): DepthReading | null {
  if (book && (book.complete || published === null || published < book.usd))
    return {
      usd: book.usd,
      lowerBound: !book.complete,
      booked: true,
      figure: { book: true, published: false },
    };
  if (published === null) return null;
  return {
    usd: published,
    lowerBound: false,
    booked: book !== null,
    figure: { book: false, published: true },
  };
}

/** The sum of two readings (a coin's pairs on one venue, or a venue's coins). */
export function addDepth(a: DepthReading, b: DepthReading): DepthReading {
  return {
    usd: a.usd + b.usd,
    lowerBound: a.lowerBound || b.lowerBound,
    booked: a.booked || b.booked,
    figure: { book: a.figure.book || b.figure.book, published: a.figure.published || b.figure.published },
  };
}

import type { VenueTicker } from '@coinlens/market-model';
import { medianSelecting, ScratchColumn, weightedMedianSelecting } from '../analytics/column-statistics.js';

export const REFERENCE_PRICE_RULES = {
  /** A venue further than k·MAD (scaled to σ) from the cross-venue median is excluded… */
  k: 5,
  /** …and re-included only once it is back inside half that band (CF Benchmarks' hysteresis). */
  reentryFraction: 0.5,
  /** MAD is floored at this share of the median, so tight honest clusters do not exclude on noise. */
  minimumRelativeMad: 0.001,
  /** With fewer healthy venues the median is still used but the price is marked degraded (Synthetix 2019). */
  minimumQuorum: 3,
} as const;

const scratchPrices = new ScratchColumn();
const scratchWeights = new ScratchColumn();

/** MAD × 1.4826 estimates σ for normally distributed prices. */
const MAD_TO_SIGMA = 1.4826;

/** Whether a ticker's numbers can be used at all: finite and positive where they must be. */
export function isUsableTicker(ticker: VenueTicker): boolean {
  return (
    Number.isFinite(ticker.lastUsd) &&
    ticker.lastUsd > 0 &&
    Number.isFinite(ticker.volumeUsd24h) &&
    ticker.volumeUsd24h >= 0 &&
    Number.isFinite(ticker.volumeBase24h) &&
    ticker.volumeBase24h >= 0 &&
    Number.isFinite(ticker.timestamp)
  );
}

export function venueKey(ticker: Pick<VenueTicker, 'exchangeId' | 'base' | 'quote'>): string {
  return `${ticker.exchangeId}:${ticker.base}/${ticker.quote}`;
}

/** Venue keys by exchange, base and quote: looked up on every tick for every pair, built once. */
const venueKeys = new Map<string, Map<string, Map<string, string>>>();

export function cachedVenueKey(ticker: VenueTicker): string {
  let byBase = venueKeys.get(ticker.exchangeId);
  if (!byBase) venueKeys.set(ticker.exchangeId, (byBase = new Map<string, Map<string, string>>()));
  let byQuote = byBase.get(ticker.base);
  if (!byQuote) byBase.set(ticker.base, (byQuote = new Map<string, string>()));
  let key = byQuote.get(ticker.quote);
  if (key === undefined) byQuote.set(ticker.quote, (key = venueKey(ticker)));
  return key;
}

export interface ReferencePrice {
  price: number;
  /** Venues that contributed. */
  healthy: VenueTicker[];
  /** Venues left out as outliers, with their deviation in band units. */
  excluded: VenueTicker[];
  /** Fewer healthy venues than the quorum. */
  degraded: boolean;
}

/**
 * Remembers which venues are excluded, per coin, so a venue must come well back inside the band before it
 * counts again (hysteresis), instead of flapping in and out at the band's edge.
 */
export class VenueExclusions {
  private readonly excluded = new Set<string>();

  isExcluded(key: string): boolean {
    return this.excluded.has(key);
  }

  /** Decides for one venue given its deviation in band units (1 = at the k·MAD edge). */
  update(key: string, bandDistance: number): boolean {
    const wasExcluded = this.excluded.has(key);
    const exclude = wasExcluded ? bandDistance > REFERENCE_PRICE_RULES.reentryFraction : bandDistance > 1;
    if (exclude) this.excluded.add(key);
    else this.excluded.delete(key);
    return exclude;
  }

  get size(): number {
    return this.excluded.size;
  }
}

/** One coin's venues as columns, by position: what the reference price reads, and the exclusions it writes. */
export interface VenueColumns {
  readonly tickers: readonly VenueTicker[];
  /** Last price in USD. */
  readonly prices: Float64Array;
  /** 24 h turnover in USD (the weight). */
  readonly volumes: Float64Array;
  /** 1 where `isUsableTicker`. */
  readonly usable: Uint8Array;
  /** Written: 1 where the venue is left out as an outlier. */
  readonly excluded: Uint8Array;
}

/**
 * The reference price of one coin: volume-weighted median of the venues inside the k·MAD band around the
 * cross-venue median. Returns null when no usable venue is left.
 */
export function referencePrice(
  tickers: readonly VenueTicker[],
  exclusions: VenueExclusions,
): ReferencePrice | null {
  const columns: VenueColumns = {
    tickers,
    prices: Float64Array.from(tickers, (ticker) => ticker.lastUsd),
    volumes: Float64Array.from(tickers, (ticker) => ticker.volumeUsd24h),
    usable: Uint8Array.from(tickers, (ticker) => (isUsableTicker(ticker) ? 1 : 0)),
    excluded: new Uint8Array(tickers.length),
  };
  const result = referencePriceOfColumns(columns, exclusions);
  if (!result) return null;
  return {
    price: result.price,
    healthy: tickers.filter((_, index) => columns.usable[index] === 1 && columns.excluded[index] === 0),
    excluded: tickers.filter((_, index) => columns.excluded[index] === 1),
    degraded: result.degraded,
  };
}

/**
 * `referencePrice` over columns, as ingest keeps them (no arrays built per coin per tick): the price and whether
 * it is degraded; which venues were excluded goes to `columns.excluded`.
 */
export function referencePriceOfColumns(
  columns: VenueColumns,
  exclusions: VenueExclusions,
): { price: number; degraded: boolean } | null {
  const { tickers, usable, volumes, excluded } = columns;
  const all = columns.prices;
  let usableCount = 0;
  for (let index = 0; index < all.length; index++) usableCount += usable[index] ?? 0;
  excluded.fill(0);
  const prices = scratchPrices.view(usableCount);
  let next = 0;
  for (let index = 0; index < all.length; index++) if (usable[index] === 1) prices[next++] = all[index] ?? 0;
  const center = medianSelecting(prices);
  if (center === null) return null;
  next = 0;
  for (let index = 0; index < all.length; index++)
    if (usable[index] === 1) prices[next++] = Math.abs((all[index] ?? 0) - center);
  const mad = medianSelecting(prices) ?? 0;
  const band =
    REFERENCE_PRICE_RULES.k * MAD_TO_SIGMA * Math.max(mad, center * REFERENCE_PRICE_RULES.minimumRelativeMad);
  const values = scratchPrices.view(usableCount);
  const weights = scratchWeights.view(usableCount);
  let healthyCount = 0;
  for (let index = 0; index < all.length; index++) {
    if (usable[index] !== 1) continue;
    const price = all[index] ?? 0;
    const distance = Math.abs(price - center) / band;
    // With one or two venues there is no majority to judge against: nobody is excluded, the price is degraded.
    const out =
      usableCount >= REFERENCE_PRICE_RULES.minimumQuorum &&
      // Inside the band with nothing excluded nothing changes: the venue's key is not even needed.
      (distance > 1 || exclusions.size > 0) &&
      exclusions.update(cachedVenueKey(tickers[index]!), distance);
    if (out) {
      excluded[index] = 1;
      continue;
    }
    values[healthyCount] = price;
    weights[healthyCount++] = volumes[index] ?? 0;
  }
  const price = weightedMedianSelecting(values.subarray(0, healthyCount), weights.subarray(0, healthyCount));
  if (price === null) return null;
  return { price, degraded: healthyCount < REFERENCE_PRICE_RULES.minimumQuorum };
}

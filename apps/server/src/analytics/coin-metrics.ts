import type { CandleSeries } from './candle-series.js';
import type { DailyHistory } from './daily-history.js';
import { ScratchColumn, weightedMedianSelecting } from './column-statistics.js';
import type { CoinProfile, VenueTicker } from '@coinlens/market-model';
import { logReturns, pearsonCorrelation } from '@coinlens/score';

/** Candle history a coin's metrics are computed from (USD, oldest first). */
export interface CoinHistory {
  /** 5-minute candles covering at least the last 24 h. */
  fiveMinute: CandleSeries;
  /** Hourly candles covering at least the last 7 days. */
  hourly: CandleSeries;
  /** Daily candles since listing (or as far back as history goes): the recent days whole, the rest summed up. */
  daily: DailyHistory;
}

/** A price with the time it was set. */
export interface DatedPrice {
  price: number;
  at: number;
}

/** The all-time high and low a source publishes with their dates (CoinGecko's `ath`/`atl`); null where it has none. */
export interface SourceRecord {
  ath: DatedPrice | null;
  atl: DatedPrice | null;
}

/** The 24 h change and range an aggregate source reports with its quote; each null where it gives none. */
export interface SourceDay {
  change24h: number | null;
  high24h: number | null;
  low24h: number | null;
}

export interface CoinMetricsInput {
  now: number;
  price: number;
  profile: Pick<CoinProfile, 'circulatingSupply' | 'totalSupply' | 'maxSupply'>;
  history: CoinHistory;
  /**
   * How far the daily history goes: until it is back-filled (`dailyLoaded`) its extremes are those of a few days;
   * until it reaches the listing its first candle is not the listing day.
   */
  historyDepth: { dailyLoaded: boolean; reachesListing: boolean };
  /** The source's own record; null when it publishes none. */
  record: SourceRecord | null;
  /** The source's own 24 h change and range, standing in until the 5-minute history covers the day. */
  reportedDay: SourceDay | null;
  /** Venues inside the outlier band; empty for sources without venues. */
  healthyVenues: readonly VenueTicker[];
  /** 24 h base volume and USD turnover when the source reports them directly (aggregate quotes). */
  reportedVolume: { base: number; usd: number } | null;
  /** BTC's daily candles (for the correlation, on the days both have); null for BTC itself. */
  btcDaily: CandleSeries | null;
}

export interface CoinMetrics {
  change24h: number | null;
  change7d: number | null;
  high24h: number;
  low24h: number;
  /** Daily volatility in percent: σ of 5-minute log returns over 24 h × √288. */
  volatility24h: number | null;
  volume24h: number;
  amount24h: number;
  marketCap: number | null;
  circulatingMarketCap: number | null;
  turnoverRate: number | null;
  firstDayOpen: number | null;
  roi: number | null;
  volumeRatio: number | null;
  btcCorrelation: number | null;
  circulationRate: number | null;
  /** Whether the daily history is back-filled (until then the figures drawn from it are null, not yet known). */
  dailyHistoryLoaded: boolean;
  /** Null until known: from the source's record, else from a daily history that reaches the listing. */
  ath: DatedPrice | null;
  atl: DatedPrice | null;
  bidAskSpread: number | null;
  sparkline7d: number[];
}

const DAY_MS = 86_400_000;
/** 4-hourly closes: 42 points draw a 7-day sparkline; 168 would triple a 100-row list's payload. */
const SPARKLINE_STEP_HOURS = 4;
const FIVE_MINUTES_PER_DAY = 288;

/** The close of the last candle that opened at or before `time`. */
function closeAt(candles: CandleSeries, time: number): number | null {
  const index = candles.firstAfter(time) - 1;
  return index >= 0 ? candles.close(index) : null;
}

function percentChange(now: number, then: number | null): number | null {
  return then !== null && then > 0 ? (now / then - 1) * 100 : null;
}

/** Spread of one venue as a percent of its mid; null without both sides. */
export function venueSpreadPercent(ticker: Pick<VenueTicker, 'bidUsd' | 'askUsd'>): number | null {
  const { bidUsd, askUsd } = ticker;
  if (bidUsd === null || askUsd === null || bidUsd <= 0 || askUsd < bidUsd) return null;
  return ((askUsd - bidUsd) / ((askUsd + bidUsd) / 2)) * 100;
}

/**
 * Every derived Coin field. Formulas (docs/market-data.md repeats them):
 * - change = price now / close 24 h (7 d) ago − 1, in percent;
 * - high/low 24 h = extremes of the 5-minute candles of the last 24 h and the current price;
 *   until the 5-minute history reaches a day back, the day's change and range an aggregate source reports;
 * - volatility = σ(5-minute log returns, 24 h) × √288, in percent (a daily volatility);
 * - volume / amount 24 h = what an aggregate source reports, else Σ over healthy venues of base volume / USD
 *   turnover, else the candle sums;
 * - market cap = price × total supply ("current supply", decision D5); circulating market cap = price ×
 *   circulating supply;
 * - turnover rate = amount 24 h / circulating market cap, in percent;
 * - first-day open = open of the first daily candle when the history reaches the listing (else null); ROI = price /
 *   first-day open − 1, in percent;
 * - volume ratio = amount 24 h / mean daily amount of the 5 days before;
 * - BTC correlation = Pearson correlation of daily log returns with BTC over the last 30 days;
 * - circulation rate = circulating / (max supply, else total supply), in percent;
 * - bid-ask spread = turnover-weighted median of the healthy venues' spreads, in percent of mid;
 * - ATH / ATL = extremes of the source's record, the daily highs / lows and the current price, with their times;
 *   without a record, null unless the daily history reaches the listing (a year of candles is no all-time record).
 */
export function computeCoinMetrics(input: CoinMetricsInput): CoinMetrics {
  const { now, price, profile, history } = input;
  const { fiveMinute, hourly, daily } = history;
  const lastDay = lastDayFigures(fiveMinute, fiveMinute.firstAtOrAfter(now - DAY_MS));
  // Until the 5-minute history reaches a day back, the day's change and range are the source's, where it gives them.
  const dayAgo = closeAt(fiveMinute, now - DAY_MS);

  const venues = venueFigures(input.healthyVenues);
  // An aggregate source's own 24 h volume covers every venue; the venues read beside it are its largest few.
  const volume24h =
    input.reportedVolume?.base ?? (input.healthyVenues.length > 0 ? venues.base : lastDay.volume);
  const amount24h =
    input.reportedVolume?.usd ?? (input.healthyVenues.length > 0 ? venues.usd : lastDay.amount);

  const circulating = profile.circulatingSupply;
  const circulatingMarketCap = circulating !== null ? price * circulating : null;
  const marketCap = profile.totalSupply !== null ? price * profile.totalSupply : circulatingMarketCap;
  const supplyCap = profile.maxSupply ?? profile.totalSupply;

  const firstDayOpen = input.historyDepth.reachesListing ? (daily.firstDay?.open ?? null) : null;
  // The (up to) five whole days before the last 24 h.
  const days = daily.recent;
  const previousEnd = Math.max(days.firstAtOrAfter(now - 6 * DAY_MS), days.firstAtOrAfter(now - DAY_MS));
  const previousStart = Math.max(days.firstAtOrAfter(now - 6 * DAY_MS), previousEnd - 5);
  let previousAmount = 0;
  for (let index = previousStart; index < previousEnd; index++) previousAmount += days.amount(index);
  const previousDays = previousEnd - previousStart;
  const meanDailyAmount = previousDays > 0 ? previousAmount / previousDays : 0;

  const extremes = daily.extremes();
  const live = { price, at: now };
  // Without the source's record, only a history back to the listing holds the all-time extremes.
  const whole = input.historyDepth.reachesListing;
  const ath = recordOf(input.record?.ath ?? null, whole, [extremes?.high, live], (a, b) => a > b);
  const atl = recordOf(input.record?.atl ?? null, whole, [extremes?.low, live], (a, b) => a < b);

  return {
    change24h: dayAgo !== null ? percentChange(price, dayAgo) : (input.reportedDay?.change24h ?? null),
    change7d: percentChange(price, closeAt(hourly, now - 7 * DAY_MS)),
    high24h: Math.max(price, dayAgo !== null ? lastDay.high : (input.reportedDay?.high24h ?? price)),
    low24h: Math.min(price, dayAgo !== null ? lastDay.low : (input.reportedDay?.low24h ?? price)),
    volatility24h: lastDay.sigma !== null ? lastDay.sigma * Math.sqrt(FIVE_MINUTES_PER_DAY) * 100 : null,
    volume24h,
    amount24h,
    marketCap,
    circulatingMarketCap,
    turnoverRate: circulatingMarketCap ? (amount24h / circulatingMarketCap) * 100 : null,
    firstDayOpen,
    roi: percentChange(price, firstDayOpen),
    volumeRatio: meanDailyAmount > 0 ? amount24h / meanDailyAmount : null,
    btcCorrelation: input.btcDaily ? memoisedCorrelation(days, input.btcDaily, now) : null,
    circulationRate: circulating !== null && supplyCap ? (circulating / supplyCap) * 100 : null,
    dailyHistoryLoaded: input.historyDepth.dailyLoaded,
    ath,
    atl,
    bidAskSpread:
      venues.spreads.length > 0 ? weightedMedianSelecting(venues.spreads, venues.spreadWeights) : null,
    sparkline7d: sparkline(hourly, hourly.firstAtOrAfter(now - 7 * DAY_MS)),
  };
}

const spreadValues = new ScratchColumn();
const spreadWeights = new ScratchColumn();

/**
 * The venues' base volume and turnover sums, and their spreads (those with both sides) with turnovers as columns:
 * one pass over the tickers, which are read from memory once.
 */
function venueFigures(venues: readonly VenueTicker[]): {
  base: number;
  usd: number;
  spreads: Float64Array;
  spreadWeights: Float64Array;
} {
  const values = spreadValues.view(venues.length);
  const weights = spreadWeights.view(venues.length);
  let base = 0;
  let usd = 0;
  let count = 0;
  for (const venue of venues) {
    base += venue.volumeBase24h;
    usd += venue.volumeUsd24h;
    const spread = venueSpreadPercent(venue);
    if (spread === null) continue;
    values[count] = spread;
    weights[count++] = venue.volumeUsd24h;
  }
  return { base, usd, spreads: values.subarray(0, count), spreadWeights: weights.subarray(0, count) };
}

interface LastDay {
  /** Extremes of the candles' highs and lows (the live price is folded in by the caller). */
  high: number;
  low: number;
  volume: number;
  amount: number;
  /** σ of the log returns of consecutive positive closes; null below 12 of them. */
  sigma: number | null;
}

/**
 * The 24 h window's figures apart from the live price change only when the series changes or the window
 * moves (every 5 minutes): they are kept per series, window start and version, not recomputed every tick.
 */
const lastDayBySeries = new WeakMap<CandleSeries, { version: number; from: number; value: LastDay }>();
const sparklineBySeries = new WeakMap<CandleSeries, { version: number; from: number; value: number[] }>();

function lastDayFigures(candles: CandleSeries, from: number): LastDay {
  const cached = lastDayBySeries.get(candles);
  if (cached && cached.version === candles.version && cached.from === from) return cached.value;
  const value = lastDayWindow(candles, from);
  lastDayBySeries.set(candles, { version: candles.version, from, value });
  return value;
}

/** One pass over the 5-minute candles of the last 24 h (from index `from` on). */
function lastDayWindow(candles: CandleSeries, from: number): LastDay {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  let amount = 0;
  let returns = 0;
  for (let index = from; index < candles.length; index++) {
    high = Math.max(high, candles.high(index));
    low = Math.min(low, candles.low(index));
    volume += candles.volume(index);
    amount += candles.amount(index);
    if (index > from && candles.close(index - 1) > 0 && candles.close(index) > 0) returns++;
  }
  return { high, low, volume, amount, sigma: returns >= 12 ? returnsDeviation(candles, from) : null };
}

/** The 7-day sparkline (every 4th hourly close from index `from` on), kept like the 24 h figures. */
function sparkline(hourly: CandleSeries, from: number): number[] {
  const cached = sparklineBySeries.get(hourly);
  if (cached && cached.version === hourly.version && cached.from === from) return cached.value;
  const value = closesEveryNth(hourly, from, SPARKLINE_STEP_HOURS);
  sparklineBySeries.set(hourly, { version: hourly.version, from, value });
  return value;
}

/** Sample standard deviation of the log returns of consecutive positive closes from index `from` on. */
function returnsDeviation(candles: CandleSeries, from: number): number {
  const logReturnAt = (index: number) => Math.log(candles.close(index) / candles.close(index - 1));
  const counted = (index: number) => candles.close(index - 1) > 0 && candles.close(index) > 0;
  let sum = 0;
  let count = 0;
  for (let index = from + 1; index < candles.length; index++)
    if (counted(index)) {
      sum += logReturnAt(index);
      count++;
    }
  const mean = sum / count;
  let squares = 0;
  for (let index = from + 1; index < candles.length; index++)
    if (counted(index)) squares += (logReturnAt(index) - mean) ** 2;
  return Math.sqrt(squares / (count - 1));
}

/** Every n-th close from index `from` on, counted back from the newest, oldest first. */
function closesEveryNth(candles: CandleSeries, from: number, n: number): number[] {
  const picked: number[] = [];
  for (let index = candles.length - 1; index >= from; index -= n) picked.push(candles.close(index));
  return picked.reverse();
}

/**
 * The correlation is kept per series, version and hour: ingest recomputes metrics every second, the daily
 * history changes at most once a minute.
 */
const correlationBySeries = new WeakMap<
  CandleSeries,
  { version: number; btc: CandleSeries; btcVersion: number; hour: number; value: number | null }
>();

/**
 * The most extreme of the source's record and the prices seen (earliest wins a tie); null when the source has no
 * record and the history is not yet known to hold one.
 */
function recordOf(
  record: DatedPrice | null,
  historyKnown: boolean,
  seen: readonly (DatedPrice | undefined)[],
  beyond: (candidate: number, current: number) => boolean,
): DatedPrice | null {
  if (record === null && !historyKnown) return null;
  let best = record;
  for (const candidate of seen)
    if (candidate && (best === null || beyond(candidate.price, best.price))) best = candidate;
  return best;
}

function memoisedCorrelation(daily: CandleSeries, btc: CandleSeries, now: number): number | null {
  const hour = Math.floor(now / 3_600_000);
  const cached = correlationBySeries.get(daily);
  if (
    cached &&
    cached.version === daily.version &&
    cached.btc === btc &&
    cached.btcVersion === btc.version &&
    cached.hour === hour
  )
    return cached.value;
  const value = btcCorrelation(daily, btc, now);
  correlationBySeries.set(daily, { version: daily.version, btc, btcVersion: btc.version, hour, value });
  return value;
}

/** Every n-th value counted back from the newest, oldest first, so the last point is always the latest. */
export function everyNth(values: readonly number[], n: number): number[] {
  const picked: number[] = [];
  for (let i = values.length - 1; i >= 0; i -= n) picked.push(values[i] ?? 0);
  return picked.reverse();
}

/** Pearson correlation of daily log returns over the last 30 days, on the days both series have. */
export function btcCorrelation(daily: CandleSeries, btcDaily: CandleSeries, now: number): number | null {
  const coin: number[] = [];
  const btc: number[] = [];
  let btcIndex = btcDaily.firstAtOrAfter(now - 31 * DAY_MS);
  for (let index = daily.firstAtOrAfter(now - 31 * DAY_MS); index < daily.length; index++) {
    const time = daily.time(index);
    while (btcIndex < btcDaily.length && btcDaily.time(btcIndex) < time) btcIndex++;
    if (btcIndex < btcDaily.length && btcDaily.time(btcIndex) === time) {
      coin.push(daily.close(index));
      btc.push(btcDaily.close(btcIndex));
    }
  }
  return pearsonCorrelation(logReturns(coin), logReturns(btc));
}

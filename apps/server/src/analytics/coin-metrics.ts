import { logReturns, pearsonCorrelation, standardDeviation, weightedMedian } from './robust-statistics.js';
import type { Candle, CoinProfile, VenueTicker } from '../market-data/market-model.js';

/** Candle history a coin's metrics are computed from (USD, oldest first). */
export interface CoinHistory {
  /** 5-minute candles covering at least the last 24 h. */
  fiveMinute: readonly Candle[];
  /** Hourly candles covering at least the last 7 days. */
  hourly: readonly Candle[];
  /** Daily candles since listing (or as far back as history goes). */
  daily: readonly Candle[];
}

export interface CoinMetricsInput {
  now: number;
  price: number;
  profile: Pick<CoinProfile, 'circulatingSupply' | 'totalSupply' | 'maxSupply'>;
  history: CoinHistory;
  /** Venues inside the outlier band; empty for sources without venues. */
  healthyVenues: readonly VenueTicker[];
  /** 24 h base volume and USD turnover when the source reports them directly (aggregate quotes). */
  reportedVolume: { base: number; usd: number } | null;
  /** BTC's daily closes aligned with `history.daily` times (for the correlation); null for BTC itself. */
  btcDailyCloses: ReadonlyMap<number, number> | null;
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
  ath: { price: number; at: number };
  atl: { price: number; at: number };
  bidAskSpread: number | null;
  sparkline7d: number[];
}

const DAY_MS = 86_400_000;
/** 4-hourly closes: 42 points draw a 7-day sparkline; 168 would triple a 100-row list's payload. */
const SPARKLINE_STEP_HOURS = 4;
const FIVE_MINUTES_PER_DAY = 288;

function within<T extends { time: number }>(candles: readonly T[], from: number): T[] {
  return candles.filter((candle) => candle.time >= from);
}

/** The close of the last candle that opened at or before `time`. */
function closeAt(candles: readonly Candle[], time: number): number | null {
  let close: number | null = null;
  for (const candle of candles) {
    if (candle.time > time) break;
    close = candle.close;
  }
  return close;
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
 * Every derived Coin field of spec §3. Formulas (docs/market-data.md repeats them):
 * - change = price now / close 24 h (7 d) ago − 1, in percent;
 * - high/low 24 h = extremes of the 5-minute candles of the last 24 h and the current price;
 * - volatility = σ(5-minute log returns, 24 h) × √288, in percent (a daily volatility);
 * - volume / amount 24 h = Σ over healthy venues of base volume / USD turnover (else the reported or candle sums);
 * - market cap = price × total supply ("current supply", SPEC-DECISIONS 5); circulating market cap = price ×
 *   circulating supply;
 * - turnover rate = amount 24 h / circulating market cap, in percent;
 * - first-day open = open of the first daily candle; ROI = price / first-day open − 1, in percent;
 * - volume ratio = amount 24 h / mean daily amount of the 5 days before;
 * - BTC correlation = Pearson correlation of daily log returns with BTC over the last 30 days;
 * - circulation rate = circulating / (max supply, else total supply), in percent;
 * - bid-ask spread = turnover-weighted median of the healthy venues' spreads, in percent of mid;
 * - ATH / ATL = extremes of the daily highs / lows and the current price, with their times.
 */
export function computeCoinMetrics(input: CoinMetricsInput): CoinMetrics {
  const { now, price, profile, history } = input;
  const lastDay = within(history.fiveMinute, now - DAY_MS);
  const highs = lastDay.map((candle) => candle.high);
  const lows = lastDay.map((candle) => candle.low);
  const returns = logReturns(lastDay.map((candle) => candle.close));
  const sigma = returns.length >= 12 ? standardDeviation(returns) : null;

  const venueBase = input.healthyVenues.reduce((sum, venue) => sum + venue.volumeBase24h, 0);
  const venueUsd = input.healthyVenues.reduce((sum, venue) => sum + venue.volumeUsd24h, 0);
  const candleBase = lastDay.reduce((sum, candle) => sum + candle.volume, 0);
  const candleUsd = lastDay.reduce((sum, candle) => sum + candle.amount, 0);
  const volume24h = input.healthyVenues.length > 0 ? venueBase : (input.reportedVolume?.base ?? candleBase);
  const amount24h = input.healthyVenues.length > 0 ? venueUsd : (input.reportedVolume?.usd ?? candleUsd);

  const circulating = profile.circulatingSupply;
  const circulatingMarketCap = circulating !== null ? price * circulating : null;
  const marketCap = profile.totalSupply !== null ? price * profile.totalSupply : circulatingMarketCap;
  const supplyCap = profile.maxSupply ?? profile.totalSupply;

  const firstDayOpen = history.daily[0]?.open ?? null;
  const previousDays = within(history.daily, now - 6 * DAY_MS)
    .filter((candle) => candle.time < now - DAY_MS)
    .slice(-5);
  const meanDailyAmount =
    previousDays.length > 0
      ? previousDays.reduce((sum, candle) => sum + candle.amount, 0) / previousDays.length
      : 0;

  const extremes = dailyExtremes(history.daily);
  const ath = extremes && extremes.high.price > price ? extremes.high : { price, at: now };
  const atl = extremes && extremes.low.price < price ? extremes.low : { price, at: now };

  const spreads = input.healthyVenues
    .map((venue) => ({ value: venueSpreadPercent(venue), weight: venue.volumeUsd24h }))
    .filter((point): point is { value: number; weight: number } => point.value !== null);

  return {
    change24h: percentChange(price, closeAt(history.fiveMinute, now - DAY_MS)),
    change7d: percentChange(price, closeAt(history.hourly, now - 7 * DAY_MS)),
    high24h: Math.max(price, ...highs),
    low24h: Math.min(price, ...lows),
    volatility24h: sigma !== null ? sigma * Math.sqrt(FIVE_MINUTES_PER_DAY) * 100 : null,
    volume24h,
    amount24h,
    marketCap,
    circulatingMarketCap,
    turnoverRate: circulatingMarketCap ? (amount24h / circulatingMarketCap) * 100 : null,
    firstDayOpen,
    roi: percentChange(price, firstDayOpen),
    volumeRatio: meanDailyAmount > 0 ? amount24h / meanDailyAmount : null,
    btcCorrelation: input.btcDailyCloses
      ? memoisedCorrelation(history.daily, input.btcDailyCloses, now)
      : null,
    circulationRate: circulating !== null && supplyCap ? (circulating / supplyCap) * 100 : null,
    ath,
    atl,
    bidAskSpread: spreads.length > 0 ? weightedMedian(spreads) : null,
    sparkline7d: everyNth(
      within(history.hourly, now - 7 * DAY_MS).map((candle) => candle.close),
      SPARKLINE_STEP_HOURS,
    ),
  };
}

interface Extremes {
  high: { price: number; at: number };
  low: { price: number; at: number };
}

/**
 * History arrays are replaced, never mutated, when candles arrive, so results over a whole daily history can be
 * kept per array: ingest recomputes metrics every second, the daily history changes at most once a minute.
 */
const extremesByHistory = new WeakMap<readonly Candle[], Extremes | null>();
const correlationByHistory = new WeakMap<
  readonly Candle[],
  { btc: ReadonlyMap<number, number>; hour: number; value: number | null }
>();

function dailyExtremes(daily: readonly Candle[]): Extremes | null {
  const cached = extremesByHistory.get(daily);
  if (cached !== undefined) return cached;
  let result: Extremes | null = null;
  for (const candle of daily) {
    if (!result)
      result = { high: { price: candle.high, at: candle.time }, low: { price: candle.low, at: candle.time } };
    if (candle.high > result.high.price) result.high = { price: candle.high, at: candle.time };
    if (candle.low < result.low.price) result.low = { price: candle.low, at: candle.time };
  }
  extremesByHistory.set(daily, result);
  return result;
}

function memoisedCorrelation(
  daily: readonly Candle[],
  btc: ReadonlyMap<number, number>,
  now: number,
): number | null {
  const hour = Math.floor(now / 3_600_000);
  const cached = correlationByHistory.get(daily);
  if (cached && cached.btc === btc && cached.hour === hour) return cached.value;
  const value = btcCorrelation(daily, btc, now);
  correlationByHistory.set(daily, { btc, hour, value });
  return value;
}

/** Every n-th value counted back from the newest, oldest first, so the last point is always the latest. */
export function everyNth(values: readonly number[], n: number): number[] {
  const picked: number[] = [];
  for (let i = values.length - 1; i >= 0; i -= n) picked.push(values[i] ?? 0);
  return picked.reverse();
}

/** Pearson correlation of daily log returns over the last 30 days, on the days both series have. */
export function btcCorrelation(
  daily: readonly Candle[],
  btcCloses: ReadonlyMap<number, number>,
  now: number,
): number | null {
  const recent = within(daily, now - 31 * DAY_MS);
  const paired = recent
    .map((candle) => ({ coin: candle.close, btc: btcCloses.get(candle.time) }))
    .filter((pair): pair is { coin: number; btc: number } => pair.btc !== undefined);
  return pearsonCorrelation(
    logReturns(paired.map((pair) => pair.coin)),
    logReturns(paired.map((pair) => pair.btc)),
  );
}

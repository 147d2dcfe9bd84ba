/**
 * Each coin's USD reference price (and true traded volume) as a pure function of (seed, scenario, time).
 *
 * Model (log price, relative to the catalogue's anchorPriceUsd at ANCHOR_TIME):
 * - Days: an Ornstein–Uhlenbeck walk pinned at 0 on the anchor day, built outward in both directions from
 *   daily shocks σ_day · v(d) · (β · Z_market(d) + √(1−β²) · Z_coin(d)); v(d) is a shared, slowly varying
 *   volatility regime (volatility clustering, fat tails). Mean reversion is weak (half-life one year) for
 *   ordinary coins — prices stay at realistic levels — and fast for stablecoins, which are in addition
 *   squashed by tanh to stay within ±0.28 % of their peg (EUR pegs follow the simulated EUR rate).
 * - Hours: a Brownian bridge between day boundaries with an intraday variance profile (busiest around the
 *   US open), each factor bridged separately so coins stay correlated intraday. Hour highs/lows are exact
 *   samples of the bridge maximum/minimum given the endpoints; a day's high/low is the max/min of its hours.
 * - Minutes: a bridge between hour boundaries, with sampled per-minute extremes; the minute path is then
 *   mapped by a monotone piecewise-linear stretch so that its extremes are exactly the hour's.
 * - Seconds: a bridge between minute boundaries, mapped into the minute's high/low the same way.
 * So every candle at every resolution is consistent (a 1d high is the max of its 1h highs, which are the max
 * of their 1m highs; each second's price lies inside them), and nothing requires iterating a year of
 * minutes. Pump-and-dump episodes add a log overlay (and volume) on top.
 */
import type { CoinFacts } from './catalog/catalog-schema.js';
import type { FiatRates } from './fiat-currencies.js';
import { HistoryPins } from './history-pins.js';
import { BoundedCache, normalAt, streamKey, uniformAt } from './random.js';
import type { PumpSchedule } from './scenarios.js';

/** Prices equal the catalogue's anchorPriceUsd at this instant. */
export const ANCHOR_TIME = Date.UTC(2026, 10, 1);
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const ANCHOR_DAY = Math.floor(ANCHOR_TIME / DAY_MS);
const STABLE_CLAMP = 0.0028;
const ORDINARY_KAPPA = Math.LN2 / 365;
const STABLE_KAPPA = Math.LN2 / 2;
const REGIME_STRENGTH = 0.35;
const REGIME_MEMORY = 0.9;
const REGIME_TAPS = 40;
/** Expected range of Brownian motion over unit variance: √(8/π). */
const EXPECTED_RANGE = Math.sqrt(8 / Math.PI);

function profile(amplitude: number): Float64Array {
  const weights = new Float64Array(24);
  let sum = 0;
  for (let hour = 0; hour < 24; hour += 1) {
    weights[hour] = 1 + amplitude * Math.cos((2 * Math.PI * (hour + 0.5 - 14.5)) / 24);
    sum += weights[hour]!;
  }
  for (let hour = 0; hour < 24; hour += 1) weights[hour] = weights[hour]! / sum;
  return weights;
}

/** Share of a day's variance in each UTC hour (busiest around 14:30 UTC). */
export const HOUR_VARIANCE_WEIGHTS = profile(0.35);
/** Share of a day's volume in each UTC hour. */
export const HOUR_VOLUME_WEIGHTS = profile(0.45);
const SQRT_HOUR_WEIGHTS = HOUR_VARIANCE_WEIGHTS.map(Math.sqrt);

function launchTime(issueDate: string): number {
  const parsed = Date.parse(`${issueDate}T00:00:00Z`);
  return Number.isFinite(parsed) ? parsed : Number.NEGATIVE_INFINITY;
}

/** Annualised volatility of a tracking token's basis against its underlying. */
const TRACKING_VOLATILITY = 0.02;
const TRACKING_UNDERLYINGS: readonly [RegExp, string][] = [
  [/BTC/i, 'bitcoin'],
  [/ETH/i, 'ethereum'],
  [/SOL/i, 'solana'],
];
/** Tokens whose underlying is not visible in their symbol. */
const TRACKING_OVERRIDES: Readonly<Record<string, string>> = { 'tether-gold': 'pax-gold' };

/**
 * The coin a wrapped / liquid-staking token tracks: sector wrapped or liquid-staking, the underlying's
 * ticker in its symbol, and a price within ×0.8–1.5 of it (so governance tokens like LDO do not qualify).
 */
export function trackedCoin(coin: CoinFacts, byId: ReadonlyMap<string, CoinFacts>): CoinFacts | null {
  const override = TRACKING_OVERRIDES[coin.id];
  if (override !== undefined) return byId.get(override) ?? null;
  if (!coin.sectors.some((sector) => sector === 'wrapped' || sector === 'liquid-staking')) return null;
  for (const [pattern, id] of TRACKING_UNDERLYINGS) {
    const underlying = byId.get(id);
    if (!underlying || underlying.id === coin.id || !pattern.test(coin.symbol)) continue;
    const ratio = coin.anchorPriceUsd / underlying.anchorPriceUsd;
    if (ratio >= 0.8 && ratio <= 1.5) return underlying;
  }
  return null;
}

/** Typical 24h turnover as a share of market cap. */
function turnoverRatio(coin: CoinFacts): number {
  if (coin.id === 'bitcoin') return 0.015;
  // Stablecoins: only the pairs where they are the base (USDT/USD, USDC/USDT, …), not every X/USDT pair.
  if (coin.id === 'tether' || coin.id === 'usd-coin') return 0.01;
  const sectors = new Set<string>(coin.sectors);
  if (coin.stablecoin) return 0.005;
  if (sectors.has('wrapped') || sectors.has('liquid-staking')) return 0.005;
  if (sectors.has('meme')) return 0.06;
  if (sectors.has('exchange-token')) return 0.012;
  if (sectors.has('rwa') && coin.annualVolatility < 0.3) return 0.012;
  return 0.03;
}

/** One coin's path parameters and random streams. */
export interface PathCoin {
  readonly index: number;
  readonly facts: CoinFacts;
  readonly id: string;
  readonly logAnchor: number;
  readonly sigmaDay: number;
  readonly beta: number;
  readonly idio: number;
  readonly kappa: number;
  readonly clamp: number | null;
  readonly eurPegged: boolean;
  /** UTC midnight of the listing (authored history) or else the issue date: no candles before it. */
  launchTime: number;
  /** The authored history the path is pinned to (catalog/market-history.ts), if any. */
  pins: HistoryPins | null;
  /** Typical USD turnover per day at the anchor price. */
  readonly dailyUsd: number;
  readonly pumped: boolean;
  /**
   * Wrapped and liquid-staking tokens (WBTC, stETH, JitoSOL, …) and gold tokens track an underlying coin:
   * their path is the underlying's plus a small, fast mean-reverting basis of their own.
   */
  underlying: PathCoin | null;
  readonly keys: {
    day: number;
    dayVolume: number;
    hour: number;
    hourExtreme: number;
    hourVolume: number;
    minute: number;
    minuteExtreme: number;
    minuteVolume: number;
    second: number;
  };
  /** Y(anchor + i) and Y(anchor − i), grown on demand. */
  readonly forward: number[];
  readonly backward: number[];
}

/** Raw (pre-transform) and final values of one coin-day at hour resolution. */
export interface HourUnit {
  day: number;
  shockScale: number;
  drift: number;
  /** Coin-specific hourly increments of the idiosyncratic factor (sum = Z_coin(day)). */
  idioIncrements: Float64Array;
  rawPoints: Float64Array;
  rawHigh: Float64Array;
  rawLow: Float64Array;
  /** Final log USD prices at the 25 hour boundaries and log highs/lows of the 24 hours. */
  points: Float64Array;
  high: Float64Array;
  low: Float64Array;
  /** USD turnover per hour. */
  volumeUsd: Float64Array;
}

export interface MinuteUnit {
  rawPoints: Float64Array;
  rawHigh: Float64Array;
  rawLow: Float64Array;
  points: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volumeUsd: Float64Array;
  secondVariance: number;
}

/** Summary of a time range: prices are USD, log prices are natural logs. */
export interface RangeSummary {
  open: number;
  high: number;
  low: number;
  close: number;
  amountUsd: number;
  volumeBase: number;
}

const UNITS_PER_COIN = 4;
const MIN_UNITS_PER_GENERATION = 1_024;

export class PricePath {
  private readonly coins = new Map<string, PathCoin>();
  private readonly marketDayKey: number;
  private readonly marketRegimeKey: number;
  private readonly marketHourKey: number;
  private readonly marketMinuteKey: number;
  private readonly regimes = new Map<number, number>();
  private readonly marketHours = new BoundedCache<number, Float64Array>(4_096);
  private readonly marketMinutes = new BoundedCache<number, Float64Array>(4_096);
  /**
   * A tick reads two of each per coin (the 24 h window's first and last day, hour and minute); back-fills walk
   * one coin at a time and read each unit once. Sized to the universe: a cache several times the working set
   * keeps every tick's units, while a fixed 12,000 hours and 3,000 minutes held ~40 MB of back-fill leftovers.
   */
  private readonly hourUnits: BoundedCache<number, HourUnit>;
  private readonly minuteUnits: BoundedCache<number, MinuteUnit>;
  private readonly secondUnits: BoundedCache<number, Float64Array>;
  private readonly scratchHour = allocateHourUnit();
  private readonly scratchRawHours = allocateHourUnit();
  private readonly scratchMinute = allocateMinuteUnit();
  private scratchHourKey = Number.NaN;
  private scratchMinuteKey = Number.NaN;
  private readonly instantLogPrices: Float64Array;
  private readonly instantStamps: Float64Array;
  private instantTime = Number.NaN;
  private instantGeneration = 0;

  constructor(
    seed: number,
    catalogue: readonly CoinFacts[],
    private readonly pumps: PumpSchedule,
    private readonly fiat: FiatRates,
  ) {
    this.marketDayKey = streamKey(seed, 'market-day');
    this.marketRegimeKey = streamKey(seed, 'market-regime');
    this.marketHourKey = streamKey(seed, 'market-hour');
    this.marketMinuteKey = streamKey(seed, 'market-minute');
    const unitsPerGeneration = Math.max(MIN_UNITS_PER_GENERATION, UNITS_PER_COIN * catalogue.length);
    this.hourUnits = new BoundedCache(unitsPerGeneration);
    this.minuteUnits = new BoundedCache(unitsPerGeneration);
    this.secondUnits = new BoundedCache(unitsPerGeneration);
    this.instantLogPrices = new Float64Array(catalogue.length);
    this.instantStamps = new Float64Array(catalogue.length);
    const byId = new Map(catalogue.map((facts) => [facts.id, facts]));
    catalogue.forEach((facts, index) => {
      const key = (label: string) => streamKey(seed, 'coin', facts.id, label);
      const tracks = trackedCoin(facts, byId) !== null;
      const stable = facts.stablecoin === true || tracks;
      const beta = Math.min(1, Math.max(0, facts.btcBeta));
      const dailyNoise = Math.exp(0.35 * normalAt(key('turnover'), 0) - 0.06);
      this.coins.set(facts.id, {
        index,
        facts,
        id: facts.id,
        logAnchor: Math.log(facts.anchorPriceUsd),
        sigmaDay: (tracks ? TRACKING_VOLATILITY : facts.annualVolatility) / Math.sqrt(365),
        beta: tracks ? 0 : beta,
        idio: tracks ? 1 : Math.sqrt(1 - beta * beta),
        kappa: stable ? STABLE_KAPPA : ORDINARY_KAPPA,
        clamp: stable ? STABLE_CLAMP : null,
        eurPegged: facts.stablecoin === true && facts.peggedTo === 'EUR',
        launchTime: launchTime(facts.issueDate),
        dailyUsd: facts.anchorPriceUsd * facts.circulatingSupply * turnoverRatio(facts) * dailyNoise,
        pumped: pumps.has(facts.id) && !tracks,
        underlying: null,
        keys: {
          day: key('day'),
          dayVolume: key('day-volume'),
          hour: key('hour'),
          hourExtreme: key('hour-extreme'),
          hourVolume: key('hour-volume'),
          minute: key('minute'),
          minuteExtreme: key('minute-extreme'),
          minuteVolume: key('minute-volume'),
          second: key('second'),
        },
        forward: [0],
        backward: [0],
        pins: null,
      });
    });
    for (const coin of this.coins.values()) {
      const underlying = trackedCoin(coin.facts, byId);
      coin.underlying = underlying === null ? null : (this.coins.get(underlying.id) ?? null);
      const history = coin.facts.history;
      if (history && coin.clamp === null && !coin.pumped && coin.underlying === null) {
        const pins = new HistoryPins(history, { time: ANCHOR_TIME, log: coin.logAnchor }, (time) =>
          this.unpinnedAtHour(coin, time),
        );
        coin.pins = pins;
        coin.launchTime = pins.listedAt;
      }
    }
  }

  coin(coinId: string): PathCoin | undefined {
    return this.coins.get(coinId);
  }

  coinIds(): string[] {
    return [...this.coins.keys()];
  }

  // ---- market factor -------------------------------------------------------------------------------

  /** Shared volatility multiplier of day `day` (E[v²] = 1). */
  regime(day: number): number {
    const cached = this.regimes.get(day);
    if (cached !== undefined) return cached;
    let sum = 0;
    let norm = 0;
    let weight = 1;
    for (let tap = 0; tap < REGIME_TAPS; tap += 1) {
      sum += weight * normalAt(this.marketRegimeKey, day - tap);
      norm += weight * weight;
      weight *= REGIME_MEMORY;
    }
    const value = Math.exp(REGIME_STRENGTH * (sum / Math.sqrt(norm)) - REGIME_STRENGTH * REGIME_STRENGTH);
    this.regimes.set(day, value);
    return value;
  }

  private marketDayShock(day: number): number {
    return normalAt(this.marketDayKey, day);
  }

  /** The market factor's 24 hourly increments of `day` (summing to its daily shock). */
  private marketHourIncrements(day: number): Float64Array {
    return this.marketHours.getOrCreate(day, () =>
      bridgeWeighted(this.marketHourKey, day, this.marketDayShock(day)),
    );
  }

  /** The market factor's 60 minute increments of global hour `hourIndex`. */
  private marketMinuteIncrements(hourIndex: number): Float64Array {
    return this.marketMinutes.getOrCreate(hourIndex, () => {
      const day = Math.floor(hourIndex / 24);
      const hour = hourIndex - day * 24;
      const total = this.marketHourIncrements(day)[hour]!;
      return bridgeEqual(
        this.marketMinuteKey,
        hourIndex,
        total,
        Math.sqrt(HOUR_VARIANCE_WEIGHTS[hour]! / 60),
        60,
      );
    });
  }

  // ---- days -----------------------------------------------------------------------------------------

  private dayShock(coin: PathCoin, day: number): number {
    const scale = coin.sigmaDay * this.regime(day);
    return scale * (coin.beta * this.marketDayShock(day) + coin.idio * normalAt(coin.keys.day, day));
  }

  /** The raw log deviation Y at the start of `day` (UTC day index). */
  dayValue(coin: PathCoin, day: number): number {
    const offset = day - ANCHOR_DAY;
    if (offset >= 0) {
      const values = coin.forward;
      while (values.length <= offset) {
        const previousDay = ANCHOR_DAY + values.length - 1;
        values.push((1 - coin.kappa) * values[values.length - 1]! + this.dayShock(coin, previousDay));
      }
      return values[offset]!;
    }
    const values = coin.backward;
    while (values.length <= -offset) {
      const laterDay = ANCHOR_DAY - values.length + 1;
      values.push((1 - coin.kappa) * values[values.length - 1]! - this.dayShock(coin, laterDay - 1));
    }
    return values[-offset]!;
  }

  // ---- transform ------------------------------------------------------------------------------------

  /** Raw deviation → log USD price before the authored history's pins. */
  private unpinnedLog(coin: PathCoin, raw: number, time: number): number {
    const squashed = coin.clamp === null ? raw : coin.clamp * Math.tanh(raw / coin.clamp);
    return coin.logAnchor + squashed + (coin.eurPegged ? this.eurLog(time) : 0);
  }

  /** Raw deviation → final log USD price, without the pump overlay. */
  private transform(coin: PathCoin, raw: number, time: number): number {
    const unpinned = this.unpinnedLog(coin, raw, time);
    return coin.pins ? coin.pins.apply(unpinned, time) : unpinned;
  }

  /**
   * log(USD per EUR / USD per EUR at the anchor), held constant through each UTC day so that every bucket's
   * extremes are bounded by its endpoints' values.
   */
  private eurLog(time: number): number {
    const perUsd = this.fiat.perUsd('EUR', Math.floor(time / DAY_MS) * DAY_MS) ?? 1;
    const anchor = this.fiat.perUsd('EUR', ANCHOR_TIME) ?? 1;
    return Math.log(anchor / perUsd);
  }

  /** Upper/lower transform of a raw extreme over [from, to]: the peg drift is bounded by its endpoints. */
  private transformExtreme(coin: PathCoin, raw: number, from: number, to: number, upper: boolean): number {
    const squashed = coin.clamp === null ? raw : coin.clamp * Math.tanh(raw / coin.clamp);
    let peg = 0;
    if (coin.eurPegged)
      peg = upper
        ? Math.max(this.eurLog(from), this.eurLog(to))
        : Math.min(this.eurLog(from), this.eurLog(to));
    const unpinned = coin.logAnchor + squashed + peg;
    return coin.pins ? coin.pins.applyExtreme(unpinned, from, to, upper) : unpinned;
  }

  // ---- hours ----------------------------------------------------------------------------------------

  hourUnit(coin: PathCoin, day: number): HourUnit {
    // Looked up ~25 times per coin per tick (the 24 h turnover): no closure per lookup.
    const key = unitKey(coin, day);
    const cached = this.hourUnits.get(key);
    if (cached !== undefined) return cached;
    const unit = this.buildHourUnit(coin, day, allocateHourUnit());
    this.hourUnits.set(key, unit);
    return unit;
  }

  /** The cached unit, or one computed into a reused scratch unit (deep history is read once, not kept). */
  private transientHourUnit(coin: PathCoin, day: number): HourUnit {
    const key = unitKey(coin, day);
    const cached = this.hourUnits.get(key);
    if (cached) return cached;
    if (this.scratchHourKey !== key) {
      this.scratchHourKey = Number.NaN;
      this.buildHourUnit(coin, day, this.scratchHour);
      this.scratchHourKey = key;
    }
    return this.scratchHour;
  }

  /** The raw (pre-transform) values at the 25 hour boundaries of `day`, and the day's shock scale and drift. */
  private fillRawHours(coin: PathCoin, day: number, unit: HourUnit): void {
    const start = this.dayValue(coin, day);
    const end = this.dayValue(coin, day + 1);
    const shockScale = coin.sigmaDay * this.regime(day);
    const drift = end - start - this.dayShock(coin, day);
    unit.day = day;
    unit.shockScale = shockScale;
    unit.drift = drift;
    const { idioIncrements, rawPoints } = unit;
    bridgeWeighted(coin.keys.hour, day, normalAt(coin.keys.day, day), idioIncrements);
    const marketIncrements = this.marketHourIncrements(day);
    rawPoints[0] = start;
    let market = 0;
    let idio = 0;
    for (let hour = 0; hour < 24; hour += 1) {
      market += marketIncrements[hour]!;
      idio += idioIncrements[hour]!;
      rawPoints[hour + 1] =
        start + (drift * (hour + 1)) / 24 + shockScale * (coin.beta * market + coin.idio * idio);
    }
    rawPoints[24] = end;
  }

  /** The unpinned log price at an hour boundary (what the authored pins are measured against). */
  private unpinnedAtHour(coin: PathCoin, time: number): number {
    const day = Math.floor(time / DAY_MS);
    const hour = Math.round((time - day * DAY_MS) / HOUR_MS);
    this.fillRawHours(coin, day, this.scratchRawHours);
    return this.unpinnedLog(coin, this.scratchRawHours.rawPoints[hour]!, time);
  }

  private buildHourUnit(coin: PathCoin, day: number, unit: HourUnit): HourUnit {
    this.fillRawHours(coin, day, unit);
    const start = unit.rawPoints[0]!;
    const { shockScale, rawPoints, rawHigh, rawLow, points, high, low, volumeUsd } = unit;
    const dayStart = day * DAY_MS;
    for (let hour = 0; hour <= 24; hour += 1) {
      const time = dayStart + hour * HOUR_MS;
      points[hour] =
        this.transform(coin, rawPoints[hour]!, time) +
        (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
    }
    const dayVolume = this.dayVolumeBase(coin, day, start);
    for (let hour = 0; hour < 24; hour += 1) {
      const a = rawPoints[hour]!;
      const b = rawPoints[hour + 1]!;
      const variance = shockScale * shockScale * HOUR_VARIANCE_WEIGHTS[hour]!;
      const top = bridgeMax(a, b, variance, uniformAt(coin.keys.hourExtreme, day, 2 * hour));
      const bottom = bridgeMin(a, b, variance, uniformAt(coin.keys.hourExtreme, day, 2 * hour + 1));
      rawHigh[hour] = top;
      rawLow[hour] = bottom;
      const from = dayStart + hour * HOUR_MS;
      high[hour] = this.transformExtreme(coin, top, from, from + HOUR_MS, true);
      low[hour] = this.transformExtreme(coin, bottom, from, from + HOUR_MS, false);
      const rangeRatio = (top - bottom) / (EXPECTED_RANGE * Math.sqrt(variance) || 1);
      const noise = Math.exp(0.25 * normalAt(coin.keys.hourVolume, day, hour) - 0.03125);
      const pump = coin.pumped ? this.pumps.meanVolumeMultiplier(coin.id, from, from + HOUR_MS) : 1;
      volumeUsd[hour] = dayVolume * HOUR_VOLUME_WEIGHTS[hour]! * (0.35 + 0.65 * rangeRatio) * noise * pump;
    }
    if (coin.underlying) {
      const base = this.hourUnit(coin.underlying, day);
      const anchor = coin.underlying.logAnchor;
      for (let hour = 0; hour <= 24; hour += 1) points[hour] = points[hour]! + base.points[hour]! - anchor;
      for (let hour = 0; hour < 24; hour += 1) {
        high[hour] = high[hour]! + base.high[hour]! - anchor;
        low[hour] = low[hour]! + base.low[hour]! - anchor;
      }
    }
    if (coin.pumped) {
      for (let hour = 0; hour < 24; hour += 1) {
        const from = dayStart + hour * HOUR_MS;
        if (this.pumps.overlapping(coin.id, from, from + HOUR_MS).length === 0) continue;
        // The overlay moves within the hour: its high/low come from the minutes (bottom-up).
        const minutes = this.minuteUnitFrom(coin, unit, hour);
        high[hour] = maxOf(minutes.high);
        low[hour] = minOf(minutes.low);
      }
    }
    return unit;
  }

  /** USD turnover of `day` before the hourly split: scales with price level, the regime and the weekday. */
  private dayVolumeBase(coin: PathCoin, day: number, rawStart: number): number {
    const level = coin.underlying
      ? Math.exp(0.6 * this.dayValue(coin.underlying, day))
      : coin.clamp === null
        ? Math.exp(0.6 * rawStart)
        : 1;
    const weekday = (day + 4) % 7;
    const weekend = weekday === 0 || weekday === 6 ? 0.72 : 1.11;
    const noise = Math.exp(0.2 * normalAt(coin.keys.dayVolume, day) - 0.02);
    return coin.dailyUsd * level * Math.pow(this.regime(day), 0.8) * weekend * noise;
  }

  // ---- minutes --------------------------------------------------------------------------------------

  minuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit {
    const cached = this.minuteUnits.get(unitKey(coin, hourIndex));
    if (cached) return cached;
    const day = Math.floor(hourIndex / 24);
    return this.minuteUnitFrom(coin, this.hourUnit(coin, day), hourIndex - day * 24);
  }

  /** The cached unit, or one computed into a reused scratch unit (back-fills read each hour once). */
  private transientMinuteUnit(coin: PathCoin, hourIndex: number): MinuteUnit {
    const key = unitKey(coin, hourIndex);
    const cached = this.minuteUnits.get(key);
    if (cached) return cached;
    if (this.scratchMinuteKey !== key) {
      this.scratchMinuteKey = Number.NaN;
      const day = Math.floor(hourIndex / 24);
      this.minuteUnitFrom(coin, this.hourUnit(coin, day), hourIndex - day * 24, this.scratchMinute);
      this.scratchMinuteKey = key;
    }
    return this.scratchMinute;
  }

  /** Computes (and caches, unless a scratch `target` is given) the minutes of hour `hour` of `hours.day`. */
  private minuteUnitFrom(coin: PathCoin, hours: HourUnit, hour: number, target?: MinuteUnit): MinuteUnit {
    const hourIndex = hours.day * 24 + hour;
    const cacheKey = unitKey(coin, hourIndex);
    const cached = this.minuteUnits.get(cacheKey);
    if (cached) return cached;
    const weight = HOUR_VARIANCE_WEIGHTS[hour]!;
    const stepScale = Math.sqrt(weight / 60);
    const market = this.marketMinuteIncrements(hourIndex);
    const unit = target ?? allocateMinuteUnit();
    const { rawPoints, rawHigh, rawLow, points, high, low, volumeUsd } = unit;
    // volumeUsd doubles as scratch for the idiosyncratic increments until the volumes are written below.
    const idio = bridgeEqual(
      coin.keys.minute,
      hourIndex,
      hours.idioIncrements[hour]!,
      stepScale,
      60,
      volumeUsd,
    );
    const a = hours.rawPoints[hour]!;
    const b = hours.rawPoints[hour + 1]!;
    rawPoints[0] = a;
    let marketSum = 0;
    let idioSum = 0;
    const { shockScale, drift } = hours;
    for (let minute = 0; minute < 60; minute += 1) {
      marketSum += market[minute]!;
      idioSum += idio[minute]!;
      rawPoints[minute + 1] =
        a + (drift * (minute + 1)) / 1440 + shockScale * (coin.beta * marketSum + coin.idio * idioSum);
    }
    rawPoints[60] = b;
    const variance = shockScale * shockScale * (weight / 60);
    unit.secondVariance = variance / 60;
    for (let minute = 0; minute < 60; minute += 1) {
      rawHigh[minute] = bridgeMax(
        rawPoints[minute]!,
        rawPoints[minute + 1]!,
        variance,
        uniformAt(coin.keys.minuteExtreme, hourIndex, 2 * minute),
      );
      rawLow[minute] = bridgeMin(
        rawPoints[minute]!,
        rawPoints[minute + 1]!,
        variance,
        uniformAt(coin.keys.minuteExtreme, hourIndex, 2 * minute + 1),
      );
    }
    // Stretch the minute path so its extremes are exactly the hour's.
    const stretch = monotoneStretch(
      a,
      b,
      maxOf(rawHigh),
      minOf(rawLow),
      hours.rawHigh[hour]!,
      hours.rawLow[hour]!,
    );
    for (let minute = 0; minute <= 60; minute += 1) rawPoints[minute] = stretch(rawPoints[minute]!);
    rawPoints[0] = a;
    rawPoints[60] = b;
    for (let minute = 0; minute < 60; minute += 1) {
      rawHigh[minute] = stretch(rawHigh[minute]!);
      rawLow[minute] = stretch(rawLow[minute]!);
    }
    const hourStart = hourIndex * HOUR_MS;
    for (let minute = 0; minute <= 60; minute += 1) {
      const time = hourStart + minute * MINUTE_MS;
      points[minute] =
        this.transform(coin, rawPoints[minute]!, time) +
        (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
    }
    points[0] = hours.points[hour]!;
    points[60] = hours.points[hour + 1]!;
    let shareSum = 0;
    const expectedRange = EXPECTED_RANGE * Math.sqrt(variance) || 1;
    for (let minute = 0; minute < 60; minute += 1) {
      const from = hourStart + minute * MINUTE_MS;
      high[minute] = this.transformExtreme(coin, rawHigh[minute]!, from, from + MINUTE_MS, true);
      low[minute] = this.transformExtreme(coin, rawLow[minute]!, from, from + MINUTE_MS, false);
      let pump = 1;
      if (coin.pumped) {
        const overlay = this.pumps.logOverlayBounds(coin.id, from, from + MINUTE_MS);
        high[minute] = high[minute]! + overlay.max;
        low[minute] = low[minute]! + overlay.min;
        pump = this.pumps.volumeMultiplier(coin.id, from + MINUTE_MS / 2);
      }
      const rangeRatio = (rawHigh[minute]! - rawLow[minute]!) / expectedRange;
      const noise = Math.exp(0.35 * normalAt(coin.keys.minuteVolume, hourIndex, minute) - 0.06);
      const share = (0.35 + 0.65 * rangeRatio) * noise * pump;
      volumeUsd[minute] = share;
      shareSum += share;
    }
    const scale = hours.volumeUsd[hour]! / shareSum;
    for (let minute = 0; minute < 60; minute += 1) volumeUsd[minute] = volumeUsd[minute]! * scale;
    if (coin.underlying) {
      const base = this.minuteUnit(coin.underlying, hourIndex);
      const anchor = coin.underlying.logAnchor;
      for (let minute = 1; minute < 60; minute += 1)
        points[minute] = points[minute]! + base.points[minute]! - anchor;
      for (let minute = 0; minute < 60; minute += 1) {
        high[minute] = high[minute]! + base.high[minute]! - anchor;
        low[minute] = low[minute]! + base.low[minute]! - anchor;
      }
    }
    if (!target) this.minuteUnits.set(cacheKey, unit);
    return unit;
  }

  // ---- seconds --------------------------------------------------------------------------------------

  /** Final log prices at the 61 second boundaries of global minute `minuteIndex`. */
  secondPoints(coin: PathCoin, minuteIndex: number): Float64Array {
    return this.secondUnits.getOrCreate(unitKey(coin, minuteIndex), () => {
      const hourIndex = Math.floor(minuteIndex / 60);
      const minute = minuteIndex - hourIndex * 60;
      const unit = this.minuteUnit(coin, hourIndex);
      const a = unit.rawPoints[minute]!;
      const b = unit.rawPoints[minute + 1]!;
      const steps = bridgeEqual(coin.keys.second, minuteIndex, b - a, Math.sqrt(unit.secondVariance), 60);
      const raw = new Float64Array(61);
      raw[0] = a;
      let rawMax = Math.max(a, b);
      let rawMin = Math.min(a, b);
      for (let second = 1; second <= 60; second += 1) {
        raw[second] = raw[second - 1]! + steps[second - 1]!;
        rawMax = Math.max(rawMax, raw[second]!);
        rawMin = Math.min(rawMin, raw[second]!);
      }
      const stretch = monotoneStretch(a, b, rawMax, rawMin, unit.rawHigh[minute]!, unit.rawLow[minute]!);
      const points = new Float64Array(61);
      const minuteStart = minuteIndex * MINUTE_MS;
      for (let second = 0; second <= 60; second += 1) {
        const time = minuteStart + second * SECOND_MS;
        points[second] =
          this.transform(coin, stretch(raw[second]!), time) +
          (coin.pumped ? this.pumps.logOverlay(coin.id, time) : 0);
      }
      if (coin.underlying) {
        const base = this.secondPoints(coin.underlying, minuteIndex);
        const anchor = coin.underlying.logAnchor;
        for (let second = 1; second < 60; second += 1)
          points[second] = points[second]! + base[second]! - anchor;
      }
      points[0] = unit.points[minute]!;
      points[60] = unit.points[minute + 1]!;
      return points;
    });
  }

  /** Natural log of the USD price at `time` (ms; linear between whole seconds). */
  logPriceAt(coin: PathCoin, time: number): number {
    // A tick prices every pair of a coin at one instant: each coin's price is worked out once per instant.
    if (time !== this.instantTime) {
      this.instantTime = time;
      this.instantGeneration += 1;
    }
    if (this.instantStamps[coin.index] === this.instantGeneration) return this.instantLogPrices[coin.index]!;
    const value = this.logPriceAtUncached(coin, time);
    this.instantLogPrices[coin.index] = value;
    this.instantStamps[coin.index] = this.instantGeneration;
    return value;
  }

  private logPriceAtUncached(coin: PathCoin, time: number): number {
    const second = Math.floor(time / SECOND_MS);
    const minuteIndex = Math.floor(second / 60);
    const points = this.secondPoints(coin, minuteIndex);
    const offset = second - minuteIndex * 60;
    const fraction = (time - second * SECOND_MS) / SECOND_MS;
    const from = points[offset]!;
    return fraction === 0 ? from : from + (points[offset + 1]! - from) * fraction;
  }

  priceAt(coin: PathCoin, time: number): number {
    return Math.exp(this.logPriceAt(coin, time));
  }

  /** The log return of the path over the last `windowMs` before `time`. */
  logReturn(coin: PathCoin, time: number, windowMs: number): number {
    return this.logPriceAt(coin, time) - this.logPriceAt(coin, time - windowMs);
  }

  // ---- ranges ---------------------------------------------------------------------------------------

  /**
   * OHLC and turnover over [from, to), composed from the largest whole units (days, hours, minutes, seconds)
   * that fit; `to` may fall between seconds (the close is then the interpolated price).
   */
  summarize(coin: PathCoin, from: number, to: number): RangeSummary | null {
    if (!(to > from)) return null;
    const summary = new Accumulator();
    let time = Math.ceil(from / SECOND_MS) * SECOND_MS;
    const end = Math.floor(to / SECOND_MS) * SECOND_MS;
    while (time < end) {
      if (time % DAY_MS === 0 && time + DAY_MS <= end) {
        const unit = this.transientHourUnit(coin, time / DAY_MS);
        for (let hour = 0; hour < 24; hour += 1) {
          summary.add(
            unit.points[hour]!,
            unit.high[hour]!,
            unit.low[hour]!,
            unit.points[hour + 1]!,
            unit.volumeUsd[hour]!,
          );
        }
        time += DAY_MS;
      } else if (time % HOUR_MS === 0 && time + HOUR_MS <= end) {
        const hourIndex = time / HOUR_MS;
        const day = Math.floor(hourIndex / 24);
        const unit = this.hourUnit(coin, day);
        const hour = hourIndex - day * 24;
        summary.add(
          unit.points[hour]!,
          unit.high[hour]!,
          unit.low[hour]!,
          unit.points[hour + 1]!,
          unit.volumeUsd[hour]!,
        );
        time += HOUR_MS;
      } else if (time % MINUTE_MS === 0 && time + MINUTE_MS <= end) {
        const minuteIndex = time / MINUTE_MS;
        const hourIndex = Math.floor(minuteIndex / 60);
        const unit = this.transientMinuteUnit(coin, hourIndex);
        const minute = minuteIndex - hourIndex * 60;
        summary.add(
          unit.points[minute]!,
          unit.high[minute]!,
          unit.low[minute]!,
          unit.points[minute + 1]!,
          unit.volumeUsd[minute]!,
        );
        time += MINUTE_MS;
      } else {
        const minuteIndex = Math.floor(time / MINUTE_MS);
        const stop = Math.min(end, (minuteIndex + 1) * MINUTE_MS);
        const points = this.secondPoints(coin, minuteIndex);
        const first = (time - minuteIndex * MINUTE_MS) / SECOND_MS;
        const last = (stop - minuteIndex * MINUTE_MS) / SECOND_MS;
        let high = -Infinity;
        let low = Infinity;
        for (let second = first; second <= last; second += 1) {
          high = Math.max(high, points[second]!);
          low = Math.min(low, points[second]!);
        }
        const hourIndex = Math.floor(minuteIndex / 60);
        const minuteVolume = this.minuteUnit(coin, hourIndex).volumeUsd[minuteIndex - hourIndex * 60]!;
        summary.add(points[first]!, high, low, points[last]!, (minuteVolume * (last - first)) / 60);
        time = stop;
      }
    }
    if (to > end || summary.empty) {
      // A fraction of a second past the last whole second: the close moves to the interpolated price.
      const close = this.logPriceAt(coin, to);
      const open = summary.empty ? this.logPriceAt(coin, from) : summary.close;
      summary.add(open, Math.max(open, close), Math.min(open, close), close, 0);
    }
    return summary.result();
  }

  /** The day's highest and lowest hour (log prices and hour start times), without caching deep history. */
  dayExtremes(coin: PathCoin, day: number): { high: number; highAt: number; low: number; lowAt: number } {
    const unit = this.transientHourUnit(coin, day);
    let high = 0;
    let low = 0;
    for (let hour = 1; hour < 24; hour += 1) {
      if (unit.high[hour]! > unit.high[high]!) high = hour;
      if (unit.low[hour]! < unit.low[low]!) low = hour;
    }
    return {
      high: unit.high[high]!,
      highAt: day * DAY_MS + high * HOUR_MS,
      low: unit.low[low]!,
      lowAt: day * DAY_MS + low * HOUR_MS,
    };
  }

  /** USD turnover over the 24 hours before `time`. */
  volumeUsd24h(coin: PathCoin, time: number): number {
    return this.summarize(coin, time - DAY_MS, time)?.amountUsd ?? 0;
  }
}

/** One buffer, viewed as the unit's arrays. */
function allocateHourUnit(): HourUnit {
  const buffer = new Float64Array(194);
  let offset = 0;
  const view = (length: number) => buffer.subarray(offset, (offset += length));
  return {
    day: 0,
    shockScale: 0,
    drift: 0,
    idioIncrements: view(24),
    rawPoints: view(25),
    rawHigh: view(24),
    rawLow: view(24),
    points: view(25),
    high: view(24),
    low: view(24),
    volumeUsd: view(24),
  };
}

function allocateMinuteUnit(): MinuteUnit {
  const buffer = new Float64Array(422);
  let offset = 0;
  const view = (length: number) => buffer.subarray(offset, (offset += length));
  return {
    rawPoints: view(61),
    rawHigh: view(60),
    rawLow: view(60),
    points: view(61),
    high: view(60),
    low: view(60),
    volumeUsd: view(60),
    secondVariance: 0,
  };
}

function maxOf(values: Float64Array): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  return max;
}

function minOf(values: Float64Array): number {
  let min = Infinity;
  for (const value of values) if (value < min) min = value;
  return min;
}

/** Folds whole units (log prices, USD turnover) into one summary. */
class Accumulator {
  empty = true;
  close = 0;
  private open = 0;
  private high = -Infinity;
  private low = Infinity;
  private amountUsd = 0;
  private volumeBase = 0;

  add(open: number, high: number, low: number, close: number, amountUsd: number): void {
    if (this.empty) this.open = open;
    this.empty = false;
    this.close = close;
    if (high > this.high) this.high = high;
    if (low < this.low) this.low = low;
    if (amountUsd > 0) {
      this.amountUsd += amountUsd;
      // Base units at the unit's typical price (geometric mean of O, H, L, C).
      this.volumeBase += amountUsd / Math.exp((open + high + low + close) / 4);
    }
  }

  result(): RangeSummary {
    return {
      open: Math.exp(this.open),
      high: Math.exp(this.high),
      low: Math.exp(this.low),
      close: Math.exp(this.close),
      amountUsd: this.amountUsd,
      volumeBase: this.volumeBase,
    };
  }
}

/** A numeric cache key for (coin, unit index); the catalogue holds far fewer than 4,096 coins. */
function unitKey(coin: PathCoin, index: number): number {
  return index * 4_096 + coin.index;
}

/**
 * 24 hourly increments with variances HOUR_VARIANCE_WEIGHTS, conditioned to sum to `total`
 * (the exact conditional law of Gaussian increments given their sum).
 */
function bridgeWeighted(
  key: number,
  index: number,
  total: number,
  increments: Float64Array = new Float64Array(24),
): Float64Array {
  let sum = 0;
  for (let hour = 0; hour < 24; hour += 1) {
    increments[hour] = normalAt(key, index, hour) * SQRT_HOUR_WEIGHTS[hour]!;
    sum += increments[hour]!;
  }
  const excess = sum - total;
  for (let hour = 0; hour < 24; hour += 1)
    increments[hour] = increments[hour]! - HOUR_VARIANCE_WEIGHTS[hour]! * excess;
  return increments;
}

/** `count` equal-variance increments (standard deviation `scale` each) conditioned to sum to `total`. */
function bridgeEqual(
  key: number,
  index: number,
  total: number,
  scale: number,
  count: number,
  increments: Float64Array = new Float64Array(count),
): Float64Array {
  let sum = 0;
  for (let step = 0; step < count; step += 1) {
    increments[step] = normalAt(key, index, step) * scale;
    sum += increments[step]!;
  }
  const excess = (sum - total) / count;
  for (let step = 0; step < count; step += 1) increments[step] = increments[step]! - excess;
  return increments;
}

/** A sample of the maximum of a Brownian bridge from a to b with total variance `variance`. */
export function bridgeMax(a: number, b: number, variance: number, uniform: number): number {
  const gap = a - b;
  return (a + b + Math.sqrt(gap * gap - 2 * variance * Math.log(uniform))) / 2;
}

/** A sample of the minimum of a Brownian bridge from a to b with total variance `variance`. */
export function bridgeMin(a: number, b: number, variance: number, uniform: number): number {
  const gap = a - b;
  return (a + b - Math.sqrt(gap * gap - 2 * variance * Math.log(uniform))) / 2;
}

/**
 * The monotone piecewise-linear map that fixes everything between the endpoints a and b and stretches the
 * excursions above/below them so the current extremes (fromMax, fromMin) land on the targets.
 */
function monotoneStretch(
  a: number,
  b: number,
  fromMax: number,
  fromMin: number,
  toMax: number,
  toMin: number,
): (value: number) => number {
  const top = Math.max(a, b);
  const bottom = Math.min(a, b);
  const up = fromMax > top ? (toMax - top) / (fromMax - top) : 1;
  const down = fromMin < bottom ? (bottom - toMin) / (bottom - fromMin) : 1;
  return (value) =>
    value > top ? top + (value - top) * up : value < bottom ? bottom - (bottom - value) * down : value;
}

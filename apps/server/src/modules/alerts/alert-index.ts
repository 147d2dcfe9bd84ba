import type { AlertKind, AlertRepeat, AlertWindow } from '@coinlens/contract';

/** An active (not paused, not deleted) alert as the index keeps it. */
export interface IndexedAlert {
  id: number;
  userId: number;
  coinId: string;
  kind: AlertKind;
  level: number | null;
  currency: string | null;
  window: AlertWindow | null;
  repeat: AlertRepeat;
  cooldownMs: number;
  lastFiredAt: number | null;
  firedCount: number;
}

/** What the index reads of the market at one evaluation. */
export interface AlertMarket {
  /** USD price, null while unknown. */
  price(coinId: string): number | null;
  /** Percent change over the window, null while unknown. */
  change(coinId: string, window: AlertWindow): number | null;
  /** The Coinlens score (0–100), null until scored. */
  score(coinId: string): number | null;
  /** The kinds of the coin's integrity flags, null until scored. */
  flags(coinId: string): readonly string[] | null;
  /** Units of `currency` per USD, null without a rate. */
  rate(currency: string): number | null;
}

/** An alert that fired: what crossed (the value in the alert's own unit) or which flag appeared. */
export interface AlertHit {
  alert: IndexedAlert;
  observed: number | null;
  flag: string | null;
}

interface Threshold {
  /** Where the threshold sits in its series: the level, or for a price alert the level in USD at the rate. */
  value: number;
  /** The level as the alert states it (a change-down alert's negated). */
  level: number;
  /** Price alerts: the currency's slot in the index's list of currencies. */
  currency: number;
  alert: IndexedAlert;
}

/** What a series watches (numbers, so the evaluation's loop stays monomorphic). */
const PRICE = 0;
const CHANGE_1H = 1;
const CHANGE_24H = 2;
const SCORE = 3;
type Source = typeof PRICE | typeof CHANGE_1H | typeof CHANGE_24H | typeof SCORE;

/**
 * One value of one coin that alerts watch (its USD price, a change, the score) and their levels. Price alerts of
 * every currency share the USD price series: each level is kept in USD at the current rate, re-sorted when rates
 * change (about once a minute), so a tick looks at one price per coin, not one per currency.
 */
interface Series {
  source: Source;
  /** Fires when the value moves from ≤ level to > level; sorted by value. */
  above: Threshold[];
  /** Fires when the value moves from ≥ level to < level; sorted by value. */
  below: Threshold[];
  /** The value at the previous evaluation; NaN while unknown (a number always, so it is stored unboxed). */
  last: number;
}

interface CoinAlerts {
  coinId: string;
  /** At most one per source, in source order. */
  series: (Series | undefined)[];
  /** The same series as a dense list, for the evaluation's loop. */
  seriesList: Series[];
  flagAlerts: Set<IndexedAlert>;
  /** Flags at the previous evaluation (null before the first, or before the coin was scored). */
  lastFlags: readonly string[] | null;
}

/** An alert added since the previous evaluation, with what its value was when it was added. */
interface Pending {
  alert: IndexedAlert;
  /** NaN while unknown; null for a flag alert. */
  baseline: number | null;
  baselineFlags: readonly string[] | null;
}

function sourceOf(alert: IndexedAlert): Source {
  if (alert.kind === 'price_above' || alert.kind === 'price_below') return PRICE;
  if (alert.kind === 'change_up' || alert.kind === 'change_down')
    return alert.window === '1h' ? CHANGE_1H : CHANGE_24H;
  return SCORE;
}

/** A series' value now (NaN while unknown); `price` is the coin's USD price. */
function valueOf(source: Source, coinId: string, price: number, market: AlertMarket): number {
  switch (source) {
    case PRICE:
      return price;
    case CHANGE_1H:
      return market.change(coinId, '1h') ?? Number.NaN;
    case CHANGE_24H:
      return market.change(coinId, '24h') ?? Number.NaN;
    default:
      return market.score(coinId) ?? Number.NaN;
  }
}

/** A change-down alert waits for the change to fall below −level; every other kind compares with its level. */
function levelOf(alert: IndexedAlert): number {
  const level = alert.level ?? 0;
  return alert.kind === 'change_down' ? -level : level;
}

function isAbove(kind: AlertKind): boolean {
  return kind === 'price_above' || kind === 'change_up' || kind === 'score_above';
}

/**
 * Where a price threshold sits in the USD series: level / rate. Without a rate it can never be crossed: +∞ for
 * an "above" alert, −∞ for a "below" one (the crossed ranges are bounded by finite prices).
 */
function usdValue(threshold: Threshold, rates: readonly number[]): number {
  const rate = rates[threshold.currency] ?? Number.NaN;
  const value = threshold.level / rate;
  if (Number.isFinite(value) && rate > 0) return value;
  return isAbove(threshold.alert.kind) ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

/** First index whose value is ≥ `value` (strict: > `value`). */
function bound(list: readonly Threshold[], value: number, strict: boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const probe = list[middle]!.value;
    if (probe < value || (strict && probe === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function crossed(kind: AlertKind, level: number, from: number, to: number): boolean {
  return isAbove(kind) ? from <= level && to > level : from >= level && to < level;
}

const byValue = (a: Threshold, b: Threshold) => a.value - b.value;

/** A flag in `now` that `before` did not have (a coin carries at most a handful). */
function newFlag(before: readonly string[], now: readonly string[]): string | undefined {
  return now.find((flag) => !before.includes(flag));
}

/**
 * The active alerts of every user, keyed by coin and, per coin, by the value they watch, with their levels
 * sorted: an evaluation looks at each watched value once and binary-searches the levels it crossed since the
 * previous evaluation, so its cost grows with coins × watched values and the alerts that fire, not with the
 * number of alerts. An alert fires on a crossing (docs/alerts.md): added alerts wait one evaluation, compared
 * with the value they were added at.
 */
export class AlertIndex {
  private readonly byId = new Map<number, IndexedAlert>();
  private readonly byCoin = new Map<string, CoinAlerts>();
  /** byCoin's values, for the evaluation's loop. */
  private readonly coins: CoinAlerts[] = [];
  /** Every currency price alerts use, by slot, and its rate at the previous evaluation (NaN: none). */
  private readonly currencies: string[] = [];
  private readonly currencySlots = new Map<string, number>();
  private lastRates: number[] = [];
  private pending: Pending[] = [];

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): IndexedAlert | undefined {
    return this.byId.get(id);
  }

  /** Adds an active alert, or replaces the one with its id. */
  put(alert: IndexedAlert, market: AlertMarket): void {
    this.remove(alert.id);
    this.byId.set(alert.id, alert);
    const flagAlert = alert.kind === 'integrity_flag';
    this.pending.push({
      alert,
      baseline: flagAlert ? null : this.valueNow(alert, market),
      baselineFlags: flagAlert ? market.flags(alert.coinId) : null,
    });
  }

  /** Adds many alerts at once (a load from the database): sorted once, live from the next evaluation. */
  load(alerts: readonly IndexedAlert[]): void {
    for (const alert of alerts) {
      this.remove(alert.id);
      this.byId.set(alert.id, alert);
      this.place(alert, false);
    }
    for (const coin of this.coins)
      for (const series of coin.seriesList) {
        series.above.sort(byValue);
        series.below.sort(byValue);
      }
  }

  remove(id: number): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    this.byId.delete(id);
    const pendingAt = this.pending.findIndex((entry) => entry.alert === alert);
    if (pendingAt >= 0) {
      this.pending.splice(pendingAt, 1);
      return;
    }
    const coin = this.byCoin.get(alert.coinId);
    if (!coin) return;
    if (alert.kind === 'integrity_flag') {
      coin.flagAlerts.delete(alert);
      return;
    }
    const series = coin.series[sourceOf(alert)];
    if (!series) return;
    const list = isAbove(alert.kind) ? series.above : series.below;
    const at = list.findIndex((threshold) => threshold.alert === alert);
    if (at >= 0) list.splice(at, 1);
  }

  /**
   * One evaluation: every alert whose value crossed its level since the previous one (and is not cooling down).
   * The alerts that fire are marked fired at `now`; a `once` alert leaves the index.
   */
  evaluate(market: AlertMarket, now: number): AlertHit[] {
    const hits: AlertHit[] = [];
    const rates = this.currencies.map((currency) =>
      currency === 'usd' ? 1 : (market.rate(currency) ?? Number.NaN),
    );
    const ratesChanged = rates.some((rate, slot) => !Object.is(rate, this.lastRates[slot]));
    for (const coin of this.coins) {
      const { coinId } = coin;
      const price = market.price(coinId) ?? Number.NaN;
      for (const series of coin.seriesList) {
        if (series.source === PRICE && ratesChanged) {
          this.reprice(series, price, rates, now, hits);
          continue;
        }
        const current = valueOf(series.source, coinId, price, market);
        const last = series.last;
        series.last = current;
        // NaN compares false: an unknown value on either side is no crossing.
        if (current > last) {
          const list = series.above;
          const end = bound(list, current, false);
          for (let index = bound(list, last, false); index < end; index++)
            this.fireAt(list[index]!, series.source, current, rates, now, hits);
        } else if (current < last) {
          const list = series.below;
          const end = bound(list, last, true);
          for (let index = bound(list, current, true); index < end; index++)
            this.fireAt(list[index]!, series.source, current, rates, now, hits);
        }
      }
      if (coin.flagAlerts.size > 0) {
        const flags = market.flags(coinId);
        const previous = coin.lastFlags;
        coin.lastFlags = flags;
        if (flags && previous) {
          const added = newFlag(previous, flags);
          if (added !== undefined)
            for (const alert of coin.flagAlerts) this.consider(alert, null, added, now, hits);
        }
      }
    }
    this.lastRates = rates;
    const pending = this.pending;
    this.pending = [];
    for (const { alert, baseline, baselineFlags } of pending) {
      let fired = false;
      if (alert.kind === 'integrity_flag') {
        const flags = market.flags(alert.coinId);
        const added = flags && baselineFlags ? newFlag(baselineFlags, flags) : undefined;
        if (added !== undefined) fired = this.consider(alert, null, added, now, hits);
      } else {
        const current = this.valueNow(alert, market);
        if (baseline !== null && crossed(alert.kind, levelOf(alert), baseline, current))
          fired = this.consider(alert, current, null, now, hits);
      }
      if (!(fired && alert.repeat === 'once')) this.place(alert, true, market);
    }
    for (const hit of hits) if (hit.alert.repeat === 'once') this.remove(hit.alert.id);
    return hits;
  }

  /** A threshold in a crossed range fires; a price alert's observed value is the price in its currency. */
  private fireAt(
    threshold: Threshold,
    source: Source,
    current: number,
    rates: readonly number[],
    now: number,
    hits: AlertHit[],
  ): void {
    const observed = source === PRICE ? current * (rates[threshold.currency] ?? Number.NaN) : current;
    this.consider(threshold.alert, observed, null, now, hits);
  }

  /**
   * The tick rates changed on: each price alert is checked in its own currency (previous price at the previous
   * rate against the price now at the rate now), then the levels are placed at the new rates and sorted again.
   */
  private reprice(
    series: Series,
    price: number,
    rates: readonly number[],
    now: number,
    hits: AlertHit[],
  ): void {
    const last = series.last;
    series.last = price;
    for (const list of [series.above, series.below]) {
      for (const threshold of list) {
        const slot = threshold.currency;
        const to = price * (rates[slot] ?? Number.NaN);
        if (crossed(threshold.alert.kind, threshold.level, last * (this.lastRates[slot] ?? Number.NaN), to))
          this.consider(threshold.alert, to, null, now, hits);
        threshold.value = usdValue(threshold, rates);
      }
      list.sort(byValue);
    }
  }

  private consider(
    alert: IndexedAlert,
    observed: number | null,
    flag: string | null,
    now: number,
    hits: AlertHit[],
  ): boolean {
    if (alert.lastFiredAt !== null && alert.repeat === 'repeat' && now - alert.lastFiredAt < alert.cooldownMs)
      return false;
    alert.lastFiredAt = now;
    alert.firedCount += 1;
    hits.push({ alert, observed, flag });
    return true;
  }

  private currencySlot(currency: string): number {
    let slot = this.currencySlots.get(currency);
    if (slot === undefined) {
      slot = this.currencies.length;
      this.currencies.push(currency);
      this.currencySlots.set(currency, slot);
    }
    return slot;
  }

  /** The value an alert watches now, in its own unit (NaN while unknown). */
  private valueNow(alert: IndexedAlert, market: AlertMarket): number {
    const price = market.price(alert.coinId) ?? Number.NaN;
    const source = sourceOf(alert);
    if (source !== PRICE) return valueOf(source, alert.coinId, price, market);
    const currency = alert.currency ?? 'usd';
    return price * (currency === 'usd' ? 1 : (market.rate(currency) ?? Number.NaN));
  }

  /** Puts an alert into its coin's structures; `sorted` keeps the level lists sorted as it goes. */
  private place(alert: IndexedAlert, sorted: boolean, market?: AlertMarket): void {
    let coin = this.byCoin.get(alert.coinId);
    if (!coin) {
      coin = { coinId: alert.coinId, series: [], seriesList: [], flagAlerts: new Set(), lastFlags: null };
      this.byCoin.set(alert.coinId, coin);
      this.coins.push(coin);
    }
    if (alert.kind === 'integrity_flag') {
      if (coin.flagAlerts.size === 0 && market) coin.lastFlags = market.flags(alert.coinId);
      coin.flagAlerts.add(alert);
      return;
    }
    const source = sourceOf(alert);
    let series = coin.series[source];
    if (!series) {
      const price = market ? (market.price(alert.coinId) ?? Number.NaN) : Number.NaN;
      series = {
        source,
        above: [],
        below: [],
        last: market ? valueOf(source, alert.coinId, price, market) : Number.NaN,
      };
      coin.series[source] = series;
      coin.seriesList.push(series);
    }
    const list = isAbove(alert.kind) ? series.above : series.below;
    const threshold: Threshold = {
      value: 0,
      level: levelOf(alert),
      currency: source === PRICE ? this.currencySlot(alert.currency ?? 'usd') : -1,
      alert,
    };
    threshold.value = source === PRICE ? usdValue(threshold, this.lastRates) : threshold.level;
    if (sorted) list.splice(bound(list, threshold.value, true), 0, threshold);
    else list.push(threshold);
  }
}

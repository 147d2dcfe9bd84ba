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
  value: number;
  alert: IndexedAlert;
}

/** What a series watches (numbers, so the evaluation's loop stays monomorphic). */
const PRICE = 0;
const CHANGE_1H = 1;
const CHANGE_24H = 2;
const SCORE = 3;
type Source = typeof PRICE | typeof CHANGE_1H | typeof CHANGE_24H | typeof SCORE;

/** One value of one coin that alerts watch (its price in one currency, a change, the score), and their levels. */
interface Series {
  source: Source;
  /** Price series: the currency's slot in the index's list of currencies. */
  currency: number;
  /** Fires when the value moves from ≤ level to > level; sorted by value. */
  above: Threshold[];
  /** Fires when the value moves from ≥ level to < level; sorted by value. */
  below: Threshold[];
  /** The value at the previous evaluation; NaN while unknown (a number always, so it is stored unboxed). */
  last: number;
}

interface CoinAlerts {
  coinId: string;
  series: Map<string, Series>;
  /** The same series as a list, for the evaluation's loop. */
  seriesList: Series[];
  flagAlerts: Set<IndexedAlert>;
  /** Flags at the previous evaluation (null before the first, or before the coin was scored). */
  lastFlags: readonly string[] | null;
}

/** An alert added since the previous evaluation, with what its value was when it was added. */
interface Pending {
  alert: IndexedAlert;
  baseline: number | null;
  baselineFlags: readonly string[] | null;
}

/** Which series an alert watches: `p:<currency>`, `c:1h`, `c:24h` or `s` (null for integrity flags). */
function seriesKey(alert: IndexedAlert): string | null {
  switch (alert.kind) {
    case 'price_above':
    case 'price_below':
      return `p:${alert.currency ?? 'usd'}`;
    case 'change_up':
    case 'change_down':
      return `c:${alert.window ?? '24h'}`;
    case 'score_above':
    case 'score_below':
      return 's';
    case 'integrity_flag':
      return null;
  }
}

function sourceOf(alert: IndexedAlert): Source {
  if (alert.kind === 'price_above' || alert.kind === 'price_below') return PRICE;
  if (alert.kind === 'change_up' || alert.kind === 'change_down')
    return alert.window === '1h' ? CHANGE_1H : CHANGE_24H;
  return SCORE;
}

/** A series' value now (NaN while unknown); `price` is the coin's USD price, `rates` per currency slot. */
function valueOf(
  source: Source,
  currency: number,
  coinId: string,
  price: number,
  rates: readonly number[],
  market: AlertMarket,
): number {
  switch (source) {
    case PRICE:
      return price * (rates[currency] ?? Number.NaN);
    case CHANGE_1H:
      return market.change(coinId, '1h') ?? Number.NaN;
    case CHANGE_24H:
      return market.change(coinId, '24h') ?? Number.NaN;
    default:
      return market.score(coinId) ?? Number.NaN;
  }
}

/** A change-down alert waits for the change to fall below −level; every other kind compares with its level. */
function thresholdOf(alert: IndexedAlert): number {
  const level = alert.level ?? 0;
  return alert.kind === 'change_down' ? -level : level;
}

function isAbove(kind: AlertKind): boolean {
  return kind === 'price_above' || kind === 'change_up' || kind === 'score_above';
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
  /** Every currency price alerts use, by slot. */
  private readonly currencies: string[] = [];
  private readonly currencySlots = new Map<string, number>();
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
    for (const coin of this.byCoin.values())
      for (const series of coin.seriesList) {
        series.above.sort((a, b) => a.value - b.value);
        series.below.sort((a, b) => a.value - b.value);
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
    const key = seriesKey(alert);
    if (key === null) {
      coin.flagAlerts.delete(alert);
      return;
    }
    const series = coin.series.get(key);
    if (!series) return;
    const list = isAbove(alert.kind) ? series.above : series.below;
    for (let index = bound(list, thresholdOf(alert), false); index < list.length; index++) {
      if (list[index]!.alert === alert) {
        list.splice(index, 1);
        break;
      }
    }
  }

  /**
   * One evaluation: every alert whose value crossed its level since the previous one (and is not cooling down).
   * The alerts that fire are marked fired at `now`; a `once` alert leaves the index.
   */
  evaluate(market: AlertMarket, now: number): AlertHit[] {
    const hits: AlertHit[] = [];
    const rates = this.rates(market);
    for (const coin of this.coins) {
      const { coinId } = coin;
      const price = market.price(coinId) ?? Number.NaN;
      for (const series of coin.seriesList) {
        const current = valueOf(series.source, series.currency, coinId, price, rates, market);
        const last = series.last;
        series.last = current;
        // NaN compares false: an unknown value on either side is no crossing.
        if (current > last) {
          const list = series.above;
          const end = bound(list, current, false);
          for (let index = bound(list, last, false); index < end; index++)
            this.consider(list[index]!.alert, current, null, now, hits);
        } else if (current < last) {
          const list = series.below;
          const end = bound(list, last, true);
          for (let index = bound(list, current, true); index < end; index++)
            this.consider(list[index]!.alert, current, null, now, hits);
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
        if (baseline !== null && crossed(alert.kind, thresholdOf(alert), baseline, current))
          fired = this.consider(alert, current, null, now, hits);
      }
      if (!(fired && alert.repeat === 'once')) this.place(alert, true, market);
    }
    for (const hit of hits) if (hit.alert.repeat === 'once') this.remove(hit.alert.id);
    return hits;
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

  /** Units per USD of every currency in use, by slot (NaN without a rate). */
  private rates(market: AlertMarket): number[] {
    return this.currencies.map((currency) =>
      currency === 'usd' ? 1 : (market.rate(currency) ?? Number.NaN),
    );
  }

  /** The value an alert watches now (NaN while unknown). */
  private valueNow(alert: IndexedAlert, market: AlertMarket): number {
    const slot = this.currencySlot(alert.currency ?? 'usd');
    const price = market.price(alert.coinId) ?? Number.NaN;
    return valueOf(sourceOf(alert), slot, alert.coinId, price, this.rates(market), market);
  }

  /** Puts an alert into its coin's structures; `sorted` keeps the level lists sorted as it goes. */
  private place(alert: IndexedAlert, sorted: boolean, market?: AlertMarket): void {
    let coin = this.byCoin.get(alert.coinId);
    if (!coin) {
      coin = {
        coinId: alert.coinId,
        series: new Map(),
        seriesList: [],
        flagAlerts: new Set(),
        lastFlags: null,
      };
      this.byCoin.set(alert.coinId, coin);
      this.coins.push(coin);
    }
    const key = seriesKey(alert);
    if (key === null) {
      if (coin.flagAlerts.size === 0 && market) coin.lastFlags = market.flags(alert.coinId);
      coin.flagAlerts.add(alert);
      return;
    }
    let series = coin.series.get(key);
    if (!series) {
      series = {
        source: sourceOf(alert),
        currency: this.currencySlot(alert.currency ?? 'usd'),
        above: [],
        below: [],
        last: market ? this.valueNow(alert, market) : Number.NaN,
      };
      coin.series.set(key, series);
      coin.seriesList.push(series);
    }
    const list = isAbove(alert.kind) ? series.above : series.below;
    const threshold = { value: thresholdOf(alert), alert };
    if (sorted) list.splice(bound(list, threshold.value, true), 0, threshold);
    else list.push(threshold);
  }
}

/** A flag in `now` that `before` did not have (a coin carries at most a handful). */
function newFlag(before: readonly string[], now: readonly string[]): string | undefined {
  return now.find((flag) => !before.includes(flag));
}

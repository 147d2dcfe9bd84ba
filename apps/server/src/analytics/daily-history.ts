import type { Candle } from '@coinlens/market-model';
import { CandleSeries } from './candle-series.js';
import type { DatedPrice } from './coin-metrics.js';

const DAY_MS = 86_400_000;
/** Days of daily candles kept whole: the BTC correlation reads 31, the volume ratio 6. */
export const RECENT_DAYS = 40;

/** The highest high and lowest low of a history, each with the open time of its candle. */
export interface Extremes {
  high: DatedPrice;
  low: DatedPrice;
}

/**
 * A coin's daily history as the metrics read it: the last `RECENT_DAYS` days whole, by column, and of the days
 * before only what the all-time figures need — the first candle's time and open, and the extremes. Years of daily
 * candles per coin were ~28 MB resident in the default universe and were read for nothing else; the charts read
 * the stored candles. Candles older than the window are final, so folding them in once loses nothing; a revised
 * old candle can only widen the extremes.
 */
export class DailyHistory {
  readonly recent = new CandleSeries();
  private first: { time: number; open: number } | null = null;
  private olderExtremes: Extremes | null = null;
  private folded = 0;
  private memo: { recentVersion: number; folded: number; value: Extremes | null } | null = null;

  static of(candles: readonly Candle[], now: number): DailyHistory {
    const history = new DailyHistory();
    history.merge(candles, now);
    return history;
  }

  /** Upserts candles (as `CandleSeries.merge`), then folds those that opened before the window into the summary. */
  merge(candles: readonly Candle[], now: number): void {
    this.recent.merge(candles);
    const cut = now - RECENT_DAYS * DAY_MS;
    const end = this.recent.firstAtOrAfter(cut);
    if (end === 0) return;
    for (let index = 0; index < end; index++)
      this.fold(
        this.recent.time(index),
        this.recent.open(index),
        this.recent.high(index),
        this.recent.low(index),
      );
    this.recent.dropBefore(cut);
    this.recent.shrinkToFit();
    this.folded++;
  }

  /** The first daily candle's open time and open price; null without any. */
  get firstDay(): { time: number; open: number } | null {
    if (this.first) return this.first;
    return this.recent.length > 0 ? { time: this.recent.time(0), open: this.recent.open(0) } : null;
  }

  /** The extremes of every candle merged (the earlier candle wins a tie); null without any. */
  extremes(): Extremes | null {
    const memo = this.memo;
    if (memo && memo.recentVersion === this.recent.version && memo.folded === this.folded) return memo.value;
    let value = this.olderExtremes ? { high: this.olderExtremes.high, low: this.olderExtremes.low } : null;
    for (let index = 0; index < this.recent.length; index++)
      value = widened(value, this.recent.time(index), this.recent.high(index), this.recent.low(index));
    this.memo = { recentVersion: this.recent.version, folded: this.folded, value };
    return value;
  }

  private fold(time: number, open: number, high: number, low: number): void {
    if (!this.first || time <= this.first.time) this.first = { time, open };
    this.olderExtremes = widened(this.olderExtremes, time, high, low);
  }
}

/** `extremes` with one more candle (changed in place; the earlier candle wins a tie), or the candle's own. */
function widened(extremes: Extremes | null, time: number, high: number, low: number): Extremes {
  if (!extremes) return { high: { price: high, at: time }, low: { price: low, at: time } };
  if (high > extremes.high.price || (high === extremes.high.price && time < extremes.high.at))
    extremes.high = { price: high, at: time };
  if (low < extremes.low.price || (low === extremes.low.price && time < extremes.low.at))
    extremes.low = { price: low, at: time };
  return extremes;
}

import type { VenueTicker } from '../market-data/market-model.js';
import type { VenueQuote } from './market-snapshot.js';
import { venueKey } from './reference-price.js';

interface Slot {
  readonly exchangeId: string;
  readonly base: string;
  readonly quote: string;
  readonly kept: VenueQuote;
  /** The tick that last wrote `kept`. */
  tick: number;
}

/**
 * One coin's lasting venue quotes, one per pair, overwritten with each tick's numbers. The provider's fresh
 * tickers then die within the tick instead of living until the next one, which would have them promoted to V8's
 * old generation (~20,000 a second). A steady feed sends a coin's pairs in the same order every tick, so a pair's
 * quote is found by its position (three string comparisons); only a changed order is looked up by key.
 */
export class VenueQuoteSlots {
  private readonly byPosition: Slot[] = [];
  private readonly byKey = new Map<string, Slot>();

  /** The kept quote of the ticker at `position` in this tick's group, now holding the ticker's numbers. */
  take(position: number, ticker: VenueTicker, tick: number): VenueQuote {
    let slot = this.byPosition[position];
    if (
      slot === undefined ||
      slot.exchangeId !== ticker.exchangeId ||
      slot.base !== ticker.base ||
      slot.quote !== ticker.quote
    ) {
      slot = this.lookUp(ticker, tick);
      this.byPosition[position] = slot;
    } else if (slot.tick === tick) {
      // The same pair twice in one tick: the second gets a quote of its own.
      return { ticker: copyTicker(ticker), excluded: false };
    }
    slot.tick = tick;
    overwriteNumbers(slot.kept.ticker, ticker);
    slot.kept.excluded = false;
    return slot.kept;
  }

  private lookUp(ticker: VenueTicker, tick: number): Slot {
    const key = venueKey(ticker);
    const found = this.byKey.get(key);
    if (found && found.tick === tick) {
      // Already written this tick at another position: keep that one, hand this duplicate a fresh copy.
      return { ...found, kept: { ticker: copyTicker(ticker), excluded: false }, tick: Number.NaN };
    }
    if (found) return found;
    const slot: Slot = {
      exchangeId: ticker.exchangeId,
      base: ticker.base,
      quote: ticker.quote,
      kept: { ticker: copyTicker(ticker), excluded: false },
      tick: Number.NaN,
    };
    this.byKey.set(key, slot);
    return slot;
  }
}

/**
 * One literal shape for every kept ticker, its numbers stored in place when overwritten. A spread copy would
 * take the provider's shape with most fields out of line (and `Object.assign` takes the generic path).
 */
function copyTicker(source: VenueTicker): VenueTicker {
  return {
    exchangeId: source.exchangeId,
    coinId: source.coinId,
    base: source.base,
    quote: source.quote,
    last: source.last,
    lastUsd: source.lastUsd,
    bidUsd: source.bidUsd,
    askUsd: source.askUsd,
    volumeBase24h: source.volumeBase24h,
    volumeUsd24h: source.volumeUsd24h,
    timestamp: source.timestamp,
  };
}

/**
 * The numbers only: the slot was found by the pair's names, and the coin is the slots' own. Writing a string into
 * a kept (old-generation) object costs a write barrier; a number is stored in place.
 */
function overwriteNumbers(target: VenueTicker, source: VenueTicker): void {
  target.last = source.last;
  target.lastUsd = source.lastUsd;
  target.bidUsd = source.bidUsd;
  target.askUsd = source.askUsd;
  target.volumeBase24h = source.volumeBase24h;
  target.volumeUsd24h = source.volumeUsd24h;
  target.timestamp = source.timestamp;
}

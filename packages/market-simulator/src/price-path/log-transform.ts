/**
 * Raw deviation → log USD price: around the coin's anchor price, squashed by tanh for pegged coins (within
 * ±0.28 % of the peg), EUR pegs following the simulated EUR rate, then through the authored history's pins.
 */
import type { FiatRates } from '../fiat-currencies.js';
import type { PathCoin } from './path-coin.js';
import { ANCHOR_TIME, DAY_MS } from './time-units.js';

export class LogTransform {
  constructor(private readonly fiat: FiatRates) {}

  /** Raw deviation → log USD price before the authored history's pins. */
  unpinnedLog(coin: PathCoin, raw: number, time: number): number {
    const squashed = coin.clamp === null ? raw : coin.clamp * Math.tanh(raw / coin.clamp);
    return coin.logAnchor + squashed + (coin.eurPegged ? this.eurLog(time) : 0);
  }

  /** Raw deviation → final log USD price, without the pump overlay. */
  transform(coin: PathCoin, raw: number, time: number): number {
    const unpinned = this.unpinnedLog(coin, raw, time);
    return coin.pins ? coin.pins.apply(unpinned, time) : unpinned;
  }

  /** Upper/lower transform of a raw extreme over [from, to]: the peg drift is bounded by its endpoints. */
  transformExtreme(coin: PathCoin, raw: number, from: number, to: number, upper: boolean): number {
    const squashed = coin.clamp === null ? raw : coin.clamp * Math.tanh(raw / coin.clamp);
    let peg = 0;
    if (coin.eurPegged)
      peg = upper
        ? Math.max(this.eurLog(from), this.eurLog(to))
        : Math.min(this.eurLog(from), this.eurLog(to));
    const unpinned = coin.logAnchor + squashed + peg;
    return coin.pins ? coin.pins.applyExtreme(unpinned, from, to, upper) : unpinned;
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
}

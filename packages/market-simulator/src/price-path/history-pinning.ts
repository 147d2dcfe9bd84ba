/**
 * Ties the authored histories to the path: a coin with one (and no peg, pump or underlying of its own) gets
 * HistoryPins measured against its unpinned path at hour boundaries, and its history starts at the listing.
 */
import { HistoryPins } from './history-pins.js';
import type { HourUnits } from './hour-units.js';
import type { LogTransform } from './log-transform.js';
import type { PathCoin } from './path-coin.js';
import { ANCHOR_TIME, DAY_MS, HOUR_MS } from './time-units.js';
import { allocateHourUnit } from './units.js';

export function pinAuthoredHistories(
  coins: Iterable<PathCoin>,
  hours: HourUnits,
  transform: LogTransform,
): void {
  const scratch = allocateHourUnit();
  /** The unpinned log price at an hour boundary (what the authored pins are measured against). */
  const unpinnedAtHour = (coin: PathCoin, time: number): number => {
    const day = Math.floor(time / DAY_MS);
    const hour = Math.round((time - day * DAY_MS) / HOUR_MS);
    hours.fillRawHours(coin, day, scratch);
    return transform.unpinnedLog(coin, scratch.rawPoints[hour]!, time);
  };
  for (const coin of coins) {
    const history = coin.facts.history;
    if (history && coin.clamp === null && !coin.pumped && coin.underlying === null) {
      const pins = new HistoryPins(history, { time: ANCHOR_TIME, log: coin.logAnchor }, (time) =>
        unpinnedAtHour(coin, time),
      );
      coin.pins = pins;
      coin.launchTime = pins.listedAt;
    }
  }
}

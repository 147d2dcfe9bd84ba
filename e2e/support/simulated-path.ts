import { SimulatorProvider } from '@coinlens/market-simulator';

/** The simulator's seed when SIM_SEED is unset, as the apps the browser tests start run it. */
const DEFAULT_SIM_SEED = 20_261_122;
/** How finely the path is read: the server ticks once a second, at no particular millisecond. */
const STEP_MS = 250;
/**
 * How far (relative) the path stays clear of the level on either side: the level sits 2 × this beyond every price
 * of the quiet time, and the path goes this far past it later, so a price between two readings decides nothing.
 * The app's price is the venues' reference price, not the path itself: measured 1.1 bp apart at most (2026-11-30),
 * so 1 bp let a crossing the path made be one the app never showed (a CI failure). 2 bp is clear of it; 5 bp asked
 * for a 15 bp move, which these six coins' paths did not make within 90 s from 88 of 359 starts over six hours
 * (2 bp: none of 359).
 */
const MIN_MARGIN = 0.0002;

export interface PredictedCrossing {
  coinId: string;
  kind: 'price_above' | 'price_below';
  /** Six significant digits, as a user would type it. */
  level: number;
  /** When the path is first past the level by MIN_MARGIN (epoch ms). */
  crossesAt: number;
}

/** USD prices of `coinIds` on the simulator's path at each of `times`, by coin. */
async function pathPrices(
  coinIds: readonly string[],
  times: readonly number[],
): Promise<Map<string, number[]>> {
  let at = 0;
  const simulator = new SimulatorProvider({ seed: DEFAULT_SIM_SEED, now: () => at });
  const prices = new Map(coinIds.map((id) => [id, [] as number[]]));
  const signal = new AbortController().signal;
  for (const time of times) {
    at = time;
    for (const quote of await simulator.getQuotes(coinIds, signal))
      prices.get(quote.coinId)!.push(quote.priceUsd);
  }
  return prices;
}

/**
 * A price alert the simulated market is certain to cross, read from the simulator's own path (a function of the
 * seed and the clock): its level stays clear of every price until `quietMs` from now — time to create the alert
 * and for one evaluation to take its baseline — and the path passes it before `horizonMs`. Of the coins and
 * directions given, the one crossed soonest; null when none is (the caller fails).
 */
export async function predictCrossing(
  coinIds: readonly string[],
  { quietMs, horizonMs }: { quietMs: number; horizonMs: number },
): Promise<PredictedCrossing | null> {
  const start = Date.now();
  const times = Array.from({ length: Math.ceil(horizonMs / STEP_MS) + 1 }, (_, i) => start + i * STEP_MS);
  const quietSteps = Math.ceil(quietMs / STEP_MS);
  let best: PredictedCrossing | null = null;
  for (const [coinId, prices] of await pathPrices(coinIds, times)) {
    const quiet = prices.slice(0, quietSteps + 1);
    const later = prices.slice(quietSteps + 1);
    for (const kind of ['price_above', 'price_below'] as const) {
      const up = kind === 'price_above';
      const edge = up ? Math.max(...quiet) : Math.min(...quiet);
      const level = Number((edge * (up ? 1 + 2 * MIN_MARGIN : 1 - 2 * MIN_MARGIN)).toPrecision(6));
      const clear = (price: number) =>
        up ? price > level * (1 + MIN_MARGIN) : price < level * (1 - MIN_MARGIN);
      const crossing = later.findIndex(clear);
      if (crossing < 0) continue;
      const crossesAt = times[quietSteps + 1 + crossing]!;
      if (best && crossesAt >= best.crossesAt) continue;
      best = { coinId, kind, level, crossesAt };
    }
  }
  return best;
}

/** The simulator's USD price of `coinId` now, to check that the app serves the same path the prediction read. */
export async function pathPriceNow(coinId: string): Promise<number> {
  const now = Date.now();
  return (await pathPrices([coinId], [now])).get(coinId)![0]!;
}

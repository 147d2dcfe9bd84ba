/** Each coin's path parameters and random streams, derived once from its catalogue facts. */
import type { CoinFacts } from '../catalog/catalog-schema.js';
import { normalAt, streamKey } from '../random.js';
import type { PumpSchedule } from '../scenarios.js';
import type { HistoryPins } from './history-pins.js';

const STABLE_CLAMP = 0.0028;
const ORDINARY_KAPPA = Math.LN2 / 365;
const STABLE_KAPPA = Math.LN2 / 2;

/** Annualised volatility of a tracking token's basis against its underlying. */
const TRACKING_VOLATILITY = 0.02;
const TRACKING_UNDERLYINGS: readonly [RegExp, string][] = [
  [/BTC/i, 'bitcoin'],
  [/ETH/i, 'ethereum'],
  [/SOL/i, 'solana'],
];
/** Tokens whose underlying is not visible in their symbol. */
const TRACKING_OVERRIDES: Readonly<Record<string, string>> = { 'tether-gold': 'pax-gold' };

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
  /** The authored history the path is pinned to (the coin's `history` in the catalogue), if any. */
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

/** Every coin of the catalogue by id, in catalogue order, tracking tokens linked to their underlying. */
export function createPathCoins(
  seed: number,
  catalogue: readonly CoinFacts[],
  pumps: PumpSchedule,
): Map<string, PathCoin> {
  const coins = new Map<string, PathCoin>();
  const byId = new Map(catalogue.map((facts) => [facts.id, facts]));
  catalogue.forEach((facts, index) => {
    const key = (label: string) => streamKey(seed, 'coin', facts.id, label);
    const tracks = trackedCoin(facts, byId) !== null;
    const stable = facts.stablecoin === true || tracks;
    const beta = Math.min(1, Math.max(0, facts.btcBeta));
    const dailyNoise = Math.exp(0.35 * normalAt(key('turnover'), 0) - 0.06);
    coins.set(facts.id, {
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
  for (const coin of coins.values()) {
    const underlying = trackedCoin(coin.facts, byId);
    coin.underlying = underlying === null ? null : (coins.get(underlying.id) ?? null);
  }
  return coins;
}

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

function launchTime(issueDate: string): number {
  const parsed = Date.parse(`${issueDate}T00:00:00Z`);
  return Number.isFinite(parsed) ? parsed : Number.NEGATIVE_INFINITY;
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

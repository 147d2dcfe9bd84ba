/**
 * Manipulation scenarios: which venues wash-trade, spoof depth, inflate reported volume or feed an outlier
 * price, which coins buy followers, and when pump-and-dump episodes run. The built-in scenarios give every
 * venue behaviour to one of four clearly fictional venues (see `fictional-venues.ts`), never to a real
 * exchange; the coins picked for bought followers and pumps are small caps chosen by size only — that is no
 * claim about the real projects. The scenario is part of the simulator's determinism.
 */

export const SCENARIO_NAMES = ['honest', 'realistic', 'adversarial'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export interface PumpAndDumpEpisode {
  coinId: string;
  /** Start of the first episode, epoch ms. */
  start: number;
  /** Whole episode: the rise takes about half (at most two hours), the collapse the rest. */
  durationMs: number;
  /** Peak rise as a fraction: 0.8 = +80 %. */
  magnitude: number;
  /** When set, the episode recurs every `everyMs` from `start` on (e.g. daily at a fixed hour). */
  everyMs?: number;
}

export interface ScenarioConfig {
  /** Venues whose tape is mostly self-trades: paired buy/sell prints of machine-like sizes. */
  washTradingVenues: string[];
  /** Venues whose books show large flickering walls a few percent from mid. */
  spoofingVenues: string[];
  /** Venues whose tickers report `factor` × their real 24h volume (the tape stays honest). */
  inflatedVolume: { exchangeId: string; factor: number }[];
  /** One pair per entry whose feed reports `factor` × the market price. */
  outlierVenues: { exchangeId: string; coinId: string; factor: number }[];
  /** Coins whose X and Telegram followers jump (bought) while engagement does not follow. */
  boughtFollowerCoins: string[];
  pumpAndDump: PumpAndDumpEpisode[];
  /** Wash volume as a multiple of the venue's real volume (default 25, the Le Pennec et al. 25–50× band). */
  washFactor?: number;
  /**
   * An adaptive (white-box) wash trader: pair sizes drawn like honest sizes — log-normal, Benford-conforming, with
   * round-number clustering — instead of machine-like ones. The prints still come in self-trade pairs.
   */
  washMimicry?: boolean;
  /** Spoof wall size as a multiple of an ordinary level (default 25). */
  spoofWallFactor?: number;
  /** When the bought followers arrive (epoch ms; default `FOLLOWER_PURCHASE_AT`). */
  followerPurchaseAt?: number;
  /** Bought followers as a multiple of the organic ones (default 2). */
  boughtFollowerMultiple?: number;
}

/** The fictional venues' ids (defined in `fictional-venues.ts`). */
export const WASH_VENUE = 'quillmarsh';
export const SPOOF_VENUE = 'fernvale-pro';
export const INFLATED_VENUE = 'orbisfen';
export const OUTLIER_VENUE = 'tallowmere';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Default arrival of bought followers: a month before the price anchor, so it is visible in current data. */
export const FOLLOWER_PURCHASE_AT = Date.UTC(2026, 9, 1);
/** Recurring pump-and-dump episodes start a year before the anchor, at 14:00 UTC every day. */
const PUMP_SERIES_START = Date.UTC(2025, 10, 1, 14);

const HONEST: ScenarioConfig = {
  washTradingVenues: [],
  spoofingVenues: [],
  inflatedVolume: [],
  outlierVenues: [],
  boughtFollowerCoins: [],
  pumpAndDump: [],
};

const REALISTIC: ScenarioConfig = {
  washTradingVenues: [WASH_VENUE],
  spoofingVenues: [SPOOF_VENUE],
  inflatedVolume: [{ exchangeId: INFLATED_VENUE, factor: 12 }],
  outlierVenues: [{ exchangeId: OUTLIER_VENUE, coinId: 'solana', factor: 1.08 }],
  boughtFollowerCoins: ['notcoin', 'turbo'],
  pumpAndDump: [
    { coinId: 'mobox', start: PUMP_SERIES_START, durationMs: 3 * HOUR_MS, magnitude: 0.8, everyMs: DAY_MS },
  ],
};

const ADVERSARIAL: ScenarioConfig = {
  washTradingVenues: [WASH_VENUE, OUTLIER_VENUE],
  spoofingVenues: [SPOOF_VENUE, INFLATED_VENUE],
  inflatedVolume: [
    { exchangeId: INFLATED_VENUE, factor: 40 },
    { exchangeId: SPOOF_VENUE, factor: 8 },
  ],
  outlierVenues: [
    { exchangeId: OUTLIER_VENUE, coinId: 'solana', factor: 1.08 },
    { exchangeId: OUTLIER_VENUE, coinId: 'dogecoin', factor: 1.25 },
    { exchangeId: WASH_VENUE, coinId: 'ethereum', factor: 0.92 },
  ],
  boughtFollowerCoins: ['notcoin', 'turbo', 'mog-coin', 'popcat', 'dogelon-mars', 'hamster-kombat'],
  pumpAndDump: [
    { coinId: 'mobox', start: PUMP_SERIES_START, durationMs: 3 * HOUR_MS, magnitude: 1.5, everyMs: DAY_MS },
    {
      coinId: 'alien-worlds',
      start: PUMP_SERIES_START + 6 * HOUR_MS,
      durationMs: 2 * HOUR_MS,
      magnitude: 1.2,
      everyMs: DAY_MS,
    },
    {
      coinId: 'bitcoin-gold',
      start: PUMP_SERIES_START - 5 * HOUR_MS,
      durationMs: 4 * HOUR_MS,
      magnitude: 1,
      everyMs: 2 * DAY_MS,
    },
  ],
  washFactor: 50,
  spoofWallFactor: 40,
  boughtFollowerMultiple: 4,
};

export const SCENARIOS: Readonly<Record<ScenarioName, ScenarioConfig>> = {
  honest: HONEST,
  realistic: REALISTIC,
  adversarial: ADVERSARIAL,
};

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIO_NAMES as readonly string[]).includes(value);
}

/** The scenario's config, defaulting to 'realistic'. A config object is used as given (copied). */
export function resolveScenario(scenario: ScenarioName | ScenarioConfig | undefined): ScenarioConfig {
  const config =
    scenario === undefined ? REALISTIC : typeof scenario === 'string' ? SCENARIOS[scenario] : scenario;
  return structuredClone(config);
}

/** Every venue id a scenario gives a behaviour to. */
export function scenarioVenueIds(config: ScenarioConfig): Set<string> {
  return new Set([
    ...config.washTradingVenues,
    ...config.spoofingVenues,
    ...config.inflatedVolume.map((entry) => entry.exchangeId),
    ...config.outlierVenues.map((entry) => entry.exchangeId),
  ]);
}

/** Every coin id a scenario names. */
export function scenarioCoinIds(config: ScenarioConfig): Set<string> {
  return new Set([
    ...config.outlierVenues.map((entry) => entry.coinId),
    ...config.boughtFollowerCoins,
    ...config.pumpAndDump.map((entry) => entry.coinId),
  ]);
}

export interface PumpOccurrence {
  start: number;
  riseMs: number;
  durationMs: number;
  magnitude: number;
}

/** Episode occurrences per coin, with fast lookup of the ones overlapping a time range. */
export class PumpSchedule {
  private readonly byCoin = new Map<string, PumpAndDumpEpisode[]>();

  constructor(episodes: readonly PumpAndDumpEpisode[]) {
    for (const episode of episodes) {
      if (!(episode.durationMs > 0) || !(episode.magnitude > -1)) continue;
      const list = this.byCoin.get(episode.coinId) ?? [];
      list.push(episode);
      this.byCoin.set(episode.coinId, list);
    }
  }

  has(coinId: string): boolean {
    return this.byCoin.has(coinId);
  }

  /** Occurrences of `coinId`'s episodes that overlap [from, to). */
  overlapping(coinId: string, from: number, to: number): PumpOccurrence[] {
    const episodes = this.byCoin.get(coinId);
    if (!episodes) return [];
    const found: PumpOccurrence[] = [];
    for (const episode of episodes) {
      const riseMs = Math.min(2 * HOUR_MS, episode.durationMs / 2);
      const occurrence = (start: number): PumpOccurrence => ({
        start,
        riseMs,
        durationMs: episode.durationMs,
        magnitude: episode.magnitude,
      });
      if (episode.everyMs === undefined || !(episode.everyMs > 0)) {
        if (episode.start < to && episode.start + episode.durationMs > from)
          found.push(occurrence(episode.start));
        continue;
      }
      const first = Math.max(0, Math.floor((from - episode.durationMs - episode.start) / episode.everyMs));
      for (let index = first; ; index += 1) {
        const start = episode.start + index * episode.everyMs;
        if (start >= to) break;
        if (start + episode.durationMs > from) found.push(occurrence(start));
      }
    }
    return found;
  }

  /** Log-price overlay at `time`: log(1 + magnitude × shape), rising convexly, then collapsing. */
  logOverlay(coinId: string, time: number): number {
    let total = 0;
    for (const occurrence of this.overlapping(coinId, time, time + 1))
      total += Math.log1p(occurrence.magnitude * pumpShape(occurrence, time));
    return total;
  }

  /** Max and min of the overlay over [from, to] (each episode is unimodal: rise, then collapse). */
  logOverlayBounds(coinId: string, from: number, to: number): { max: number; min: number } {
    const occurrences = this.overlapping(coinId, from, to + 1);
    if (occurrences.length === 0) return { max: 0, min: 0 };
    const atFrom = this.logOverlay(coinId, from);
    const atTo = this.logOverlay(coinId, to);
    let max = Math.max(atFrom, atTo);
    for (const occurrence of occurrences) {
      const peak = occurrence.start + occurrence.riseMs;
      if (peak >= from && peak <= to) max = Math.max(max, this.logOverlay(coinId, peak));
    }
    return { max, min: Math.min(atFrom, atTo) };
  }

  /** Volume multiplier at `time`: heavy buying into the rise, heavier selling through the collapse. */
  volumeMultiplier(coinId: string, time: number): number {
    let multiplier = 1;
    for (const occurrence of this.overlapping(coinId, time, time + 1)) {
      const elapsed = time - occurrence.start;
      const intensity =
        elapsed < occurrence.riseMs
          ? 0.3 + 0.7 * (elapsed / occurrence.riseMs)
          : Math.pow(1 - (elapsed - occurrence.riseMs) / (occurrence.durationMs - occurrence.riseMs), 1.5);
      multiplier += 12 * Math.max(0.3, occurrence.magnitude) * intensity;
    }
    return multiplier;
  }

  /** Mean volume multiplier over [from, to) (12-point midpoint rule; exact enough for hour buckets). */
  meanVolumeMultiplier(coinId: string, from: number, to: number): number {
    if (this.overlapping(coinId, from, to).length === 0) return 1;
    const steps = 12;
    let sum = 0;
    for (let step = 0; step < steps; step += 1)
      sum += this.volumeMultiplier(coinId, from + ((step + 0.5) / steps) * (to - from));
    return sum / steps;
  }

  /** Rise phase of an episode in progress: buyers dominate (used for trade sides). */
  phase(coinId: string, time: number): 'rise' | 'collapse' | null {
    for (const occurrence of this.overlapping(coinId, time, time + 1)) {
      return time - occurrence.start < occurrence.riseMs ? 'rise' : 'collapse';
    }
    return null;
  }
}

/** 0 → 1 over the rise (accelerating), 1 → 0 over the collapse (fast at first). */
function pumpShape(occurrence: PumpOccurrence, time: number): number {
  const elapsed = time - occurrence.start;
  if (elapsed <= 0 || elapsed >= occurrence.durationMs) return 0;
  if (elapsed < occurrence.riseMs) {
    const x = elapsed / occurrence.riseMs;
    return x * x;
  }
  const x = (elapsed - occurrence.riseMs) / (occurrence.durationMs - occurrence.riseMs);
  return Math.pow(1 - x, 3);
}

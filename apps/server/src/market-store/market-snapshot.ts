import type { CertificationState, ExchangeScoreFactor } from '@coinlens/contract';

import type { CoinMetrics } from '../analytics/coin-metrics.js';
import type { ScoreHistory } from './hourly-score-readings.js';
import type {
  CoinProfile,
  CurrencyRate,
  ExchangeProfile,
  DeveloperSnapshot,
  OnChainSnapshot,
  SocialSnapshot,
  VenueTicker,
} from '@coinlens/market-model';
import type { CoinCoverage, CoinScore, ExchangeScore, FactorSource, ScoreMovement } from '@coinlens/score';

export interface VenueQuote {
  ticker: VenueTicker;
  /** Outside the k·MAD band: shown, but not part of the reference price or the volumes. */
  readonly excluded: boolean;
}

/** A coin's score as served: smoothed value, rank among scored coins, the computation behind it. */
export interface CoinScoreState {
  /** 0–100, smoothed over time. */
  value: number;
  /** 1-based, with rank hysteresis. */
  rank: number;
  detail: CoinScore;
  /** Since the reading about a day earlier; null until one exists. */
  movement: ScoreMovement | null;
  movementSince: number | null;
  /** Smoothed value once an hour, oldest first (at most 30 days). */
  history: ScoreHistory;
  asOf: number;
}

/** An exchange's score as served. */
export interface ExchangeScoreState {
  value: number;
  integrity: number;
  /** The integrity features that drove a penalty. */
  integrityFlags: string[];
  /** Per factor, where its data came from; null when the venue had none (integrity then defaults to 1). */
  coverage: Readonly<Record<ExchangeScoreFactor, FactorSource | null>>;
  verifiedAmount24h: number;
  detail: ExchangeScore;
  asOf: number;
}

export interface CoinState {
  profile: CoinProfile;
  /** Rank by circulating market cap, 1-based. */
  rank: number;
  price: number | null;
  /** When the price was last computed from fresh source data. */
  asOf: number;
  /** Fewer healthy venues than the quorum. */
  degraded: boolean;
  venues: VenueQuote[];
  metrics: CoinMetrics | null;
  marketShare: number | null;
  certification: CertificationState;
  listedAt: number | null;
  social: SocialSnapshot | null;
  onChain: OnChainSnapshot | null;
  developer: DeveloperSnapshot | null;
  score: CoinScoreState | null;
  /** What the last score run had for each factor, with sources; null before the first run. */
  coverage: CoinCoverage | null;
}

export interface ExchangeState {
  profile: ExchangeProfile;
  exRank: number;
  pairCount: number;
  coinCount: number;
  /** Reported 24 h turnover of every pair, USD. */
  amount24h: number;
  /** Turnover of the pairs inside the outlier band, USD. */
  healthyAmount24h: number;
  asOf: number;
  score: ExchangeScoreState | null;
}

export interface GlobalState {
  totalMarketCap: number;
  totalMarketCap24hAgo: number;
  totalVolume24h: number;
  btcDominance: number;
  ethDominance: number;
  rising: number;
  falling: number;
  unchanged: number;
}

/** A coin known by its profile, before any tick or score. */
export function emptyCoinState(profile: CoinProfile): CoinState {
  return {
    profile,
    rank: 0,
    price: null,
    asOf: 0,
    degraded: false,
    venues: [],
    metrics: null,
    marketShare: null,
    certification: 'unauthenticated',
    listedAt: null,
    social: null,
    onChain: null,
    developer: null,
    score: null,
    coverage: null,
  };
}

/** An exchange known by its profile, before any tick or score. */
export function emptyExchangeState(profile: ExchangeProfile, asOf: number): ExchangeState {
  return {
    profile,
    exRank: 0,
    pairCount: 0,
    coinCount: 0,
    amount24h: 0,
    healthyAmount24h: 0,
    asOf,
    score: null,
  };
}

/**
 * The current market, in memory: written by ingest on every tick, read by every list and detail call, so the
 * hot paths never touch SQL. Values carry `asOf`; `isStale` says the source has been silent past its heartbeat.
 */
export class MarketSnapshot {
  readonly coins = new Map<string, CoinState>();
  readonly exchanges = new Map<string, ExchangeState>();
  readonly rates = new Map<string, CurrencyRate>();
  global: GlobalState = {
    totalMarketCap: 0,
    totalMarketCap24hAgo: 0,
    totalVolume24h: 0,
    btcDominance: 0,
    ethDominance: 0,
    rising: 0,
    falling: 0,
    unchanged: 0,
  };
  /** Coins in rank order, rebuilt on every tick. */
  ranked: CoinState[] = [];
  exchangesRanked: ExchangeState[] = [];
  lastTickAt = 0;
  ratesAsOf = 0;
  /** Increments on every tick, so readers can cache per version. */
  version = 0;
  /** Increments whenever coin and exchange profiles are (re)loaded: the universe's version, for name indexes. */
  profilesVersion = 0;

  constructor(private readonly heartbeatMs: number) {}

  isStale(now: number): boolean {
    return this.lastTickAt === 0 || now - this.lastTickAt > this.heartbeatMs;
  }

  coinBySymbolOrId(idOrSymbol: string): CoinState | undefined {
    return (
      this.coins.get(idOrSymbol) ??
      this.ranked.find((coin) => coin.profile.symbol.toLowerCase() === idOrSymbol.toLowerCase())
    );
  }
}

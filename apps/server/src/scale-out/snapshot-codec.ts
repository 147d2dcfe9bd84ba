import type { CurrencyRate, TickerTrust, VenueTicker } from '@coinlens/market-model';

import { ScoreHistory, SCORE_HISTORY_HOURS } from '../market-store/hourly-score-readings.js';
import type {
  CoinScoreState,
  CoinState,
  ExchangeState,
  GlobalState,
  MarketSnapshot,
  VenueQuote,
} from '../market-store/market-snapshot.js';

/**
 * The market snapshot as the ingest leader sends it to the other instances. Every message is complete for the
 * figures a tick rewrites (prices, metrics, ranks, exchange turnover, global figures, rates); the rest (profiles,
 * signals, scores, coverage, venues) is sent only when it was replaced since the previous message, which the
 * encoder sees by object identity: ingest replaces those objects, it never edits them in place.
 */
export interface SnapshotMessage {
  /** Whether it carries everything (a joining or resynchronising instance starts from one of these). */
  full: boolean;
  /** Whether something other than venues was replaced since the previous message (then the full copy is kept too). */
  slowChanged: boolean;
  version: number;
  profilesVersion: number;
  lastTickAt: number;
  ratesAsOf: number;
  warmedUp: boolean;
  historyStored: boolean;
  global: GlobalState;
  /** By lower-case currency code. */
  rates: [code: string, rate: CurrencyRate][];
  /** Coin ids in rank order; exchange ids in ExRank order. */
  ranked: string[];
  exchangesRanked: string[];
  coins: EncodedCoin[];
  exchanges: EncodedExchange[];
}

type TickFields = Pick<
  CoinState,
  'rank' | 'price' | 'asOf' | 'degraded' | 'metrics' | 'marketShare' | 'certification' | 'listedAt'
>;

interface EncodedCoin extends TickFields {
  id: string;
  profile?: CoinState['profile'];
  social?: CoinState['social'];
  onChain?: CoinState['onChain'];
  developer?: CoinState['developer'];
  coverage?: CoinState['coverage'];
  score?: EncodedScore | null;
  venues?: EncodedVenue[];
}

type EncodedScore = Omit<CoinScoreState, 'history'> & { history: [time: number, score: number][] };

/** A venue quote as one array: far smaller than the object, and read back in one pass. */
type EncodedVenue = [
  exchangeId: string,
  base: string,
  quote: string,
  last: number,
  lastUsd: number,
  bidUsd: number | null,
  askUsd: number | null,
  volumeBase24h: number,
  volumeUsd24h: number,
  timestamp: number,
  spreadPercent: number | null,
  depthUsd2pctUp: number | null,
  depthUsd2pctDown: number | null,
  trust: TickerTrust | null,
  excluded: 0 | 1,
];

interface EncodedExchange extends Pick<
  ExchangeState,
  'exRank' | 'pairCount' | 'coinCount' | 'amount24h' | 'healthyAmount24h' | 'asOf'
> {
  id: string;
  profile?: ExchangeState['profile'];
  score?: ExchangeState['score'];
}

/** What the previous message held, by identity, so the next one sends only what ingest replaced. */
export class SentObjects {
  private readonly sent = new WeakSet<object>();

  /** True when `value` is an object not sent before (null and undefined count as sent once seen as such). */
  changed(value: object | null, key: string, nulls: Set<string>): boolean {
    if (value === null) {
      if (nulls.has(key)) return false;
      nulls.add(key);
      return true;
    }
    nulls.delete(key);
    return !this.sent.has(value);
  }

  remember(value: object | null): void {
    if (value !== null) this.sent.add(value);
  }
}

/** Encodes the snapshot for the other instances; keeps what it sent so the next delta is small. */
export class SnapshotEncoder {
  private sent = new SentObjects();
  private readonly nulls = new Set<string>();

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly readiness: () => { warmedUp: boolean; historyStored: boolean },
  ) {}

  /** The next message: everything when `full`, else the tick figures plus what was replaced since the last. */
  encode(full: boolean): SnapshotMessage {
    if (full) {
      this.sent = new SentObjects();
      this.nulls.clear();
    }
    let slowChanged = false;
    const slow = <T extends object | null>(value: T, key: string): T | undefined => {
      if (!this.sent.changed(value, key, this.nulls)) return undefined;
      this.sent.remember(value);
      slowChanged = true;
      return value;
    };
    const coins = [...this.snapshot.coins.values()].map((coin): EncodedCoin => {
      const id = coin.profile.id;
      const encoded: EncodedCoin = {
        id,
        rank: coin.rank,
        price: coin.price,
        asOf: coin.asOf,
        degraded: coin.degraded,
        metrics: coin.metrics,
        marketShare: coin.marketShare,
        certification: coin.certification,
        listedAt: coin.listedAt,
      };
      const profile = slow(coin.profile, `${id}:profile`);
      if (profile) encoded.profile = profile;
      const social = slow(coin.social, `${id}:social`);
      if (social !== undefined) encoded.social = social;
      const onChain = slow(coin.onChain, `${id}:onChain`);
      if (onChain !== undefined) encoded.onChain = onChain;
      const developer = slow(coin.developer, `${id}:developer`);
      if (developer !== undefined) encoded.developer = developer;
      const coverage = slow(coin.coverage, `${id}:coverage`);
      if (coverage !== undefined) encoded.coverage = coverage;
      const score = slow(coin.score, `${id}:score`);
      if (score !== undefined) encoded.score = score && encodeScore(score);
      // Venues are replaced on every tick where prices come from them: they do not make a full copy due.
      if (!this.sent.changed(coin.venues, `${id}:venues`, this.nulls)) return encoded;
      this.sent.remember(coin.venues);
      encoded.venues = coin.venues.map(encodeVenue);
      return encoded;
    });
    const exchanges = [...this.snapshot.exchanges.values()].map((exchange): EncodedExchange => {
      const id = exchange.profile.id;
      const encoded: EncodedExchange = {
        id,
        exRank: exchange.exRank,
        pairCount: exchange.pairCount,
        coinCount: exchange.coinCount,
        amount24h: exchange.amount24h,
        healthyAmount24h: exchange.healthyAmount24h,
        asOf: exchange.asOf,
      };
      const profile = slow(exchange.profile, `${id}:xprofile`);
      if (profile) encoded.profile = profile;
      const score = slow(exchange.score, `${id}:xscore`);
      if (score !== undefined) encoded.score = score;
      return encoded;
    });
    const snapshot = this.snapshot;
    return {
      full,
      slowChanged: full || slowChanged,
      version: snapshot.version,
      profilesVersion: snapshot.profilesVersion,
      lastTickAt: snapshot.lastTickAt,
      ratesAsOf: snapshot.ratesAsOf,
      ...this.readiness(),
      global: snapshot.global,
      rates: [...snapshot.rates],
      ranked: snapshot.ranked.map((coin) => coin.profile.id),
      exchangesRanked: snapshot.exchangesRanked.map((exchange) => exchange.profile.id),
      coins,
      exchanges,
    };
  }
}

function encodeScore(score: CoinScoreState): EncodedScore {
  return {
    ...score,
    history: score.history.map((time, value): [number, number] => [time, value]),
  };
}

function encodeVenue({ ticker, excluded }: VenueQuote): EncodedVenue {
  return [
    ticker.exchangeId,
    ticker.base,
    ticker.quote,
    ticker.last,
    ticker.lastUsd,
    ticker.bidUsd,
    ticker.askUsd,
    ticker.volumeBase24h,
    ticker.volumeUsd24h,
    ticker.timestamp,
    ticker.spreadPercent ?? null,
    ticker.depthUsd2pctUp ?? null,
    ticker.depthUsd2pctDown ?? null,
    ticker.trust ?? null,
    excluded ? 1 : 0,
  ];
}

function decodeVenue(coinId: string, venue: EncodedVenue): VenueQuote {
  const ticker: VenueTicker = {
    exchangeId: venue[0],
    coinId,
    base: venue[1],
    quote: venue[2],
    last: venue[3],
    lastUsd: venue[4],
    bidUsd: venue[5],
    askUsd: venue[6],
    volumeBase24h: venue[7],
    volumeUsd24h: venue[8],
    timestamp: venue[9],
  };
  // Unknown optional figures stay absent, as the source left them.
  if (venue[10] !== null) ticker.spreadPercent = venue[10];
  if (venue[11] !== null) ticker.depthUsd2pctUp = venue[11];
  if (venue[12] !== null) ticker.depthUsd2pctDown = venue[12];
  if (venue[13] !== null) ticker.trust = venue[13];
  return { ticker, excluded: venue[14] === 1 };
}

/** What a follower knows of the leader's start-up (health and readiness report it). */
export interface StreamReadiness {
  warmedUp: boolean;
  historyStored: boolean;
}

/**
 * Applies a message to a follower's snapshot. A delta needs the state of the message before it (or the full
 * copy taken since the last slow change); a coin or exchange first met in a delta without its profile is
 * skipped until the next full copy brings it.
 */
export function applySnapshotMessage(snapshot: MarketSnapshot, message: SnapshotMessage): StreamReadiness {
  for (const encoded of message.coins) {
    const current = snapshot.coins.get(encoded.id);
    const profile = encoded.profile ?? current?.profile;
    if (!profile) continue;
    const coin: CoinState = current ?? {
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
    coin.profile = profile;
    coin.rank = encoded.rank;
    coin.price = encoded.price;
    coin.asOf = encoded.asOf;
    coin.degraded = encoded.degraded;
    coin.metrics = encoded.metrics;
    coin.marketShare = encoded.marketShare;
    coin.certification = encoded.certification;
    coin.listedAt = encoded.listedAt;
    if (encoded.social !== undefined) coin.social = encoded.social;
    if (encoded.onChain !== undefined) coin.onChain = encoded.onChain;
    if (encoded.developer !== undefined) coin.developer = encoded.developer;
    if (encoded.coverage !== undefined) coin.coverage = encoded.coverage;
    if (encoded.score !== undefined)
      coin.score = encoded.score && {
        ...encoded.score,
        history: ScoreHistory.of(
          encoded.score.history.map(([time, score]) => ({ time, score })),
          SCORE_HISTORY_HOURS,
        ),
      };
    if (encoded.venues) coin.venues = encoded.venues.map((venue) => decodeVenue(encoded.id, venue));
    if (!current) snapshot.coins.set(encoded.id, coin);
  }
  for (const encoded of message.exchanges) {
    const current = snapshot.exchanges.get(encoded.id);
    const profile = encoded.profile ?? current?.profile;
    if (!profile) continue;
    const exchange: ExchangeState = current ?? {
      profile,
      exRank: 0,
      pairCount: 0,
      coinCount: 0,
      amount24h: 0,
      healthyAmount24h: 0,
      asOf: 0,
      score: null,
    };
    exchange.profile = profile;
    exchange.exRank = encoded.exRank;
    exchange.pairCount = encoded.pairCount;
    exchange.coinCount = encoded.coinCount;
    exchange.amount24h = encoded.amount24h;
    exchange.healthyAmount24h = encoded.healthyAmount24h;
    exchange.asOf = encoded.asOf;
    if (encoded.score !== undefined) exchange.score = encoded.score;
    if (!current) snapshot.exchanges.set(encoded.id, exchange);
  }
  snapshot.rates.clear();
  for (const [code, rate] of message.rates) snapshot.rates.set(code, rate);
  snapshot.global = message.global;
  snapshot.ranked = message.ranked.flatMap((id) => snapshot.coins.get(id) ?? []);
  snapshot.exchangesRanked = message.exchangesRanked.flatMap((id) => snapshot.exchanges.get(id) ?? []);
  snapshot.lastTickAt = message.lastTickAt;
  snapshot.ratesAsOf = message.ratesAsOf;
  snapshot.profilesVersion = message.profilesVersion;
  snapshot.version = message.version;
  return { warmedUp: message.warmedUp, historyStored: message.historyStored };
}

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
import { emptyCoinState, emptyExchangeState } from '../market-store/market-snapshot.js';
import type { MarketReadiness } from '../market-store/market-readiness.js';

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
  /** The strings the venue codes point at (exchange ids, symbols, trust ratings). */
  venueStrings: string[];
}

/** A message with its venues in two columns: numbers (NaN for unknown) and codes (string indexes, flags). */
export interface EncodedSnapshot {
  message: SnapshotMessage;
  venueNumbers: Float64Array;
  venueCodes: Int32Array;
}

/** Per venue: last, lastUsd, bidUsd, askUsd, volumeBase24h, volumeUsd24h, timestamp, spread, depth up, depth down. */
export const VENUE_NUMBERS = 10;
/** Per venue: exchange id, base, quote and trust as indexes into `venueStrings` (−1: none), then excluded (0/1). */
export const VENUE_CODES = 5;

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
  /** How many venues of the venue columns are this coin's (absent: its venues did not change). */
  venueCount?: number;
}

type EncodedScore = Omit<CoinScoreState, 'history'> & { history: [time: number, score: number][] };

interface EncodedExchange extends Pick<
  ExchangeState,
  'exRank' | 'pairCount' | 'coinCount' | 'amount24h' | 'healthyAmount24h' | 'asOf'
> {
  id: string;
  profile?: ExchangeState['profile'];
  score?: ExchangeState['score'];
}

/** What earlier messages carried, by identity (and, per field, a null), so the next one sends only what changed. */
class SentObjects {
  private readonly objects = new WeakSet<object>();
  private readonly nulls = new Set<string>();

  /** True the first time `value` is seen as `key`'s value (then remembered); a null counts once per key. */
  isNew(value: object | null, key: string): boolean {
    if (value === null) {
      if (this.nulls.has(key)) return false;
      this.nulls.add(key);
      return true;
    }
    this.nulls.delete(key);
    if (this.objects.has(value)) return false;
    this.objects.add(value);
    return true;
  }
}

/** Encodes the snapshot for the other instances; keeps what it sent so the next delta is small. */
export class SnapshotEncoder {
  private sent = new SentObjects();

  constructor(
    private readonly snapshot: MarketSnapshot,
    /** The leader's own start-up state (its ingest), sent along so followers report the same. */
    private readonly readiness: MarketReadiness,
  ) {}

  /** The next message: everything when `full`, else the tick figures plus what was replaced since the last. */
  encode(full: boolean): EncodedSnapshot {
    if (full) this.sent = new SentObjects();
    let slowChanged = false;
    const slow = <T extends object | null>(value: T, key: string): T | undefined => {
      if (!this.sent.isNew(value, key)) return undefined;
      slowChanged = true;
      return value;
    };
    const venues = new VenueColumnsWriter();
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
      if (!this.sent.isNew(coin.venues, `${id}:venues`)) return encoded;
      encoded.venueCount = coin.venues.length;
      venues.add(coin.venues);
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
    const columns = venues.columns();
    const { warmedUp, historyStored } = this.readiness;
    const message: SnapshotMessage = {
      full,
      slowChanged: full || slowChanged,
      version: snapshot.version,
      profilesVersion: snapshot.profilesVersion,
      lastTickAt: snapshot.lastTickAt,
      ratesAsOf: snapshot.ratesAsOf,
      warmedUp,
      historyStored,
      global: snapshot.global,
      rates: [...snapshot.rates],
      ranked: snapshot.ranked.map((coin) => coin.profile.id),
      exchangesRanked: snapshot.exchangesRanked.map((exchange) => exchange.profile.id),
      coins,
      exchanges,
      venueStrings: venues.strings,
    };
    return { message, ...columns };
  }
}

function encodeScore(score: CoinScoreState): EncodedScore {
  return {
    ...score,
    history: score.history.map((time, value): [number, number] => [time, value]),
  };
}

/**
 * Venues as columns: a tick of the simulator carries some 20,000, and as JSON arrays of numbers they took most
 * of a 4 MB message and of the time to write and read it on every instance, every second.
 */
class VenueColumnsWriter {
  readonly strings: string[] = [];
  private readonly indexes = new Map<string, number>();
  private readonly lists: (readonly VenueQuote[])[] = [];

  /** Keeps a coin's venues to be written, in order, once the message's size is known. */
  add(venues: readonly VenueQuote[]): void {
    this.lists.push(venues);
  }

  columns(): { venueNumbers: Float64Array; venueCodes: Int32Array } {
    const count = this.lists.reduce((sum, venues) => sum + venues.length, 0);
    const numbers = new Float64Array(count * VENUE_NUMBERS);
    const codes = new Int32Array(count * VENUE_CODES);
    let position = 0;
    for (const venues of this.lists)
      for (const { ticker, excluded } of venues) {
        const n = position * VENUE_NUMBERS;
        numbers[n] = ticker.last;
        numbers[n + 1] = ticker.lastUsd;
        numbers[n + 2] = ticker.bidUsd ?? Number.NaN;
        numbers[n + 3] = ticker.askUsd ?? Number.NaN;
        numbers[n + 4] = ticker.volumeBase24h;
        numbers[n + 5] = ticker.volumeUsd24h;
        numbers[n + 6] = ticker.timestamp;
        numbers[n + 7] = ticker.spreadPercent ?? Number.NaN;
        numbers[n + 8] = ticker.depthUsd2pctUp ?? Number.NaN;
        numbers[n + 9] = ticker.depthUsd2pctDown ?? Number.NaN;
        const c = position * VENUE_CODES;
        codes[c] = this.index(ticker.exchangeId);
        codes[c + 1] = this.index(ticker.base);
        codes[c + 2] = this.index(ticker.quote);
        codes[c + 3] = ticker.trust ? this.index(ticker.trust) : -1;
        codes[c + 4] = excluded ? 1 : 0;
        position++;
      }
    return { venueNumbers: numbers, venueCodes: codes };
  }

  private index(text: string): number {
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.strings.push(text) - 1;
      this.indexes.set(text, index);
    }
    return index;
  }
}

const unknownAsNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/** Reads the venue columns back in the order they were written, coin by coin. */
class VenueColumnsReader {
  private next = 0;

  constructor(private readonly encoded: EncodedSnapshot) {}

  take(coinId: string, count: number): VenueQuote[] {
    const { venueNumbers: numbers, venueCodes: codes, message } = this.encoded;
    const strings = message.venueStrings;
    const venues: VenueQuote[] = [];
    for (let end = this.next + count; this.next < end; this.next++) {
      const n = this.next * VENUE_NUMBERS;
      const c = this.next * VENUE_CODES;
      const ticker: VenueTicker = {
        exchangeId: strings[codes[c]!]!,
        coinId,
        base: strings[codes[c + 1]!]!,
        quote: strings[codes[c + 2]!]!,
        last: numbers[n]!,
        lastUsd: numbers[n + 1]!,
        bidUsd: unknownAsNull(numbers[n + 2]!),
        askUsd: unknownAsNull(numbers[n + 3]!),
        volumeBase24h: numbers[n + 4]!,
        volumeUsd24h: numbers[n + 5]!,
        timestamp: numbers[n + 6]!,
      };
      // Unknown optional figures stay absent, as the source left them.
      const spread = unknownAsNull(numbers[n + 7]!);
      const depthUp = unknownAsNull(numbers[n + 8]!);
      const depthDown = unknownAsNull(numbers[n + 9]!);
      if (spread !== null) ticker.spreadPercent = spread;
      if (depthUp !== null) ticker.depthUsd2pctUp = depthUp;
      if (depthDown !== null) ticker.depthUsd2pctDown = depthDown;
      if (codes[c + 3]! >= 0) ticker.trust = strings[codes[c + 3]!] as TickerTrust;
      venues.push({ ticker, excluded: codes[c + 4] === 1 });
    }
    return venues;
  }
}

/**
 * Applies a message to a follower's snapshot. A delta needs the state of the message before it (or the full
 * copy taken since the last slow change); a coin or exchange first met in a delta without its profile is
 * skipped until the next full copy brings it.
 */
export function applySnapshotMessage(
  snapshot: MarketSnapshot,
  encodedSnapshot: EncodedSnapshot,
): MarketReadiness {
  const { message } = encodedSnapshot;
  const venues = new VenueColumnsReader(encodedSnapshot);
  for (const encoded of message.coins) {
    // Read in order even for a coin skipped below, so the next coin finds its own venues.
    const coinVenues = encoded.venueCount === undefined ? null : venues.take(encoded.id, encoded.venueCount);
    const current = snapshot.coins.get(encoded.id);
    const profile = encoded.profile ?? current?.profile;
    if (!profile) continue;
    const coin = current ?? emptyCoinState(profile);
    // What is left after the fields sent only when replaced are the tick's figures: always all of them.
    const {
      id: _id,
      profile: _profile,
      social,
      onChain,
      developer,
      coverage,
      score,
      venueCount: _count,
      ...tick
    } = encoded;
    Object.assign(coin, tick, { profile });
    if (social !== undefined) coin.social = social;
    if (onChain !== undefined) coin.onChain = onChain;
    if (developer !== undefined) coin.developer = developer;
    if (coverage !== undefined) coin.coverage = coverage;
    if (score !== undefined)
      coin.score = score && {
        ...score,
        history: ScoreHistory.of(
          score.history.map(([time, value]) => ({ time, score: value })),
          SCORE_HISTORY_HOURS,
        ),
      };
    if (coinVenues) coin.venues = coinVenues;
    if (!current) snapshot.coins.set(encoded.id, coin);
  }
  for (const encoded of message.exchanges) {
    const current = snapshot.exchanges.get(encoded.id);
    const profile = encoded.profile ?? current?.profile;
    if (!profile) continue;
    const exchange = current ?? emptyExchangeState(profile, 0);
    const { id: _id, profile: _profile, score, ...tick } = encoded;
    Object.assign(exchange, tick, { profile });
    if (score !== undefined) exchange.score = score;
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

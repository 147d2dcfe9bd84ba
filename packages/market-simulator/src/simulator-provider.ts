/**
 * The embedded default market-data provider: 300+ real coins and 60+ real exchanges from the authored
 * catalogue, with prices, books, trades, candles and signals simulated deterministically from a seed (and
 * the scenario) — a pure function of time, so any call gives the same answer whenever and in whatever order
 * it is made. See the package's README.md for the model and the scenarios.
 */
import type {
  Capability,
  CandleQuery,
  MarketDataProvider,
  PairQuery,
  TickerQuery,
  AggregateQuote,
  Announcement,
  Candle,
  CoinProfile,
  ExchangeProfile,
  ExchangeRates,
  DeveloperSnapshot,
  OnChainSnapshot,
  OrderBookSnapshot,
  SocialSnapshot,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import { CAPABILITIES, NotFoundError } from '@coinlens/market-model';
import { buildAnnouncements } from './announcements.js';
import { buildCandlesInSlices } from './candles.js';
import type { CoinFacts, ExchangeFacts } from './catalog/catalog-schema.js';
import { COIN_BY_ID, COIN_CATALOG } from './catalog/coin-catalog.js';
import { EXCHANGE_CATALOG } from './catalog/exchange-catalog.js';
import { coinLogoSvg, exchangeLogoSvg } from './catalog/logo-monogram.js';
import type { SlicesFactory } from './event-loop-slices.js';
import { immediateSlices } from './event-loop-slices.js';
import { buildExchangeRates } from './exchange-rates.js';
import { FICTIONAL_VENUE_IDS, FICTIONAL_VENUES } from './fictional-venues.js';
import { buildOnChain } from './on-chain.js';
import { buildOrderBook } from './order-books.js';
import type { PathCoin } from './price-path/path-coin.js';
import { DAY_MS, HOUR_MS } from './price-path/time-units.js';
import type { ScenarioConfig, ScenarioName } from './scenarios.js';
import { resolveScenario } from './scenarios.js';
import { SimulatorContext } from './simulator-context.js';
import { buildSocial } from './social.js';
import { buildTickers } from './tickers.js';
import { buildTradesInSlices, MAX_TRADES_PER_CALL, TRADE_LOOKBACK_MS } from './trades.js';
import type { VenuePair } from './venues.js';

export interface SimulatorOptions {
  seed: number;
  /** The clock (epoch ms); defaults to Date.now. */
  now?: () => number;
  /** Defaults to 'realistic'. */
  scenario?: ScenarioName | ScenarioConfig;
  /** How long builds hand the event loop back; defaults to a `setImmediate` after each slice. */
  slices?: SlicesFactory;
}

/** How far back ATH/ATL look (the ingest back-fills five years of daily candles). */
const ATH_LOOKBACK_MS = 5 * 365 * DAY_MS;

interface Extremes {
  throughDay: number;
  ath: number;
  athAt: number;
  atl: number;
  atlAt: number;
}

export class SimulatorProvider implements MarketDataProvider {
  readonly name = 'simulator';
  readonly capabilities: ReadonlySet<Capability> = new Set(CAPABILITIES);
  readonly context: SimulatorContext;
  private readonly now: () => number;
  private readonly slices: SlicesFactory;
  private readonly extremes = new Map<string, Extremes>();

  constructor(options: SimulatorOptions) {
    if (!Number.isFinite(options.seed)) throw new Error('simulator seed must be a finite number');
    this.now = options.now ?? Date.now;
    this.slices = options.slices ?? immediateSlices;
    this.context = new SimulatorContext(
      options.seed,
      resolveScenario(options.scenario),
      COIN_CATALOG,
      EXCHANGE_CATALOG,
    );
  }

  /**
   * For benchmarks only, never through the provider interface (the scorer cannot read it): each coin's latent
   * activity, USD per day — what drives its reported volume (with the path's daily noise), its depth (with its
   * own depth factor) and, through its size, its following. The truth ranking quality is measured against.
   */
  latentActivity(): ReadonlyMap<string, number> {
    return new Map(COIN_CATALOG.map((facts) => [facts.id, this.context.coin(facts.id)?.dailyUsd ?? 0]));
  }

  /**
   * Every coin with where its simulated record begins (`historySince`): the authored listing for coins with a
   * history, else its launch or five years back, whichever is later — the span its quotes' ATH/ATL cover too.
   */
  getCoins(signal: AbortSignal): Promise<CoinProfile[]> {
    return this.run(signal, () => {
      const now = this.now();
      return COIN_CATALOG.map((facts) => {
        const launch = this.context.coin(facts.id)?.launchTime ?? now;
        return coinProfile(facts, dayStart(Math.max(launch, now - ATH_LOOKBACK_MS)));
      });
    });
  }

  getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    return this.run(signal, () => this.context.exchanges.map(exchangeProfile));
  }

  async getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    signal.throwIfAborted();
    return buildTickers(this.context, query, this.now(), signal, this.slices);
  }

  getQuotes(coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]> {
    return this.run(signal, () => {
      const now = this.now();
      return coinIds.map((coinId) => {
        signal.throwIfAborted();
        return this.quote(this.pathCoin(coinId), now);
      });
    });
  }

  getOrderBook(pair: PairQuery, depth: number, signal: AbortSignal): Promise<OrderBookSnapshot> {
    return this.run(signal, () => buildOrderBook(this.context, this.venuePair(pair), depth, this.now()));
  }

  async getTrades(pair: PairQuery, since: number | null, signal: AbortSignal): Promise<TradePrint[]> {
    signal.throwIfAborted();
    const venuePair = this.venuePair(pair);
    const now = this.now();
    const earliest = now - TRADE_LOOKBACK_MS;
    const from = since === null ? earliest : Math.max(since, earliest);
    return buildTradesInSlices(
      this.context,
      venuePair,
      from,
      now,
      MAX_TRADES_PER_CALL,
      since === null,
      signal,
      this.slices,
    );
  }

  /** Long ranges (years of daily candles) are generated in slices, so requests are served meanwhile. */
  async getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]> {
    signal.throwIfAborted();
    return buildCandlesInSlices(
      this.context.path,
      this.pathCoin(query.coinId),
      query.resolution,
      query.from,
      query.to,
      this.now(),
      signal,
      this.slices,
    );
  }

  getExchangeRates(signal: AbortSignal): Promise<ExchangeRates> {
    return this.run(signal, () => buildExchangeRates(this.context, this.now()));
  }

  getSocial(coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.run(signal, () => {
      const now = this.now();
      return coinIds.flatMap((coinId) => buildSocial(this.context, coinId, now) ?? []);
    });
  }

  getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    return this.run(signal, () => {
      const now = this.now();
      return coinIds.flatMap((coinId) => buildOnChain(this.context, coinId, now) ?? []);
    });
  }

  /** The simulator models developer activity only as its on-chain `developerCommits30d`. */
  getDeveloper(_coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.run(signal, () => []);
  }

  getAnnouncements(since: number, signal: AbortSignal): Promise<Announcement[]> {
    return this.run(signal, () => buildAnnouncements(this.context, since, this.now()));
  }

  logoSvg(kind: 'coins' | 'exchanges', id: string): string | null {
    return renderSimulatorLogo(kind, id);
  }

  healthCheck(signal: AbortSignal): Promise<boolean> {
    return this.run(signal, () => true);
  }

  /** Runs synchronous work as a provider call: aborted signals and failures become rejections. */
  private run<T>(signal: AbortSignal, work: () => T): Promise<T> {
    try {
      signal.throwIfAborted();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private pathCoin(coinId: string): PathCoin {
    const coin = this.context.coin(coinId);
    if (!coin) throw new NotFoundError(this.name, `unknown coin ${coinId}`);
    return coin;
  }

  private venuePair(query: PairQuery): VenuePair {
    const pair = this.context.venues.pair(query.exchangeId, query.coinId, query.quote);
    if (!pair)
      throw new NotFoundError(
        this.name,
        `unknown pair ${query.coinId}/${query.quote} on ${query.exchangeId}`,
      );
    return pair;
  }

  private quote(coin: PathCoin, now: number): AggregateQuote {
    const path = this.context.path;
    const last24h = path.summarize(coin, now - DAY_MS, now);
    const price = path.priceAt(coin, now);
    const extremes = this.extremesThroughYesterday(coin, now);
    let { ath, athAt, atl, atlAt } = extremes;
    // Today so far, hour by hour, so the ATH time is the hour it happened in.
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    for (let hour = today; hour < now; hour += HOUR_MS) {
      const summary = path.summarize(coin, Math.max(hour, coin.launchTime), Math.min(hour + HOUR_MS, now));
      if (!summary) continue;
      if (summary.high > ath) [ath, athAt] = [summary.high, hour];
      if (summary.low < atl) [atl, atlAt] = [summary.low, hour];
    }
    return {
      coinId: coin.id,
      priceUsd: price,
      volumeUsd24h: last24h?.amountUsd ?? 0,
      high24hUsd: last24h?.high ?? null,
      low24hUsd: last24h?.low ?? null,
      marketCapUsd: price * coin.facts.circulatingSupply,
      athUsd: Number.isFinite(ath) ? ath : null,
      athAt: Number.isFinite(ath) ? athAt : null,
      atlUsd: Number.isFinite(atl) ? atl : null,
      atlAt: Number.isFinite(atl) ? atlAt : null,
      timestamp: now,
    };
  }

  /**
   * ATH/ATL over whole UTC days before today, from five years before the first request (or the launch; the
   * listing for coins with an authored history), kept
   * per coin and extended day by day.
   */
  private extremesThroughYesterday(coin: PathCoin, now: number): Extremes {
    const yesterday = Math.floor(now / DAY_MS) - 1;
    // Coins with an authored history are pinned back to their listing: their extremes reach that far.
    const firstDay = Math.ceil(
      (coin.pins ? coin.launchTime : Math.max(coin.launchTime, now - ATH_LOOKBACK_MS)) / DAY_MS,
    );
    let state = this.extremes.get(coin.id);
    if (!state || state.throughDay > yesterday || state.throughDay < firstDay - 1) {
      state = { throughDay: firstDay - 1, ath: -Infinity, athAt: 0, atl: Infinity, atlAt: 0 };
    }
    const path = this.context.path;
    for (let day = state.throughDay + 1; day <= yesterday; day += 1) {
      const extremes = path.dayExtremes(coin, day);
      const high = Math.exp(extremes.high);
      const low = Math.exp(extremes.low);
      if (high > state.ath) [state.ath, state.athAt] = [high, extremes.highAt];
      if (low < state.atl) [state.atl, state.atlAt] = [low, extremes.lowAt];
      state.throughDay = day;
    }
    this.extremes.set(coin.id, state);
    return state;
  }
}

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

function coinProfile(facts: CoinFacts, simulatedSince: number): CoinProfile {
  return {
    id: facts.id,
    symbol: facts.symbol,
    name: facts.name,
    localNames: { ...facts.localNames },
    logo: `/logos/coins/${facts.id}.svg`,
    circulatingSupply: facts.circulatingSupply,
    totalSupply: facts.totalSupply,
    maxSupply: facts.maxSupply,
    issueDate: facts.issueDate,
    issueType: facts.issueType,
    publicChain: facts.publicChain,
    consensus: facts.consensus,
    blockTimeSeconds: facts.blockTimeSeconds,
    coreAlgorithm: facts.coreAlgorithm,
    mining: { ...facts.mining },
    sectors: [...facts.sectors],
    links: { ...facts.links },
    description: { ...facts.description },
    stablecoin: facts.stablecoin === true,
    historySince: facts.history ? Date.parse(`${facts.history.listed.date}T00:00:00Z`) : simulatedSince,
  };
}

function exchangeProfile(facts: ExchangeFacts): ExchangeProfile {
  return {
    id: facts.id,
    name: facts.name,
    localNames: { ...facts.localNames },
    logo: `/logos/exchanges/${facts.id}.svg`,
    kind: facts.kind,
    established: facts.established,
    registrationPlace: facts.registrationPlace,
    kyc: facts.kyc,
    amlCertified: facts.amlCertified,
    chineseSupport: facts.chineseSupport,
    apiAvailable: facts.apiAvailable,
    fees: { ...facts.fees },
    website: facts.website,
    platformToken: facts.platformToken,
    burn: facts.burn === null ? null : { mechanism: { ...facts.burn.mechanism } },
    reservesUsd: facts.reservesUsd,
    monthlyVisits: facts.monthlyVisits,
    ...(FICTIONAL_VENUE_IDS.has(facts.id) ? { fictional: true } : {}),
  };
}

const EXCHANGE_FACTS_BY_ID: ReadonlyMap<string, ExchangeFacts> = new Map(
  [...EXCHANGE_CATALOG, ...FICTIONAL_VENUES].map((venue) => [venue.id, venue]),
);

/** The SVG behind `/logos/<kind>/<id>.svg` (a deterministic monogram), or null for an unknown id. */
export function renderSimulatorLogo(kind: 'coins' | 'exchanges', id: string): string | null {
  if (kind === 'coins') {
    const coin = COIN_BY_ID.get(id);
    return coin ? coinLogoSvg(coin.symbol, coin.id) : null;
  }
  const venue = EXCHANGE_FACTS_BY_ID.get(id);
  return venue ? exchangeLogoSvg(venue.name) : null;
}

import type {
  AggregateQuote,
  Announcement,
  Candle,
  CoinProfile,
  DeveloperSnapshot,
  ExchangeProfile,
  ExchangeRates,
  OnChainSnapshot,
  OrderBookSnapshot,
  Resolution,
  SocialSnapshot,
  TradePrint,
  VenueTicker,
} from './market-model.js';

export const CAPABILITIES = [
  'coins',
  'exchanges',
  'tickers',
  'quotes',
  'orderBooks',
  'trades',
  'candles',
  'exchangeRates',
  'social',
  'onChain',
  'developer',
  'announcements',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface TickerQuery {
  /** Only these venues; all when omitted. */
  exchangeIds?: readonly string[];
  /** Only these coins; all when omitted. */
  coinIds?: readonly string[];
}

export interface PairQuery {
  exchangeId: string;
  coinId: string;
  quote: string;
}

export interface CandleQuery {
  coinId: string;
  resolution: Resolution;
  /** Inclusive open time, ms. */
  from: number;
  /** Exclusive, ms. */
  to: number;
}

/**
 * A source of market data (shape learned from Ghostfolio's data providers). Every method takes an
 * AbortSignal; a provider throws the typed errors of `provider-errors.ts` so ingest can tell retry from drop.
 * A method outside `capabilities` throws `UnsupportedError`.
 */
export interface MarketDataProvider {
  readonly name: string;
  readonly capabilities: ReadonlySet<Capability>;
  getCoins(signal: AbortSignal): Promise<CoinProfile[]>;
  getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]>;
  getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]>;
  getQuotes(coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]>;
  getOrderBook(pair: PairQuery, depth: number, signal: AbortSignal): Promise<OrderBookSnapshot>;
  getTrades(pair: PairQuery, since: number | null, signal: AbortSignal): Promise<TradePrint[]>;
  getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]>;
  getExchangeRates(signal: AbortSignal): Promise<ExchangeRates>;
  getSocial(coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]>;
  getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]>;
  getDeveloper(coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]>;
  getAnnouncements(since: number, signal: AbortSignal): Promise<Announcement[]>;
  healthCheck(signal: AbortSignal): Promise<boolean>;
  /** The name of the source that serves `capability` (a composite answers per capability); default `name`. */
  sourceOf?(capability: Capability): string;
  /** SVG of a logo this provider serves itself (`/logos/<kind>/<id>.svg`), when it has one. */
  logoSvg?(kind: 'coins' | 'exchanges', id: string): string | null;
  /**
   * The earliest time this source serves candles of `resolution` from (a plan's history limit: CoinGecko's public
   * tier serves 365 days of daily candles); absent or null: as far back as the coin's own history goes. A daily
   * history whose first candle sits at this horizon starts where the source stops, not at the coin's listing.
   */
  historyHorizon?(resolution: Resolution, now: number): number | null;
}

/**
 * One MarketDataProvider over several sources, routed per capability: each capability names its sources in
 * order. Single answers (profiles, books, candles, rates…) come from the first source; per-coin answers
 * (quotes, social, on-chain, developer) ask the next source only for the coins the earlier ones left out,
 * and a later source's failure does not undo what an earlier one answered. Ingest sees one provider whose
 * capabilities are the union of the routes.
 */
import type {
  AggregateQuote,
  Announcement,
  Candle,
  CandleQuery,
  Capability,
  CoinProfile,
  DeveloperSnapshot,
  ExchangeProfile,
  ExchangeRates,
  MarketDataProvider,
  OnChainSnapshot,
  OrderBookSnapshot,
  PairQuery,
  Resolution,
  SocialSnapshot,
  TickerQuery,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import { ProviderError, UnsupportedError } from '@coinlens/market-model';

export type CapabilityRoutes = Partial<Record<Capability, readonly MarketDataProvider[]>>;

export class CompositeProvider implements MarketDataProvider {
  readonly capabilities: ReadonlySet<Capability>;

  constructor(
    readonly name: string,
    private readonly routes: CapabilityRoutes,
    /** The source whose health is the composite's (the one without which nothing works). */
    private readonly primary: MarketDataProvider,
  ) {
    this.capabilities = new Set(
      (Object.keys(routes) as Capability[]).filter((capability) => (routes[capability]?.length ?? 0) > 0),
    );
  }

  /** The first source routed for `capability` (facades answer their inner source's name). */
  sourceOf(capability: Capability): string {
    const first = this.routes[capability]?.[0];
    return first ? (first.sourceOf?.(capability) ?? first.name) : this.name;
  }

  getCoins(signal: AbortSignal): Promise<CoinProfile[]> {
    return this.route('coins', (source) => source.getCoins(signal));
  }

  getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    return this.route('exchanges', (source) => source.getExchanges(signal));
  }

  getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    return this.route('tickers', (source) => source.getTickers(query, signal));
  }

  getQuotes(coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]> {
    return this.perCoin('quotes', coinIds, (source, ids) => source.getQuotes(ids, signal), signal);
  }

  getOrderBook(pair: PairQuery, depth: number, signal: AbortSignal): Promise<OrderBookSnapshot> {
    return this.route('orderBooks', (source) => source.getOrderBook(pair, depth, signal));
  }

  getTrades(pair: PairQuery, since: number | null, signal: AbortSignal): Promise<TradePrint[]> {
    return this.route('trades', (source) => source.getTrades(pair, since, signal));
  }

  getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]> {
    return this.route('candles', (source) => source.getCandles(query, signal));
  }

  getExchangeRates(signal: AbortSignal): Promise<ExchangeRates> {
    return this.route('exchangeRates', (source) => source.getExchangeRates(signal));
  }

  getSocial(coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.perCoin('social', coinIds, (source, ids) => source.getSocial(ids, signal), signal);
  }

  getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    return this.perCoin('onChain', coinIds, (source, ids) => source.getOnChain(ids, signal), signal);
  }

  getDeveloper(coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.perCoin('developer', coinIds, (source, ids) => source.getDeveloper(ids, signal), signal);
  }

  getAnnouncements(since: number, signal: AbortSignal): Promise<Announcement[]> {
    return this.route('announcements', (source) => source.getAnnouncements(since, signal));
  }

  healthCheck(signal: AbortSignal): Promise<boolean> {
    return this.primary.healthCheck(signal);
  }

  logoSvg(kind: 'coins' | 'exchanges', id: string): string | null {
    return this.routes.coins?.[0]?.logoSvg?.(kind, id) ?? null;
  }

  historyHorizon(resolution: Resolution, now: number): number | null {
    return this.routes.candles?.[0]?.historyHorizon?.(resolution, now) ?? null;
  }

  /** The capability's first source, or an UnsupportedError when none is routed. */
  private route<T>(capability: Capability, call: (source: MarketDataProvider) => Promise<T>): Promise<T> {
    const source = this.routes[capability]?.[0];
    return source ? call(source) : Promise.reject(this.unrouted(capability));
  }

  private unrouted(capability: Capability): UnsupportedError {
    return new UnsupportedError(this.name, `${capability} is not routed`);
  }

  private async perCoin<T extends { coinId: string }>(
    capability: Capability,
    coinIds: readonly string[],
    ask: (source: MarketDataProvider, ids: readonly string[]) => Promise<T[]>,
    signal: AbortSignal,
  ): Promise<T[]> {
    const sources = this.routes[capability] ?? [];
    if (sources.length === 0) throw this.unrouted(capability);
    const answered: T[] = [];
    let missing = [...new Set(coinIds)];
    for (const [index, source] of sources.entries()) {
      if (missing.length === 0) break;
      try {
        const answers = await ask(source, missing);
        answered.push(...answers);
        const have = new Set(answers.map((answer) => answer.coinId));
        missing = missing.filter((id) => !have.has(id));
      } catch (error) {
        if (signal.aborted || index === 0 || !(error instanceof ProviderError)) throw error;
      }
    }
    return answered;
  }
}

/**
 * One MarketDataProvider over several sources, routed per capability: each capability names its sources in
 * order. Single answers (profiles, books, candles, rates…) come from the first source; per-coin answers
 * (quotes, social, developer) ask the next source only for the coins the earlier ones left out, and a later
 * source's failure does not undo what an earlier one answered. On-chain sources measure different fields of the
 * same coin (DefiLlama TVL and fees, Coin Metrics active addresses and transactions): every source is asked for
 * every coin and the answers are merged field by field (`mergeFields`). Ingest sees one provider whose
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

/** Capabilities whose sources give different fields of the same coin: answers are merged, not chosen. */
const MERGED_CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>(['onChain']);

/** How long a later source's last answer for a coin stands in for it while that source fails (merged only). */
const LAST_GOOD_MS = 24 * 60 * 60 * 1_000;

/** `first`, with every field it leaves null or absent taken from `later`: the first non-null value wins. */
export function mergeFields<T extends object>(first: T, later: T): T {
  const merged = { ...first } as Record<string, unknown>;
  for (const [key, value] of Object.entries(later))
    if (merged[key] === null || merged[key] === undefined) merged[key] = value;
  return merged as T;
}

export class CompositeProvider implements MarketDataProvider {
  readonly capabilities: ReadonlySet<Capability>;
  /** Per merged capability and later source (`onChain:1`): its last answer for each coin, and when. */
  private readonly lastGood = new Map<string, Map<string, { answer: unknown; at: number }>>();

  constructor(
    readonly name: string,
    private readonly routes: CapabilityRoutes,
    /** The source whose health is the composite's (the one without which nothing works). */
    private readonly primary: MarketDataProvider,
    private readonly now: () => number = Date.now,
  ) {
    this.capabilities = new Set(
      (Object.keys(routes) as Capability[]).filter((capability) => (routes[capability]?.length ?? 0) > 0),
    );
  }

  /**
   * The first source routed for `capability` (facades answer their inner source's name); for a merged
   * capability every routed source, joined with " + " (e.g. `defillama + coinmetrics`).
   */
  sourceOf(capability: Capability): string {
    const sources = this.routes[capability] ?? [];
    const named = MERGED_CAPABILITIES.has(capability) ? sources : sources.slice(0, 1);
    const names = named.map((source) => source.sourceOf?.(capability) ?? source.name);
    return names.length > 0 ? [...new Set(names)].join(' + ') : this.name;
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
    return this.merged('onChain', coinIds, (source, ids) => source.getOnChain(ids, signal), signal);
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

  /**
   * Every source asked for every coin, the answers merged field by field in route order (first non-null wins);
   * a coin only a later source knows gets that source's answer. The first source's failure is the call's (ingest
   * then keeps the last merged snapshots); a later source's failure does not blank its fields: its last answer
   * for each coin, at most LAST_GOOD_MS old, stands in.
   */
  private async merged<T extends { coinId: string }>(
    capability: Capability,
    coinIds: readonly string[],
    ask: (source: MarketDataProvider, ids: readonly string[]) => Promise<T[]>,
    signal: AbortSignal,
  ): Promise<T[]> {
    const sources = this.routes[capability] ?? [];
    if (sources.length === 0) throw this.unrouted(capability);
    const ids = [...new Set(coinIds)];
    const answered = new Map<string, T>();
    for (const [index, source] of sources.entries()) {
      let answers: readonly T[];
      try {
        answers = await ask(source, ids);
        if (index > 0) this.remember(`${capability}:${index}`, answers);
      } catch (error) {
        if (signal.aborted || index === 0 || !(error instanceof ProviderError)) throw error;
        answers = this.recall<T>(`${capability}:${index}`, ids);
      }
      for (const answer of answers) {
        const known = answered.get(answer.coinId);
        answered.set(answer.coinId, known ? mergeFields(known, answer) : answer);
      }
    }
    return [...answered.values()];
  }

  private remember(key: string, answers: readonly { coinId: string }[]): void {
    const now = this.now();
    const store = this.lastGood.get(key) ?? new Map<string, { answer: unknown; at: number }>();
    for (const [coinId, entry] of store) if (now - entry.at > LAST_GOOD_MS) store.delete(coinId);
    for (const answer of answers) store.set(answer.coinId, { answer, at: now });
    this.lastGood.set(key, store);
  }

  private recall<T>(key: string, ids: readonly string[]): T[] {
    const store = this.lastGood.get(key);
    const now = this.now();
    return ids.flatMap((id) => {
      const entry = store?.get(id);
      return entry && now - entry.at <= LAST_GOOD_MS ? [entry.answer as T] : [];
    });
  }
}

import type {
  Capability,
  CandleQuery,
  MarketDataProvider,
  PairQuery,
  Resolution,
  TickerQuery,
  AggregateQuote,
  Announcement,
  Candle,
  CoinProfile,
  DeveloperSnapshot,
  ExchangeProfile,
  ExchangeRates,
  OnChainSnapshot,
  OrderBookSnapshot,
  SocialSnapshot,
  TradePrint,
  VenueTicker,
} from '@coinlens/market-model';
import { RateLimitedError, UnavailableError } from '@coinlens/market-model';

export interface FacadeOptions {
  /** Per-call time limit. */
  timeoutMs: number;
  /** Calls in flight at once. */
  maxConcurrent: number;
  /** Minimum spacing between call starts (the provider's rate limit, e.g. 2,100 ms for 30/min). */
  minIntervalMs: number;
  /** Ids per call for the batched methods (quotes, social, on-chain, developer). */
  maxBatchSize: number;
  /** How long slow-changing answers are reused. */
  cacheTtlMs: { profiles: number; rates: number; signals: number };
  now?: () => number;
}

interface CacheEntry {
  expiresAt: number;
  value: Promise<unknown>;
}

/**
 * Wraps one provider for ingest: every call gets a timeout (combined with the caller's signal), calls are
 * spaced and bounded per provider, a 429 pauses the provider until its Retry-After, identical concurrent calls
 * share one request, slow-changing answers are cached, and id lists are split into batches.
 */
export class ProviderFacade implements MarketDataProvider {
  readonly name: string;
  readonly capabilities: ReadonlySet<Capability>;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStartAt = 0;
  private pausedUntil = 0;
  private readonly now: () => number;

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly options: FacadeOptions,
  ) {
    this.name = provider.name;
    this.capabilities = provider.capabilities;
    this.now = options.now ?? Date.now;
  }

  getCoins(signal: AbortSignal): Promise<CoinProfile[]> {
    return this.cached('coins', this.options.cacheTtlMs.profiles, () =>
      this.call('coins', signal, (s) => this.provider.getCoins(s)),
    );
  }

  getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    return this.cached('exchanges', this.options.cacheTtlMs.profiles, () =>
      this.call('exchanges', signal, (s) => this.provider.getExchanges(s)),
    );
  }

  getTickers(query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    return this.call(`tickers:${JSON.stringify(query)}`, signal, (s) => this.provider.getTickers(query, s));
  }

  getQuotes(coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]> {
    return this.batched(coinIds, (batch) =>
      this.call(`quotes:${batch.join(',')}`, signal, (s) => this.provider.getQuotes(batch, s)),
    );
  }

  getOrderBook(pair: PairQuery, depth: number, signal: AbortSignal): Promise<OrderBookSnapshot> {
    return this.call(`book:${pair.exchangeId}:${pair.coinId}:${pair.quote}:${depth}`, signal, (s) =>
      this.provider.getOrderBook(pair, depth, s),
    );
  }

  getTrades(pair: PairQuery, since: number | null, signal: AbortSignal): Promise<TradePrint[]> {
    return this.call(`trades:${pair.exchangeId}:${pair.coinId}:${pair.quote}:${since}`, signal, (s) =>
      this.provider.getTrades(pair, since, s),
    );
  }

  getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]> {
    return this.call(`candles:${JSON.stringify(query)}`, signal, (s) => this.provider.getCandles(query, s));
  }

  getExchangeRates(signal: AbortSignal): Promise<ExchangeRates> {
    return this.cached('rates', this.options.cacheTtlMs.rates, () =>
      this.call('rates', signal, (s) => this.provider.getExchangeRates(s)),
    );
  }

  getSocial(coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.cached(`social:${coinIds.join(',')}`, this.options.cacheTtlMs.signals, () =>
      this.batched(coinIds, (batch) =>
        this.call(`social:${batch.join(',')}`, signal, (s) => this.provider.getSocial(batch, s)),
      ),
    );
  }

  getOnChain(coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    return this.cached(`onchain:${coinIds.join(',')}`, this.options.cacheTtlMs.signals, () =>
      this.batched(coinIds, (batch) =>
        this.call(`onchain:${batch.join(',')}`, signal, (s) => this.provider.getOnChain(batch, s)),
      ),
    );
  }

  getDeveloper(coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.cached(`developer:${coinIds.join(',')}`, this.options.cacheTtlMs.signals, () =>
      this.batched(coinIds, (batch) =>
        this.call(`developer:${batch.join(',')}`, signal, (s) => this.provider.getDeveloper(batch, s)),
      ),
    );
  }

  getAnnouncements(since: number, signal: AbortSignal): Promise<Announcement[]> {
    return this.call(`announcements:${since}`, signal, (s) => this.provider.getAnnouncements(since, s));
  }

  healthCheck(signal: AbortSignal): Promise<boolean> {
    return this.call('health', signal, (s) => this.provider.healthCheck(s));
  }

  sourceOf(capability: Capability): string {
    return this.provider.sourceOf?.(capability) ?? this.provider.name;
  }

  logoSvg(kind: 'coins' | 'exchanges', id: string): string | null {
    return this.provider.logoSvg?.(kind, id) ?? null;
  }

  historyHorizon(resolution: Resolution, now: number): number | null {
    return this.provider.historyHorizon?.(resolution, now) ?? null;
  }

  /** Reuses a settled answer until it expires; a failed one is forgotten at once. */
  private cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.cache.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value as Promise<T>;
    const value = load();
    this.cache.set(key, { expiresAt: this.now() + ttlMs, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private async batched<T>(ids: readonly string[], load: (batch: string[]) => Promise<T[]>): Promise<T[]> {
    const batches: string[][] = [];
    for (let offset = 0; offset < ids.length; offset += this.options.maxBatchSize)
      batches.push(ids.slice(offset, offset + this.options.maxBatchSize));
    return (await Promise.all(batches.map(load))).flat();
  }

  /** Single-flight, paced, bounded and time-limited call of the wrapped provider. */
  private call<T>(key: string, signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = this.throttled(signal, run).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async throttled<T>(signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.pausedUntil > this.now()) throw new RateLimitedError(this.name, this.pausedUntil - this.now());
    await this.acquire(signal);
    try {
      const wait = this.nextStartAt - this.now();
      this.nextStartAt = Math.max(this.now(), this.nextStartAt) + this.options.minIntervalMs;
      if (wait > 0) await delay(wait, signal);
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      try {
        return await run(AbortSignal.any([signal, timeout]));
      } catch (error) {
        if (error instanceof RateLimitedError) this.pausedUntil = this.now() + error.retryAfterMs;
        if (timeout.aborted && !signal.aborted)
          throw new UnavailableError(this.name, `timed out after ${this.options.timeoutMs} ms`, {
            cause: error,
          });
        throw error;
      }
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.options.maxConcurrent) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(() => {
        signal.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      });
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });
}

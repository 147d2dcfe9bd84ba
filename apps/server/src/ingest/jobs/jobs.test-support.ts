import type {
  AggregateQuote,
  Candle,
  CandleQuery,
  Capability,
  CoinProfile,
  DeveloperSnapshot,
  ExchangeProfile,
  ExchangeRates,
  MarketDataProvider,
  OnChainSnapshot,
  SocialSnapshot,
  TickerQuery,
  VenueTicker,
} from '@coinlens/market-model';
import { PartialProvider } from '@coinlens/market-model';
import { emptyCoinState, emptyExchangeState, MarketSnapshot } from '../../market-store/market-snapshot.js';

/** The fixed clock of the job tests. */
export const NOW = Date.UTC(2026, 10, 29, 12, 0);

export function coinProfile(id: string, overrides: Partial<CoinProfile> = {}): CoinProfile {
  return {
    id,
    symbol: id.slice(0, 4).toUpperCase(),
    name: id,
    localNames: {},
    logo: `/logos/coins/${id}.svg`,
    circulatingSupply: null,
    totalSupply: null,
    maxSupply: null,
    issueDate: null,
    issueType: null,
    publicChain: null,
    consensus: null,
    blockTimeSeconds: null,
    coreAlgorithm: null,
    mining: null,
    sectors: [],
    links: {},
    description: null,
    stablecoin: false,
    ...overrides,
  };
}

export function exchangeProfile(id: string, overrides: Partial<ExchangeProfile> = {}): ExchangeProfile {
  return {
    id,
    name: id,
    localNames: {},
    logo: `/logos/exchanges/${id}.svg`,
    kind: 'centralized',
    established: null,
    registrationPlace: null,
    kyc: null,
    amlCertified: null,
    chineseSupport: null,
    apiAvailable: null,
    fees: null,
    website: null,
    platformToken: null,
    burn: null,
    reservesUsd: null,
    monthlyVisits: null,
    ...overrides,
  };
}

/** A snapshot that knows these coins and exchanges by their profiles, before any tick or score. */
export function marketOf(
  coins: readonly CoinProfile[],
  exchanges: readonly ExchangeProfile[] = [],
): MarketSnapshot {
  const snapshot = new MarketSnapshot(60_000);
  for (const profile of coins) snapshot.coins.set(profile.id, emptyCoinState(profile));
  for (const profile of exchanges) snapshot.exchanges.set(profile.id, emptyExchangeState(profile, 0));
  return snapshot;
}

/** One USDT pair of `coinId` on `exchangeId` at `priceUsd`, with a 0.2 % spread and $1M a day. */
export function venueTicker(
  coinId: string,
  exchangeId: string,
  priceUsd: number,
  overrides: Partial<VenueTicker> = {},
): VenueTicker {
  return {
    exchangeId,
    coinId,
    base: coinId.toUpperCase(),
    quote: 'USDT',
    last: priceUsd,
    lastUsd: priceUsd,
    bidUsd: priceUsd * 0.999,
    askUsd: priceUsd * 1.001,
    volumeBase24h: 1_000_000 / priceUsd,
    volumeUsd24h: 1_000_000,
    timestamp: NOW,
    ...overrides,
  };
}

/** A signal no one aborts. */
export const running = (): AbortSignal => new AbortController().signal;

/** What a scripted source answers, per capability (a script that throws fails the call); tests change it. */
export interface Script {
  coins: CoinProfile[];
  exchanges: ExchangeProfile[];
  tickers: VenueTicker[];
  quotes: AggregateQuote[];
  candles: (query: CandleQuery) => Candle[];
  rates: ExchangeRates;
  social: SocialSnapshot[];
  onChain: OnChainSnapshot[];
  developer: DeveloperSnapshot[];
}

type ScriptedCall = keyof Script;

const CAPABILITY_OF: Readonly<Record<ScriptedCall, Capability>> = {
  coins: 'coins',
  exchanges: 'exchanges',
  tickers: 'tickers',
  quotes: 'quotes',
  candles: 'candles',
  rates: 'exchangeRates',
  social: 'social',
  onChain: 'onChain',
  developer: 'developer',
};

/**
 * A source that offers only `capabilities` (anything else rejects with UnsupportedError, as a real partial source
 * does), answers what the script says, and fails where told: `failures` holds, per call, the errors its next calls
 * reject with, in order. Like a real source it rejects a call made once the signal is aborted. `asked` records
 * every call that reached it (with the coin, for candles).
 */
export class ScriptedSource extends PartialProvider implements MarketDataProvider {
  readonly name = 'scripted';
  readonly capabilities: ReadonlySet<Capability>;
  readonly script: Script = {
    coins: [],
    exchanges: [],
    tickers: [],
    quotes: [],
    candles: () => [],
    rates: { rates: [], timestamp: NOW },
    social: [],
    onChain: [],
    developer: [],
  };
  readonly failures = new Map<ScriptedCall, Error[]>();
  readonly asked: string[] = [];
  /** Runs as each answer arrives, after the source has checked the signal (to abort a run part-way). */
  answering: (call: ScriptedCall) => void = () => {};

  constructor(capabilities: readonly Capability[]) {
    super();
    this.capabilities = new Set(capabilities);
  }

  failNext(call: ScriptedCall, ...errors: Error[]): void {
    this.failures.set(call, [...(this.failures.get(call) ?? []), ...errors]);
  }

  override getCoins(signal: AbortSignal): Promise<CoinProfile[]> {
    return this.answer('coins', 'coins', signal, () => this.script.coins);
  }

  override getExchanges(signal: AbortSignal): Promise<ExchangeProfile[]> {
    return this.answer('exchanges', 'exchanges', signal, () => this.script.exchanges);
  }

  override getTickers(_query: TickerQuery, signal: AbortSignal): Promise<VenueTicker[]> {
    return this.answer('tickers', 'tickers', signal, () => this.script.tickers);
  }

  override getQuotes(_coinIds: readonly string[], signal: AbortSignal): Promise<AggregateQuote[]> {
    return this.answer('quotes', 'quotes', signal, () => this.script.quotes);
  }

  override getCandles(query: CandleQuery, signal: AbortSignal): Promise<Candle[]> {
    return this.answer('candles', `candles ${query.coinId}`, signal, () => this.script.candles(query));
  }

  override getExchangeRates(signal: AbortSignal): Promise<ExchangeRates> {
    return this.answer('rates', 'rates', signal, () => this.script.rates);
  }

  override getSocial(_coinIds: readonly string[], signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.answer('social', 'social', signal, () => this.script.social);
  }

  override getOnChain(_coinIds: readonly string[], signal: AbortSignal): Promise<OnChainSnapshot[]> {
    return this.answer('onChain', 'onChain', signal, () => this.script.onChain);
  }

  override getDeveloper(_coinIds: readonly string[], signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.answer('developer', 'developer', signal, () => this.script.developer);
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private async answer<T>(
    call: ScriptedCall,
    record: string,
    signal: AbortSignal,
    read: () => T,
  ): Promise<T> {
    this.asked.push(record);
    if (!this.capabilities.has(CAPABILITY_OF[call])) return this.unsupported(call);
    const failure = this.failures.get(call)?.shift();
    if (failure) throw failure;
    signal.throwIfAborted();
    this.answering(call);
    return read();
  }
}

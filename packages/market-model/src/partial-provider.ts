import type {
  CandleQuery,
  Capability,
  MarketDataProvider,
  PairQuery,
  TickerQuery,
} from './market-data-provider.js';
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
  SocialSnapshot,
  TradePrint,
  VenueTicker,
} from './market-model.js';
import { UnsupportedError } from './provider-errors.js';

/**
 * A provider that offers only some capabilities: every method it does not override rejects with
 * `UnsupportedError`, so each source writes only what it has (and the registry composes sources per capability).
 */
export abstract class PartialProvider implements MarketDataProvider {
  abstract readonly name: string;
  abstract readonly capabilities: ReadonlySet<Capability>;

  abstract healthCheck(signal: AbortSignal): Promise<boolean>;

  protected unsupported<T>(what: string): Promise<T> {
    return Promise.reject(new UnsupportedError(this.name, `${what} are not offered`));
  }

  getCoins(_signal: AbortSignal): Promise<CoinProfile[]> {
    return this.unsupported('coin profiles');
  }

  getExchanges(_signal: AbortSignal): Promise<ExchangeProfile[]> {
    return this.unsupported('exchange profiles');
  }

  getTickers(_query: TickerQuery, _signal: AbortSignal): Promise<VenueTicker[]> {
    return this.unsupported('venue tickers');
  }

  getQuotes(_coinIds: readonly string[], _signal: AbortSignal): Promise<AggregateQuote[]> {
    return this.unsupported('aggregate quotes');
  }

  getOrderBook(_pair: PairQuery, _depth: number, _signal: AbortSignal): Promise<OrderBookSnapshot> {
    return this.unsupported('order books');
  }

  getTrades(_pair: PairQuery, _since: number | null, _signal: AbortSignal): Promise<TradePrint[]> {
    return this.unsupported('trades');
  }

  getCandles(_query: CandleQuery, _signal: AbortSignal): Promise<Candle[]> {
    return this.unsupported('candles');
  }

  getExchangeRates(_signal: AbortSignal): Promise<ExchangeRates> {
    return this.unsupported('exchange rates');
  }

  getSocial(_coinIds: readonly string[], _signal: AbortSignal): Promise<SocialSnapshot[]> {
    return this.unsupported('social signals');
  }

  getOnChain(_coinIds: readonly string[], _signal: AbortSignal): Promise<OnChainSnapshot[]> {
    return this.unsupported('on-chain signals');
  }

  getDeveloper(_coinIds: readonly string[], _signal: AbortSignal): Promise<DeveloperSnapshot[]> {
    return this.unsupported('developer activity figures');
  }

  getAnnouncements(_since: number, _signal: AbortSignal): Promise<Announcement[]> {
    return this.unsupported('announcements');
  }
}

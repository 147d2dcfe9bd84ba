import type {
  AppLanguage,
  CoinListItem,
  CoinListQuery,
  ConceptItem,
  ExchangeListItem,
} from '@coinlens/contract';

import type { CoinState } from './market-snapshot.js';

/** When the answer's figures were taken and whether the market has gone stale since. */
export interface Freshness {
  as_of: number;
  stale: boolean;
}

/** What orders and selects a coin list, without its page and currency. */
export type CoinOrderQuery = Omit<CoinListQuery, 'page' | 'page_size' | 'currency'>;

/** A whole list in one currency, with its freshness. */
export type PricedList<T> = { list: T[]; currency: string } & Freshness;

/**
 * The market's read side as the live socket and search use it: lists and items in a caller's currency and
 * language. The market module's service implements it, so neither reaches into that module.
 */
export interface MarketReader {
  freshness(): Freshness;
  orderedCoins(query: CoinOrderQuery, watchlist: readonly string[] | null): CoinState[];
  coinsByIds(ids: readonly string[], currency: string, language: AppLanguage): CoinListItem[];
  exchangesByIds(ids: readonly string[], currency: string, language: AppLanguage): ExchangeListItem[];
  conceptList(currency: string, language: AppLanguage): PricedList<ConceptItem>;
  hotSearchCoins(limit: number, currency: string, language: AppLanguage): Promise<PricedList<CoinListItem>>;
}

import { queryOptions } from '@tanstack/react-query';

import type { CoinListQuery, ExchangeListQuery } from '@coinlens/contract';

import { pagedProcedureQuery, procedureQuery } from '@/lib/gateway/procedure-query';

/** Rows per pull-up page of the long lists. */
export const LIST_PAGE_SIZE = 50;

export type CoinListParams = Pick<CoinListQuery, 'sort' | 'filter' | 'currency'> &
  Partial<Pick<CoinListQuery, 'order' | 'concept' | 'hide_low_quality'>>;
export type ExchangeListParams = Pick<ExchangeListQuery, 'sort' | 'kind' | 'currency'> &
  Partial<Pick<ExchangeListQuery, 'order'>>;

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Query options of every market read (appmarket_msrv). Keys are `[procedure, payload]`. */
export const marketQueries = {
  globalStats: (currency: string) => procedureQuery('appmarket_msrv/global_stats', { currency }),
  coinList: (params: CoinListParams) =>
    pagedProcedureQuery('appmarket_msrv/coin_list', {
      ...withoutUndefined(params),
      page_size: LIST_PAGE_SIZE,
    }),
  coinDetail: (coinId: string, currency: string) =>
    procedureQuery('appmarket_msrv/coin_detail', { coin_id: coinId, currency }),
  coinScore: (coinId: string, currency: string) =>
    procedureQuery('appmarket_msrv/coin_score', { coin_id: coinId, currency }),
  coinTickers: (coinId: string, currency: string) =>
    pagedProcedureQuery('appmarket_msrv/coin_tickers', {
      coin_id: coinId,
      currency,
      page_size: LIST_PAGE_SIZE,
    }),
  concepts: (currency: string) => procedureQuery('appmarket_msrv/concept_list', { currency }),
  hotSearchCoins: (limit: number, currency: string) =>
    procedureQuery('appmarket_msrv/hot_search_coins', { limit, currency }),
  exchangeList: (params: ExchangeListParams) =>
    pagedProcedureQuery('appmarket_msrv/exchange_list', {
      ...withoutUndefined(params),
      page_size: LIST_PAGE_SIZE,
    }),
  exchangeDetail: (exchangeId: string, currency: string) =>
    procedureQuery('appmarket_msrv/exchange_detail', { exchange_id: exchangeId, currency }),
  exchangeTickers: (exchangeId: string, currency: string) =>
    pagedProcedureQuery('appmarket_msrv/exchange_tickers', {
      exchange_id: exchangeId,
      currency,
      page_size: LIST_PAGE_SIZE,
    }),
  /** The currencies rarely change: kept for the session. */
  currencies: () =>
    queryOptions({
      ...procedureQuery('appmarket_msrv/get_gecko_supported_dict_currency', {}),
      staleTime: 60 * 60_000,
    }),
};

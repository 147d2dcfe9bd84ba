import { queryOptions } from '@tanstack/react-query';

import { procedureQuery } from '@/lib/gateway/procedure-query';

/** Coins the picker lists before anything is typed: the first page by rank. */
export const PICKER_TOP_COINS = 100;
/** Coins a typed search asks for. */
export const PICKER_SEARCH_COINS = 20;

/** The converter's reads (appmarket_msrv, appsearch_msrv). */
export const converterQueries = {
  /** Units of every display currency per USD; they move with the rates job, not every tick. */
  rates: () =>
    queryOptions({
      ...procedureQuery('appmarket_msrv/get_gecko_exchange_rates', {}),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
  /** The same answer (and cache entry) as the coin page's: live ticks patch it and re-render its readers. */
  coinDetail: (coinId: string, currency: string) =>
    procedureQuery('appmarket_msrv/coin_detail', { coin_id: coinId, currency }),
  topCoins: (currency: string) =>
    procedureQuery('appmarket_msrv/coin_list', {
      page: 1,
      page_size: PICKER_TOP_COINS,
      sort: 'rank',
      filter: 'all',
      hide_low_quality: false,
      currency,
    }),
  searchCoins: (keyword: string, currency: string) =>
    queryOptions({
      ...procedureQuery('appsearch_msrv/search', {
        keyword,
        type: 'coin',
        page: 1,
        page_size: PICKER_SEARCH_COINS,
        currency,
      }),
      staleTime: 30_000,
    }),
};

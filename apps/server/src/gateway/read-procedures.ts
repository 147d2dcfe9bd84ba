import type { ProcedureName } from '@coinlens/contract';

/**
 * Procedures that only read: replaying one within the signature window fetches again what the caller could
 * fetch anyway, so the shared replay guard lets them through while Redis is down (market data keeps
 * answering). Every procedure not listed here is taken to change state and is refused during such an outage:
 * a new procedure is safe until someone decides it only reads.
 */
export const READ_PROCEDURES: ReadonlySet<ProcedureName> = new Set<ProcedureName>([
  'appadvert_msrv/advertise_adinfo_by_adposid',
  'appsys_msrv/app_config',
  'appsys_msrv/version_check',
  'appsys_msrv/push_config',
  'appcontent_msrv/fastnews_list',
  'appcontent_msrv/news_list',
  'appcontent_msrv/news_detail',
  'appcontent_msrv/comment_list',
  'appinbox_msrv/inbox_message_list',
  'appinbox_msrv/inbox_message_unread_num',
  'appmarket_msrv/get_gecko_supported_dict_currency',
  'appmarket_msrv/get_gecko_exchange_rates',
  'appmarket_msrv/global_stats',
  'appmarket_msrv/coin_list',
  'appmarket_msrv/coin_detail',
  'appmarket_msrv/coin_score',
  'appmarket_msrv/coin_kline',
  'appmarket_msrv/coin_tickers',
  'appmarket_msrv/concept_list',
  'appmarket_msrv/hot_search_coins',
  'appmarket_msrv/exchange_list',
  'appmarket_msrv/exchange_detail',
  'appmarket_msrv/exchange_tickers',
  'appmarket_msrv/watch_coins_list',
  'appmarket_msrv/watch_exchange_list',
  'appsearch_msrv/search',
  'appsearch_msrv/hot_search',
  'appsearch_msrv/hot_concepts',
  'user_msrv/country_list',
  'user_msrv/user_info',
  'user_msrv/security_info',
]);

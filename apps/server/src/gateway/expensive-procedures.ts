import type { ProcedureName } from '@coinlens/contract';

/**
 * Procedures whose cost grows with what the caller holds or asks for (coins × candles, a ledger, a keyword over
 * every name, a page read from the database), not an answer built once for everyone and kept in memory: each
 * call's handler time is charged to the caller's cost budget, and a caller may run only
 * COST_BUDGET_CONCURRENT_CALLS of them at once (caller-cost-budget.ts). The rest cost about the same small
 * amount each, and the call count limit (RATE_LIMIT_PER_MINUTE) bounds them. `npm run bench:cost` times the
 * candidates of each module.
 */
export const EXPENSIVE_PROCEDURES: ReadonlySet<ProcedureName> = new Set<ProcedureName>([
  'appportfolio_msrv/portfolio_history',
  'appportfolio_msrv/portfolio_summary',
  'appportfolio_msrv/portfolio_export',
  'appportfolio_msrv/portfolio_import',
  'appportfolio_msrv/transaction_list',
  'appsearch_msrv/search',
  'appmarket_msrv/coin_kline',
  'appmarket_msrv/coin_tickers',
  'appmarket_msrv/exchange_tickers',
  'appalert_msrv/alert_list',
  'appalert_msrv/alert_firing_list',
  'appcontent_msrv/news_list',
  'appcontent_msrv/fastnews_list',
  'appcontent_msrv/comment_list',
  'appinbox_msrv/inbox_message_list',
]);

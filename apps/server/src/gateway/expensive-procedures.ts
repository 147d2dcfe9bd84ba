import type { ProcedureName } from '@coinlens/contract';

/**
 * Procedures whose cost grows with what the caller holds or asks for (coins × candles, a ledger, a keyword over
 * every name), not with a shared answer built once for everyone: a caller may run only a few of them at once
 * (COST_BUDGET_CONCURRENT_CALLS; more wait their turn). Every call, of these or not, is charged its time to
 * the caller's cost budget (caller-cost-budget.ts). `npm run bench:cost` times the candidates of each module.
 */
export const EXPENSIVE_PROCEDURES: ReadonlySet<ProcedureName> = new Set<ProcedureName>([
  'appportfolio_msrv/portfolio_history',
  'appportfolio_msrv/portfolio_summary',
  'appportfolio_msrv/portfolio_export',
  'appportfolio_msrv/portfolio_import',
  'appsearch_msrv/search',
  'appmarket_msrv/coin_kline',
]);

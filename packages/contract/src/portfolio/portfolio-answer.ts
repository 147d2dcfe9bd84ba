/**
 * Between the valuation (portfolio-valuation.ts) and the portfolio_summary answer: the server writes its totals
 * from a valuation, and the web values the answer's holdings again at live quotes — both through these.
 */
import type { PortfolioHolding, PortfolioTotals } from '../procedures/portfolio.schema.js';
import type { CoinQuote, HoldingBasis, PortfolioValuation } from './portfolio-valuation.js';

export function basisOfHolding(holding: PortfolioHolding): HoldingBasis {
  return {
    coinId: holding.coin_id,
    amount: holding.amount,
    costBasis: holding.cost_basis,
    realisedPnl: holding.realised_pnl,
  };
}

/** The quote a summary answer was valued at. */
export function quoteOfHolding(holding: PortfolioHolding): CoinQuote {
  return { price: holding.price, change24h: holding.change_24h };
}

export function totalsOfValuation(valuation: PortfolioValuation): PortfolioTotals {
  return {
    value: valuation.value,
    cost_basis: valuation.costBasis,
    unrealised_pnl: valuation.unrealisedPnl,
    unrealised_pnl_percent: valuation.unrealisedPnlPct,
    realised_pnl: valuation.realisedPnl,
    total_pnl: valuation.totalPnl,
    value_change_24h: valuation.change24h,
  };
}

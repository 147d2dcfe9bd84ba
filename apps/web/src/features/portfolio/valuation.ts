/**
 * The portfolio's figures re-valued at live prices: the server answers amounts and cost (portfolio_summary), a
 * tick moves a coin's price and 24 h change, and these pure functions give what the screen shows. Amounts held
 * over the last 24 h are taken as today's (the 24 h change is the holdings' own, not the trades').
 */

/** What a holding carries that does not move with the market. */
export interface HoldingBasis {
  coinId: string;
  amount: number;
  /** What the amount held cost, fees included, in the display currency. */
  costBasis: number;
  realisedPnl: number;
}

/** A coin's live market figures in the display currency; null when unknown. */
export interface CoinQuote {
  price: number | null;
  /** Percent. */
  change24h: number | null;
}

export interface HoldingValuation {
  value: number | null;
  unrealisedPnl: number | null;
  /** Percent of the cost basis; null without a cost (transfers in at no price). */
  unrealisedPct: number | null;
  /** The value's move over 24 h, in the display currency. */
  change24h: number | null;
}

export interface PortfolioTotals {
  /** Of the holdings with a price. */
  value: number;
  costBasis: number;
  unrealisedPnl: number;
  realisedPnl: number;
  totalPnl: number;
  /** Total P&L as a percent of the cost basis of what is held; null without one. */
  totalPnlPct: number | null;
  change24h: number;
  /** Percent of the value 24 h ago; null when that was nothing. */
  change24hPct: number | null;
}

export interface AllocationSlice {
  coinId: string;
  /** 0–1 of the portfolio's value. */
  share: number;
}

const NO_QUOTE: CoinQuote = { price: null, change24h: null };

function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

/** The value 24 h ago of what is worth `value` now after a move of `changePct` percent. */
function valueBefore(value: number, changePct: number): number {
  return value / (1 + changePct / 100);
}

export function valueHolding(holding: HoldingBasis, quote: CoinQuote = NO_QUOTE): HoldingValuation {
  if (quote.price === null || !Number.isFinite(quote.price)) {
    return { value: null, unrealisedPnl: null, unrealisedPct: null, change24h: null };
  }
  const value = holding.amount * quote.price;
  const unrealisedPnl = value - holding.costBasis;
  const change24h =
    quote.change24h === null || quote.change24h <= -100 ? null : value - valueBefore(value, quote.change24h);
  return { value, unrealisedPnl, unrealisedPct: percentOf(unrealisedPnl, holding.costBasis), change24h };
}

/**
 * The totals at these quotes. A holding without a price adds its realised P&L but neither value nor cost, so
 * an unpriced coin does not show as a loss of its whole cost.
 */
export function portfolioTotals(
  holdings: readonly HoldingBasis[],
  quotes: ReadonlyMap<string, CoinQuote>,
): PortfolioTotals {
  let value = 0;
  let costBasis = 0;
  let unrealisedPnl = 0;
  let realisedPnl = 0;
  let change24h = 0;
  let valueBefore24h = 0;
  for (const holding of holdings) {
    realisedPnl += holding.realisedPnl;
    const valuation = valueHolding(holding, quotes.get(holding.coinId));
    if (valuation.value === null || valuation.unrealisedPnl === null) continue;
    value += valuation.value;
    costBasis += holding.costBasis;
    unrealisedPnl += valuation.unrealisedPnl;
    if (valuation.change24h !== null) {
      change24h += valuation.change24h;
      valueBefore24h += valuation.value - valuation.change24h;
    } else valueBefore24h += valuation.value;
  }
  const totalPnl = unrealisedPnl + realisedPnl;
  return {
    value,
    costBasis,
    unrealisedPnl,
    realisedPnl,
    totalPnl,
    totalPnlPct: percentOf(totalPnl, costBasis),
    change24h,
    change24hPct: percentOf(change24h, valueBefore24h),
  };
}

/** Each priced holding's share of the value, largest first; nothing when the value is nothing. */
export function allocation(
  holdings: readonly HoldingBasis[],
  quotes: ReadonlyMap<string, CoinQuote>,
): AllocationSlice[] {
  const values = holdings
    .map((holding) => ({
      coinId: holding.coinId,
      value: valueHolding(holding, quotes.get(holding.coinId)).value,
    }))
    .filter((entry): entry is { coinId: string; value: number } => entry.value !== null && entry.value > 0);
  const total = values.reduce((sum, entry) => sum + entry.value, 0);
  if (total <= 0) return [];
  return values
    .map((entry) => ({ coinId: entry.coinId, share: entry.value / total }))
    .sort((a, b) => b.share - a.share || a.coinId.localeCompare(b.coinId));
}

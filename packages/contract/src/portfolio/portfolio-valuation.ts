/**
 * The one valuation of a portfolio, used by the server's summary and by the web's live re-valuation: what a
 * holding is worth at a quote, and what the holdings add up to. Pure; money in one currency (whatever the
 * caller's figures are in). The rules are explained in docs/portfolio.md ("Valuation").
 */

/** What a holding carries that does not move with the market. */
export interface HoldingBasis {
  coinId: string;
  /** Coins held now; 0 for a closed position. */
  amount: number;
  /** What the coins held cost, fees included. */
  costBasis: number;
  realisedPnl: number;
}

/** A coin's market figures; null when unknown. */
export interface CoinQuote {
  price: number | null;
  /** Percent. */
  change24h: number | null;
}

export interface HoldingValuation {
  /** amount × price; null without a price. */
  value: number | null;
  /** value − cost basis. */
  unrealisedPnl: number | null;
  /** Unrealised P&L in percent of the cost basis; null without a value or without a cost. */
  unrealisedPct: number | null;
  /** The value's move over 24 h in money; null when the price's 24 h change is unknown or not valid. */
  change24h: number | null;
}

/** The totals of a portfolio at its quotes. Value and cost count the priced holdings only. */
export interface PortfolioValuation {
  value: number;
  /** The cost of the priced holdings: the same holdings as the value, so value − cost is the unrealised P&L. */
  costBasis: number;
  unrealisedPnl: number;
  /** Unrealised P&L in percent of the cost basis; null without one. */
  unrealisedPnlPct: number | null;
  /** Of every holding, priced or not, open or closed. */
  realisedPnl: number;
  /** Unrealised + realised. */
  totalPnl: number;
  /** Total P&L in percent of the cost basis (of what is held and priced); null without one. */
  totalPnlPct: number | null;
  /** The value's move over 24 h at today's amounts; null when no held, priced coin has a 24 h change. */
  change24h: number | null;
  /** The 24 h move in percent of the value 24 h ago; null without a move or when that value was nothing. */
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

/** The value 24 h ago of what is worth `value` now after a move of `changePct` percent; null for no valid move. */
function moveOver24h(value: number, changePct: number | null): number | null {
  // A fall of 100 % or more would mean the coin was worth nothing or less a day ago: not a valid prior value.
  if (changePct === null || !Number.isFinite(changePct) || changePct <= -100) return null;
  return value - value / (1 + changePct / 100);
}

export function valueHolding(holding: HoldingBasis, quote: CoinQuote = NO_QUOTE): HoldingValuation {
  if (quote.price === null || !Number.isFinite(quote.price)) {
    return { value: null, unrealisedPnl: null, unrealisedPct: null, change24h: null };
  }
  const value = holding.amount * quote.price;
  const unrealisedPnl = value - holding.costBasis;
  return {
    value,
    unrealisedPnl,
    unrealisedPct: percentOf(unrealisedPnl, holding.costBasis),
    change24h: moveOver24h(value, quote.change24h),
  };
}

/**
 * The totals at these quotes. A holding without a price adds its realised P&L but neither value nor cost, so an
 * unpriced coin does not show as a loss of its whole cost; a held, priced coin without a valid 24 h change counts
 * as unchanged in the 24 h percent.
 */
export function valuePortfolio(
  holdings: readonly HoldingBasis[],
  quotes: ReadonlyMap<string, CoinQuote>,
): PortfolioValuation {
  let value = 0;
  let costBasis = 0;
  let unrealisedPnl = 0;
  let realisedPnl = 0;
  let change24h: number | null = null;
  let valueBefore24h = 0;
  for (const holding of holdings) {
    realisedPnl += holding.realisedPnl;
    const valuation = valueHolding(holding, quotes.get(holding.coinId));
    if (valuation.value === null || valuation.unrealisedPnl === null) continue;
    value += valuation.value;
    costBasis += holding.costBasis;
    unrealisedPnl += valuation.unrealisedPnl;
    if (holding.amount <= 0) continue;
    valueBefore24h += valuation.value - (valuation.change24h ?? 0);
    if (valuation.change24h !== null) change24h = (change24h ?? 0) + valuation.change24h;
  }
  const totalPnl = unrealisedPnl + realisedPnl;
  return {
    value,
    costBasis,
    unrealisedPnl,
    unrealisedPnlPct: percentOf(unrealisedPnl, costBasis),
    realisedPnl,
    totalPnl,
    totalPnlPct: percentOf(totalPnl, costBasis),
    change24h,
    change24hPct: change24h === null ? null : percentOf(change24h, valueBefore24h),
  };
}

/** Each holding's share of the value, largest first; only holdings worth something, nothing when none is. */
export function portfolioAllocation(
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

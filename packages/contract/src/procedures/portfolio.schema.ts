import { z } from 'zod';

import {
  PORTFOLIO_DECIMAL_FRACTION_DIGITS,
  PORTFOLIO_DECIMAL_INTEGER_DIGITS,
  PORTFOLIO_IMPORT_MAX_CHARS,
  PORTFOLIO_NOTE_MAX_LENGTH,
} from '../validation/limits.js';
import { defineProcedure } from './define-procedure.js';
import { DISPLAY_CURRENCIES } from './display-currencies.js';
import { freshness, page, pageSize } from './shared-fields.js';

export const PORTFOLIO_TRANSACTION_TYPES = ['buy', 'sell', 'transfer_in', 'transfer_out'] as const;
export type PortfolioTransactionType = (typeof PORTFOLIO_TRANSACTION_TYPES)[number];
/** Buys and sells need a price; a transfer may carry one (a transfer in: its cost basis) or none. */
export const PORTFOLIO_PRICED_TYPES: readonly PortfolioTransactionType[] = ['buy', 'sell'];
export const PORTFOLIO_HISTORY_RANGES = ['day', 'week', 'month', 'year', 'all'] as const;
export type PortfolioHistoryRange = (typeof PORTFOLIO_HISTORY_RANGES)[number];
export const PORTFOLIO_IMPORT_FORMATS = ['coinlens', 'generic'] as const;
export type PortfolioImportFormat = (typeof PORTFOLIO_IMPORT_FORMATS)[number];
/** The genesis block: no crypto transaction is older. */
export const PORTFOLIO_EARLIEST_TIME = Date.UTC(2009, 0, 3);

const DISPLAY_CURRENCY_CODES = DISPLAY_CURRENCIES.map((entry) => entry.currency_code) as [
  string,
  ...string[],
];
const displayCurrency = z.string().trim().toLowerCase().pipe(z.enum(DISPLAY_CURRENCY_CODES));
const coinId = z.string().trim().min(1).max(100);
const transactionId = z.number().int().positive();

const DECIMAL_PATTERN = new RegExp(
  `^\\d{1,${PORTFOLIO_DECIMAL_INTEGER_DIGITS}}(\\.\\d{1,${PORTFOLIO_DECIMAL_FRACTION_DIGITS}})?$`,
);
/**
 * Amounts, prices and fees travel as decimal text ("0.015", "64250.5"), never as binary floats, so what the user
 * typed is stored and returned exactly. The server answers them in canonical form (no leading or trailing zeros).
 */
export const portfolioDecimal = z.string().trim().regex(DECIMAL_PATTERN, 'not a decimal number');
const positiveDecimal = portfolioDecimal.refine((text) => /[1-9]/.test(text), 'must be greater than 0');

/** What a caller sends to record or change a transaction. */
export const portfolioTransactionDraft = z.object({
  coin_id: coinId,
  type: z.enum(PORTFOLIO_TRANSACTION_TYPES),
  /** Coins moved, > 0. */
  amount: positiveDecimal,
  /** Per unit, in `price_currency`. Required for buy and sell; optional for transfers (see docs/portfolio.md). */
  price: portfolioDecimal.nullish(),
  /** One of the 39 display currencies. */
  price_currency: displayCurrency.default('usd'),
  fee: portfolioDecimal.default('0'),
  /** Omitted or null: the price's currency. */
  fee_currency: displayCurrency.nullish(),
  /** When it happened, ms since the epoch; not before 2009-01-03 and not in the future. */
  time: z.number().int().min(PORTFOLIO_EARLIEST_TIME),
  note: z.string().trim().max(PORTFOLIO_NOTE_MAX_LENGTH).default(''),
});
export type PortfolioTransactionDraft = z.output<typeof portfolioTransactionDraft>;

const coinLabel = z.object({ symbol: z.string(), name: z.string(), logo: z.string() });

export const portfolioTransaction = z.object({
  id: z.number().int(),
  coin_id: z.string(),
  /** The coin as the market knows it now; null if the market no longer lists it. */
  coin: coinLabel.nullable(),
  type: z.enum(PORTFOLIO_TRANSACTION_TYPES),
  amount: z.string(),
  price: z.string().nullable(),
  price_currency: z.string(),
  fee: z.string(),
  fee_currency: z.string(),
  /**
   * Units of the price's (fee's) currency per US dollar, fixed when the transaction was recorded: the rate that
   * turns this transaction into the portfolio's US-dollar accounts (docs/portfolio.md, "Currencies").
   */
  price_usd_rate: z.string(),
  fee_usd_rate: z.string(),
  time: z.number().int(),
  note: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type PortfolioTransaction = z.infer<typeof portfolioTransaction>;

/** One coin's position. Money figures are in the answer's `currency`; percents are percent (12.5 = 12.5 %). */
export const portfolioHolding = z.object({
  coin_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  /** Name in the caller's language where one exists. */
  local_name: z.string(),
  logo: z.string(),
  /** The coin's current price; null when the market has none (then value and unrealised figures are null). */
  price: z.number().nullable(),
  change_24h: z.number().nullable(),
  /** Coins held now; 0 for a closed position (kept for its realised P&L). */
  amount: z.number(),
  /** Cost per coin held (average-cost basis, fees included); null when nothing is held. */
  average_cost: z.number().nullable(),
  /** What the coins held cost: amount × average_cost. */
  cost_basis: z.number(),
  /** amount × price. */
  value: z.number().nullable(),
  /** value − cost_basis. */
  unrealised_pnl: z.number().nullable(),
  /** unrealised_pnl / cost_basis in percent; null when the cost basis is 0. */
  unrealised_pnl_percent: z.number().nullable(),
  /** Gains and losses of sells (and transfer fees) so far. */
  realised_pnl: z.number(),
  /** Percent of the portfolio's value; null when the value is unknown. */
  allocation: z.number().nullable(),
  transaction_count: z.number().int(),
});
export type PortfolioHolding = z.infer<typeof portfolioHolding>;

/** The holdings added up by the one valuation, `valuePortfolio` (packages/contract/src/portfolio/). */
export const portfolioTotals = z.object({
  /** Of the holdings with a price. */
  value: z.number(),
  /** Of the same holdings as `value` (an unpriced coin counts in neither), so value − cost_basis = unrealised_pnl. */
  cost_basis: z.number(),
  unrealised_pnl: z.number(),
  /** unrealised_pnl / cost_basis in percent; null when the cost basis is 0. */
  unrealised_pnl_percent: z.number().nullable(),
  /** Of every holding, priced or not, open or closed. */
  realised_pnl: z.number(),
  /** unrealised + realised. */
  total_pnl: z.number(),
  /**
   * How much the value moved over the last 24 h at today's amounts; null when no held, priced coin has a 24 h
   * change (a fall of 100 % or more is not a valid one).
   */
  value_change_24h: z.number().nullable(),
});
export type PortfolioTotals = z.infer<typeof portfolioTotals>;

export const portfolioHistoryPoint = z.object({ time: z.number().int(), value: z.number() });
export type PortfolioHistoryPoint = z.infer<typeof portfolioHistoryPoint>;

/** The portfolio (appportfolio_msrv): a logged-in user's own transactions and what they add up to. */
export const portfolioProcedures = {
  /** Newest first (time, then id). */
  'appportfolio_msrv/transaction_list': defineProcedure({
    input: z.object({ page, page_size: pageSize.default(50), coin_id: coinId.optional() }),
    output: z.object({
      list: z.array(portfolioTransaction),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    auth: 'required',
  }),
  'appportfolio_msrv/transaction_create': defineProcedure({
    input: portfolioTransactionDraft,
    output: portfolioTransaction,
    auth: 'required',
  }),
  'appportfolio_msrv/transaction_update': defineProcedure({
    input: portfolioTransactionDraft.extend({ id: transactionId }),
    output: portfolioTransaction,
    auth: 'required',
  }),
  /** Refused (50500) when a later sell or transfer out would then exceed what is held. */
  'appportfolio_msrv/transaction_delete': defineProcedure({
    input: z.object({ id: transactionId }),
    output: z.object({}),
    auth: 'required',
  }),
  /** Holdings (coins with any transaction, largest value first) and totals in `currency`. */
  'appportfolio_msrv/portfolio_summary': defineProcedure({
    input: z.object({ currency: displayCurrency.default('usd') }),
    output: z.object({
      currency: z.string(),
      holdings: z.array(portfolioHolding),
      totals: portfolioTotals,
      ...freshness,
    }),
    auth: 'required',
  }),
  /** The portfolio's value over time: at each candle, the amounts held then × the candle's close. */
  'appportfolio_msrv/portfolio_history': defineProcedure({
    input: z.object({
      range: z.enum(PORTFOLIO_HISTORY_RANGES),
      currency: displayCurrency.default('usd'),
    }),
    output: z.object({
      currency: z.string(),
      range: z.enum(PORTFOLIO_HISTORY_RANGES),
      /** Oldest first. */
      points: z.array(portfolioHistoryPoint),
    }),
    auth: 'required',
  }),
  /**
   * All rows or none: a bad row answers 50500 with its line number in `msg` and `data` ({ line, column, reason }).
   * Rows equal (time, type, coin, amount, price) to a stored transaction are skipped and counted.
   */
  'appportfolio_msrv/portfolio_import': defineProcedure({
    input: z.object({
      format: z.enum(PORTFOLIO_IMPORT_FORMATS),
      csv: z.string().min(1).max(PORTFOLIO_IMPORT_MAX_CHARS),
    }),
    output: z.object({
      imported: z.number().int(),
      duplicates: z.number().int(),
      /** The file's line numbers (1 = the header) of the skipped duplicates. */
      duplicate_lines: z.array(z.number().int()),
    }),
    auth: 'required',
  }),
  /** Every transaction in the Coinlens format (docs/portfolio.md), oldest first. */
  'appportfolio_msrv/portfolio_export': defineProcedure({
    input: z.object({}),
    output: z.object({ csv: z.string(), file_name: z.string() }),
    auth: 'required',
  }),
};

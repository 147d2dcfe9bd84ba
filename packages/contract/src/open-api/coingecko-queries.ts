import { z } from 'zod';

/**
 * The query strings of the CoinGecko-compatible API (`/api/v3`): the parameters CoinGecko's public API takes for
 * the paths Coinlens serves, parsed from their text form. Names, defaults and ranges follow CoinGecko's OpenAPI
 * description; a parameter Coinlens has no data for (`category` it does not know, `locale`) is accepted and
 * documented, never an error, so existing clients keep working.
 */

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/** A comma-separated list, trimmed and lower-cased, empty items dropped; at most `max` items. */
const commaList = (max: number) =>
  z
    .string()
    .max(20_000)
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().max(100)).max(max, `at most ${max} items`));

const currency = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3,5}$/, 'unknown currency');

const positiveInt = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** `precision`: decimal places (0–18) or `full`; absent leaves the figure as computed. */
const precision = z.union([z.literal('full'), z.coerce.number().int().min(0).max(18)]).optional();

/** How many ids one `/simple/price` or `/coins/markets` call may ask for. */
export const OPEN_API_MAX_IDS = 250;

export const simplePriceQuery = z.object({
  ids: commaList(OPEN_API_MAX_IDS).optional(),
  symbols: commaList(OPEN_API_MAX_IDS).optional(),
  vs_currencies: commaList(60).pipe(z.array(currency).min(1, 'vs_currencies is required')),
  include_market_cap: flag,
  include_24hr_vol: flag,
  include_24hr_change: flag,
  include_last_updated_at: flag,
  precision,
});

/** The windows `price_change_percentage` may name. */
export const PRICE_CHANGE_WINDOWS = ['1h', '24h', '7d', '14d', '30d', '200d', '1y'] as const;
export type PriceChangeWindow = (typeof PRICE_CHANGE_WINDOWS)[number];

export const COIN_MARKET_ORDERS = [
  'market_cap_asc',
  'market_cap_desc',
  'volume_asc',
  'volume_desc',
  'id_asc',
  'id_desc',
] as const;

export const coinMarketsQuery = z.object({
  vs_currency: currency,
  ids: commaList(OPEN_API_MAX_IDS).optional(),
  symbols: commaList(OPEN_API_MAX_IDS).optional(),
  names: z.string().max(5_000).optional(),
  category: z.string().trim().max(100).optional(),
  order: z.enum(COIN_MARKET_ORDERS).default('market_cap_desc'),
  per_page: positiveInt(250, 100),
  page: positiveInt(10_000, 1),
  sparkline: flag,
  price_change_percentage: commaList(PRICE_CHANGE_WINDOWS.length)
    .pipe(z.array(z.enum(PRICE_CHANGE_WINDOWS)))
    .optional(),
  locale: z.string().max(10).optional(),
  precision,
});
export type CoinMarketsQuery = z.output<typeof coinMarketsQuery>;

export const coinListQuery = z.object({ include_platform: flag });

export const coinDetailQuery = z.object({
  localization: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  tickers: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  market_data: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  community_data: flag,
  developer_data: flag,
  sparkline: flag,
});

export const tickersQuery = z.object({
  exchange_ids: commaList(50).optional(),
  coin_ids: commaList(OPEN_API_MAX_IDS).optional(),
  page: positiveInt(10_000, 1),
  order: z
    .enum(['trust_score_desc', 'trust_score_asc', 'volume_desc', 'volume_asc'])
    .default('trust_score_desc'),
  include_exchange_logo: flag,
  depth: flag,
});

/** `days`: a whole number of days or `max`, as CoinGecko takes it. */
const days = z.union([z.literal('max'), z.coerce.number().positive().max(36_500)]);

export const marketChartQuery = z.object({
  vs_currency: currency,
  days,
  interval: z.enum(['daily', 'hourly', '5m']).optional(),
  precision,
});

/** `/coins/{id}/ohlc` takes only these spans. */
export const OHLC_DAYS = ['1', '7', '14', '30', '90', '180', '365', 'max'] as const;
export const ohlcQuery = z.object({
  vs_currency: currency,
  days: z.enum(OHLC_DAYS),
  precision,
});

export const exchangesQuery = z.object({
  per_page: positiveInt(250, 100),
  page: positiveInt(10_000, 1),
});

export const searchQuery = z.object({ query: z.string().trim().min(1, 'query is required').max(100) });

/** Path parameters: an id as CoinGecko spells them (lower case letters, digits, dashes, dots, underscores). */
export const openApiId = z
  .string()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'unknown id');

/** `/api/v1` (Coinlens' own dialect): the language of texts (flags, explanations) and the currency of money. */
const coinlensCommon = {
  vs_currency: currency.default('usd'),
  lang: z.enum(['en', 'vi', 'zh-Hans']).default('en'),
};

export const coinlensListQuery = z.object({
  ...coinlensCommon,
  per_page: positiveInt(100, 50),
  page: positiveInt(10_000, 1),
});

export const coinlensItemQuery = z.object(coinlensCommon);

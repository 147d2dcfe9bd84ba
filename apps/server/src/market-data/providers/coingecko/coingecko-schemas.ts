/**
 * Zod schemas of the CoinGecko v3 responses the adapter reads, written from CoinGecko's OpenAPI description
 * (coingecko/coingecko-api-oas, `components/schemas`). Lenient on what is not used (extra fields pass,
 * unused fields are not declared), strict on what is: a used field the description marks required must be
 * present with its type (nullable where the description or the live API says so), otherwise the response is
 * malformed and the error names the field.
 */
import { z } from 'zod';

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();
/** A field the description marks as a plain string but the live API sometimes omits or nulls (links, images). */
const softString = z.string().nullish();
const softStrings = z.array(z.string().nullable()).nullish();

/** `GET /coins/markets` (CoinsMarkets). */
export const coinsMarketsSchema = z.array(
  z.looseObject({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    image: nullableString,
    current_price: nullableNumber,
    market_cap: nullableNumber,
    market_cap_rank: nullableNumber,
    total_volume: nullableNumber,
    high_24h: nullableNumber,
    low_24h: nullableNumber,
    price_change_percentage_24h: z.number().nullish(),
    circulating_supply: nullableNumber,
    total_supply: nullableNumber,
    max_supply: nullableNumber,
    ath: nullableNumber,
    ath_date: nullableString,
    atl: nullableNumber,
    atl_date: nullableString,
    last_updated: nullableString,
  }),
);
export type CoinsMarketsEntry = z.infer<typeof coinsMarketsSchema>[number];

/** `GET /coins/{id}` community data (CoinsID.community_data); `twitter_followers` is no longer documented but
 * older answers carry it. */
const communityDataSchema = z.looseObject({
  twitter_followers: nullableNumber.optional(),
  reddit_subscribers: nullableNumber.optional(),
  reddit_accounts_active_48h: nullableNumber.optional(),
  telegram_channel_user_count: nullableNumber.optional(),
});
export type CommunityData = z.infer<typeof communityDataSchema>;

/** `GET /coins/{id}` developer data (CoinsID.developer_data), of the coin's first listed repository. */
const developerDataSchema = z.looseObject({
  forks: nullableNumber.optional(),
  stars: nullableNumber.optional(),
  pull_requests_merged: nullableNumber.optional(),
  pull_request_contributors: nullableNumber.optional(),
  commit_count_4_weeks: nullableNumber.optional(),
});
export type DeveloperData = z.infer<typeof developerDataSchema>;

/** `GET /coins/{id}` (CoinsID) with `tickers` and `market_data` switched off, community and developer data on. */
export const coinDetailSchema = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_platform_id: nullableString,
  block_time_in_minutes: nullableNumber,
  hashing_algorithm: nullableString,
  categories: z.array(z.string().nullable()),
  /** Present when `localization=true`: the coin's name per locale (`zh`, `vi`, …). */
  localization: z.record(z.string(), z.string().nullable()).optional(),
  description: z.record(z.string(), z.string().nullable()),
  links: z.looseObject({
    homepage: softStrings,
    whitepaper: softString,
    twitter_screen_name: softString,
    facebook_username: softString,
    telegram_channel_identifier: softString,
    subreddit_url: softString,
    repos_url: z.looseObject({ github: softStrings }).nullish(),
  }),
  image: z.looseObject({ thumb: softString, small: softString, large: softString }),
  genesis_date: nullableString,
  community_data: communityDataSchema.nullish(),
  developer_data: developerDataSchema.nullish(),
});
export type CoinDetail = z.infer<typeof coinDetailSchema>;

/** One ticker of `GET /coins/{id}/tickers` and `GET /exchanges/{id}/tickers` (CoinsIdTickers). */
const tickerSchema = z.looseObject({
  base: z.string(),
  target: z.string(),
  market: z.looseObject({ name: z.string(), identifier: z.string() }),
  last: z.number(),
  volume: z.number(),
  converted_last: z.looseObject({ usd: z.number() }),
  converted_volume: z.looseObject({ usd: z.number() }),
  /** The description says number; the live API answers null when a venue publishes no order book. */
  bid_ask_spread_percentage: nullableNumber,
  /** ±2 % depth in USD; not in the required list (DEX tickers leave them out). */
  cost_to_move_up_usd: nullableNumber.optional(),
  cost_to_move_down_usd: nullableNumber.optional(),
  /** Required and nullable per the description; lenient on other strings (mapped to "not rated"). */
  trust_score: nullableString.optional(),
  timestamp: nullableString,
  last_traded_at: nullableString,
  is_stale: z.boolean(),
  coin_id: z.string(),
});
export type CoinGeckoTicker = z.infer<typeof tickerSchema>;

export const tickersSchema = z.looseObject({ name: z.string(), tickers: z.array(tickerSchema) });

/** `GET /coins/{id}/market_chart` (CoinsMarketChart): `[ms, value]` pairs. */
const pointSchema = z.tuple([z.number(), z.number().nullable()], z.unknown());
export const marketChartSchema = z.looseObject({
  prices: z.array(pointSchema),
  market_caps: z.array(pointSchema),
  total_volumes: z.array(pointSchema),
});
export type MarketChart = z.infer<typeof marketChartSchema>;

/** `GET /coins/{id}/ohlc` (CoinsOHLC): `[closeMs, open, high, low, close]`. */
export const ohlcSchema = z.array(
  z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()], z.unknown()),
);

/** `GET /exchanges` (Exchanges). */
export const exchangesSchema = z.array(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    year_established: nullableNumber,
    country: nullableString,
    url: nullableString,
    image: nullableString,
    trust_score: nullableNumber,
    trade_volume_24h_btc: nullableNumber,
  }),
);
export type ExchangesEntry = z.infer<typeof exchangesSchema>[number];

/** `GET /exchanges/{id}` (ExchangesId). */
export const exchangeDetailSchema = z.looseObject({
  name: z.string(),
  year_established: nullableNumber,
  country: nullableString,
  url: nullableString,
  image: nullableString,
  /** The description marks it required; DEX entries of the live API have answered null. */
  centralized: z.boolean().nullable(),
  /** Newer than some recorded answers: absent is unknown. */
  coins: z.number().nullish(),
  pairs: z.number().nullish(),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailSchema>;

/** `GET /exchange_rates` (ExchangeRates): `value` is units of the currency per 1 BTC. */
export const exchangeRatesSchema = z.looseObject({
  rates: z.record(
    z.string(),
    z.looseObject({ name: z.string(), unit: z.string(), value: z.number(), type: z.string() }),
  ),
});

/** `GET /simple/supported_vs_currencies` (SupportedCurrencies). */
export const supportedCurrenciesSchema = z.array(z.string());

/** `GET /ping` (PingServer). */
export const pingSchema = z.looseObject({ gecko_says: z.string() });

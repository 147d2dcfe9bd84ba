import { z } from 'zod';

import { FOLLOW_LIMIT } from '../validation/limits.js';
import { defineProcedure } from './define-procedure.js';
import { currency, freshness, page, pageSize } from './shared-fields.js';
import {
  CERTIFICATION_STATES,
  COIN_FILTERS,
  COIN_SORT_KEYS,
  EXCHANGE_SORT_KEYS,
  KLINE_RANGES,
  EXCHANGE_SCORE_FACTORS,
  SCORE_FACTORS,
  SCORE_STATES,
  VOLUME_LIMITS,
  SCORE_FLAG_KINDS,
} from './procedure-constants.js';

const coinId = z.string().trim().min(1).max(100);
const exchangeId = z.string().trim().min(1).max(100);
/** Without it each column sorts its natural way: rank and name ascending, amounts descending. */
const order = z.enum(['asc', 'desc']);

const money = z.number().nullable();

export const conceptItem = z.object({
  id: z.string(),
  name: z.string(),
  change_24h: z.number().nullable(),
  market_cap: z.number(),
  amount_24h: z.number(),
  coin_count: z.number().int(),
  rising: z.number().int(),
  falling: z.number().int(),
  lead_coin: z
    .object({ id: z.string(), symbol: z.string(), name: z.string(), change_24h: z.number().nullable() })
    .nullable(),
});
export type ConceptItem = z.infer<typeof conceptItem>;

export const coinListItem = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  /** Name in the caller's language where one exists (e.g. 比特币), else the name. */
  local_name: z.string(),
  logo: z.string(),
  rank: z.number().int(),
  price: money,
  /** Percent. */
  change_24h: z.number().nullable(),
  /** Base units. */
  volume_24h: z.number().nullable(),
  /** Turnover in the answer's currency. */
  amount_24h: money,
  market_cap: money,
  circulating_market_cap: money,
  high_24h: money,
  low_24h: money,
  turnover_rate: z.number().nullable(),
  volatility_24h: z.number().nullable(),
  /** The 7-day price shape: 4-hourly closes, oldest first, as integers 0–100 between the week's low and high. */
  sparkline_7d: z.array(z.number()),
  certification: z.enum(CERTIFICATION_STATES),
  listed_at: z.number().int().nullable(),
  /** The Coinlens score, 0–100 (one decimal), smoothed; null until the coin is scored. */
  score: z.number().nullable(),
  /** 24h turnover the score counts (integrity-weighted, depth-capped), in the answer's currency. */
  verified_amount_24h: money,
  /**
   * The coin's main sector, a `concept_list` id: the first of its sectors (sources list them in their category
   * order); null when it has none. The heatmap groups coins by it.
   */
  sector: z.string().nullable(),
  ...freshness,
});
export type CoinListItem = z.infer<typeof coinListItem>;

const localisedName = z.object({ id: z.string(), name: z.string() });

export const coinDetailOutput = coinListItem.extend({
  currency: z.string(),
  methodology_version: z.string(),
  price_btc: z.number().nullable(),
  change_7d: z.number().nullable(),
  first_day_open: money,
  roi: z.number().nullable(),
  volume_ratio: z.number().nullable(),
  btc_correlation: z.number().nullable(),
  circulating_supply: z.number().nullable(),
  total_supply: z.number().nullable(),
  max_supply: z.number().nullable(),
  circulation_rate: z.number().nullable(),
  market_share: z.number().nullable(),
  ath: money,
  ath_at: z.number().int().nullable(),
  atl: money,
  atl_at: z.number().int().nullable(),
  /**
   * True while the coin's daily history is still being back-filled: a null ath, atl, first_day_open, roi or
   * listed_at then means "not known yet" (the app says loading), not "none".
   */
  history_loading: z.boolean(),
  issue_date: z.string().nullable(),
  issue_type: z.string().nullable(),
  public_chain: z.string().nullable(),
  concepts: z.array(localisedName),
  exchange_count: z.number().int(),
  holder_addresses: z.number().int().nullable(),
  top10_holder_share: z.number().nullable(),
  mining: z
    .object({
      genesis_block_time: z.string().nullable(),
      status: z.enum(['active', 'ended', 'not_mineable']),
      consensus: z.string().nullable(),
      block_time_seconds: z.number().nullable(),
      core_algorithm: z.string().nullable(),
      block_reward: z.number().nullable(),
      halving_reward: z.number().nullable(),
    })
    .nullable(),
  /** Percent of the mid price, volume-weighted over healthy venues. */
  bid_ask_spread: z.number().nullable(),
  links: z.object({
    website: z.string().optional(),
    x: z.string().optional(),
    facebook: z.string().optional(),
    reddit: z.string().optional(),
    telegram: z.string().optional(),
    whitepaper: z.string().optional(),
    medium: z.string().optional(),
    github: z.string().optional(),
  }),
  description: z.string(),
});
export type CoinDetail = z.infer<typeof coinDetailOutput>;

export const candleOutput = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  amount: z.number(),
});

export const tickerOutput = z.object({
  exchange_id: z.string(),
  exchange_name: z.string(),
  exchange_logo: z.string(),
  coin_id: z.string(),
  pair: z.string(),
  base: z.string(),
  quote: z.string(),
  /** In the answer's currency. */
  price: z.number(),
  /** In the pair's quote currency. */
  price_quote: z.number(),
  volume_24h: z.number(),
  amount_24h: z.number(),
  /** Percent of the coin's (or the exchange's) 24h turnover. */
  share: z.number(),
  spread: z.number().nullable(),
  /** Left out of the reference price as an outlier (k·MAD band). */
  excluded: z.boolean(),
  ...freshness,
});
export type TickerView = z.infer<typeof tickerOutput>;

export const exchangeListItem = z.object({
  id: z.string(),
  name: z.string(),
  local_name: z.string(),
  logo: z.string(),
  kind: z.enum(['centralized', 'dex']),
  ex_rank: z.number().int(),
  /** 24h turnover in the answer's currency. */
  amount_24h: money,
  /** 24h turnover in BTC. */
  volume_24h_btc: z.number().nullable(),
  pair_count: z.number().int(),
  coin_count: z.number().int(),
  popularity: z.number().nullable(),
  reserves: money,
  kyc: z.enum(['mandatory', 'optional', 'none']).nullable(),
  registration_place: z.string().nullable(),
  /** The exchange score, 0–100; ExRank orders by it. Null until scored. */
  score: z.number().nullable(),
  /** Trade-data integrity, 0–1 (1 = nothing suspicious). */
  integrity: z.number().nullable(),
  verified_amount_24h: money,
  ...freshness,
});
export type ExchangeListItem = z.infer<typeof exchangeListItem>;

/** One factor of a score: whether it had data, from which source, as of when. */
const factorCoverage = <T extends readonly [string, ...string[]]>(factors: T) =>
  z.object({
    factor: z.enum(factors),
    available: z.boolean(),
    /** The source that fed it, e.g. `coingecko`, `ccxt`, `defillama`, `github`, `simulator`; null without data. */
    source: z.string().nullable(),
    as_of: z.number().int().nullable(),
  });

export const exchangeDetailOutput = exchangeListItem.extend({
  currency: z.string(),
  established: z.string().nullable(),
  aml_certified: z.boolean().nullable(),
  chinese_support: z.boolean().nullable(),
  api_available: z.boolean().nullable(),
  fees: z.object({ maker_percent: z.number(), taker_percent: z.number() }).nullable(),
  website: z.string().nullable(),
  platform_token: z.object({ id: z.string(), symbol: z.string(), name: z.string() }).nullable(),
  burn_info: z.string().nullable(),
  monthly_visits: z.number().nullable(),
  /** Integrity features that lowered the integrity, each explained in the caller's language. */
  integrity_flags: z.array(z.object({ kind: z.string(), text: z.string() })),
  /** What the exchange score was made of, with sources; empty until scored. */
  coverage: z.array(factorCoverage(EXCHANGE_SCORE_FACTORS)),
  /** A venue that exists only in the simulated market. */
  fictional: z.boolean(),
  methodology_version: z.string(),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailOutput>;

export const currencyEntry = z.object({
  cn_name: z.string(),
  en_name: z.string(),
  currency_code: z.string(),
  currency_type: z.enum(['fiat', 'crypto', 'commodity']),
  status: z.number().int(),
  unit: z.string(),
});
export type CurrencyEntry = z.infer<typeof currencyEntry>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    currency: z.string(),
    ...freshness,
  });

/** A page of scored items: the methodology version of the scores travels with them. */
const scoredPage = <T extends z.ZodType>(item: T) => paged(item).extend({ methodology_version: z.string() });

export const coinListInput = z.object({
  page,
  page_size: pageSize,
  sort: z.enum(COIN_SORT_KEYS).default('rank'),
  order: order.optional(),
  filter: z.enum(COIN_FILTERS).default('all'),
  /** Leaves out coins scored below LOW_QUALITY_SCORE (unscored coins stay). */
  hide_low_quality: z.boolean().default(false),
  concept: z.string().trim().max(60).optional(),
  currency,
});
export type CoinListQuery = z.output<typeof coinListInput>;

export const exchangeListInput = z.object({
  page,
  page_size: pageSize,
  sort: z.enum(EXCHANGE_SORT_KEYS).default('ex_rank'),
  order: order.optional(),
  kind: z.enum(['all', 'centralized', 'dex']).default('all'),
  currency,
});
export type ExchangeListQuery = z.output<typeof exchangeListInput>;

const scoreFlag = z.object({
  kind: z.enum(SCORE_FLAG_KINDS),
  /** The flag said in the caller's language, e.g. "Suspicious volume on Quillmarsh". */
  text: z.string(),
  exchange_ids: z.array(z.string()),
});

export const coinScoreOutput = z.object({
  coin_id: z.string(),
  methodology_version: z.string(),
  /** Null when the coin is not scored (yet). */
  score: z.number().nullable(),
  score_state: z.enum(SCORE_STATES),
  score_rank: z.number().int().nullable(),
  scored_count: z.number().int(),
  certification: z.enum(CERTIFICATION_STATES),
  /** Every factor with where its data came from; a factor without data took no part in the score. */
  coverage: z.array(factorCoverage(SCORE_FACTORS)),
  components: z.array(
    z.object({
      factor: z.enum(SCORE_FACTORS),
      /** Percentile rank in the universe, 0–100; null when the coin lacks the data. */
      percentile: z.number().nullable(),
      /** Weight in the geometric mean, 0–1. */
      weight: z.number(),
    }),
  ),
  /**
   * Always 1 since methodology 1.2.0: suspicious volume is dropped where it is found, never by a coin-wide
   * multiplier. Kept so clients that read it keep parsing.
   */
  penalty: z.number(),
  flags: z.array(scoreFlag),
  movement: z
    .object({
      since: z.number().int(),
      change: z.number(),
      drivers: z.array(
        z.object({ factor: z.enum(SCORE_FACTORS), points: z.number(), from: z.number(), to: z.number() }),
      ),
      new_flags: z.array(z.enum(SCORE_FLAG_KINDS)),
      cleared_flags: z.array(z.enum(SCORE_FLAG_KINDS)),
    })
    .nullable(),
  /** Hourly smoothed score, oldest first. */
  history: z.array(z.object({ time: z.number().int(), score: z.number() })),
  amount_24h: money,
  verified_amount_24h: money,
  /** Where the volume comes from and how much of it counts. */
  venues: z.array(
    z.object({
      exchange_id: z.string(),
      name: z.string(),
      amount_24h: money,
      verified_amount_24h: money,
      integrity: z.number().nullable(),
      limited_by: z.enum(VOLUME_LIMITS),
    }),
  ),
  currency: z.string(),
  ...freshness,
});
export type CoinScoreView = z.infer<typeof coinScoreOutput>;

const watchCoinsIds = z.array(coinId).min(1).max(FOLLOW_LIMIT);
const watchExchangeIds = z.array(exchangeId).min(1).max(FOLLOW_LIMIT);
const idList = z.object({ ids: z.array(z.string()) });

export const marketProcedures = {
  'appmarket_msrv/get_gecko_supported_dict_currency': defineProcedure({
    input: z.object({}),
    output: z.object({ list: z.array(currencyEntry) }),
    auth: 'public',
  }),
  'appmarket_msrv/get_gecko_exchange_rates': defineProcedure({
    input: z.object({}),
    output: z.object({
      base: z.literal('usd'),
      rates: z.array(
        z.object({
          currency_code: z.string(),
          rate: z.number(),
          unit: z.string(),
          currency_type: z.string(),
        }),
      ),
      ...freshness,
    }),
    auth: 'public',
  }),
  'appmarket_msrv/global_stats': defineProcedure({
    input: z.object({ currency }),
    output: z.object({
      currency: z.string(),
      total_market_cap: z.number(),
      total_volume_24h: z.number(),
      market_cap_change_24h: z.number().nullable(),
      btc_dominance: z.number(),
      eth_dominance: z.number(),
      rising: z.number().int(),
      falling: z.number().int(),
      unchanged: z.number().int(),
      coin_count: z.number().int(),
      exchange_count: z.number().int(),
      ...freshness,
    }),
    auth: 'public',
  }),
  'appmarket_msrv/coin_list': defineProcedure({
    input: coinListInput,
    output: scoredPage(coinListItem),
    /** Optional: the watch-list filter and flags need the user; everything else is public. */
    auth: 'optional',
  }),
  'appmarket_msrv/coin_detail': defineProcedure({
    input: z.object({ coin_id: coinId, currency }),
    output: coinDetailOutput,
    auth: 'public',
  }),
  'appmarket_msrv/coin_score': defineProcedure({
    input: z.object({ coin_id: coinId, currency }),
    output: coinScoreOutput,
    auth: 'public',
  }),
  'appmarket_msrv/coin_kline': defineProcedure({
    input: z.object({ coin_id: coinId, range: z.enum(KLINE_RANGES).default('D'), currency }),
    output: z.object({
      coin_id: z.string(),
      range: z.enum(KLINE_RANGES),
      resolution: z.string(),
      currency: z.string(),
      candles: z.array(candleOutput),
      ...freshness,
    }),
    auth: 'public',
  }),
  'appmarket_msrv/coin_tickers': defineProcedure({
    input: z.object({ coin_id: coinId, page, page_size: pageSize, currency }),
    output: paged(tickerOutput),
    auth: 'public',
  }),
  'appmarket_msrv/concept_list': defineProcedure({
    input: z.object({ currency }),
    output: z.object({
      list: z.array(conceptItem),
      currency: z.string(),
      ...freshness,
    }),
    auth: 'public',
  }),
  'appmarket_msrv/hot_search_coins': defineProcedure({
    input: z.object({ limit: z.number().int().min(1).max(50).default(10), currency }),
    output: z.object({ list: z.array(coinListItem), currency: z.string(), ...freshness }),
    auth: 'public',
  }),
  'appmarket_msrv/exchange_list': defineProcedure({
    input: exchangeListInput,
    output: scoredPage(exchangeListItem),
    auth: 'public',
  }),
  'appmarket_msrv/exchange_detail': defineProcedure({
    input: z.object({ exchange_id: exchangeId, currency }),
    output: exchangeDetailOutput,
    auth: 'public',
  }),
  'appmarket_msrv/exchange_tickers': defineProcedure({
    input: z.object({ exchange_id: exchangeId, page, page_size: pageSize, currency }),
    output: paged(tickerOutput),
    auth: 'public',
  }),
  'appmarket_msrv/watch_coins_list': defineProcedure({
    input: z.object({ currency }),
    output: z.object({ list: z.array(coinListItem), currency: z.string(), ...freshness }),
    auth: 'required',
    sessionRedirectExempt: true,
  }),
  /** One action: every id is added, or (3009 past the limit of 10) none is. */
  'appmarket_msrv/watch_coins_add': defineProcedure({
    input: z.object({ coin_ids: watchCoinsIds }),
    output: idList,
    auth: 'required',
  }),
  'appmarket_msrv/watch_coins_remove': defineProcedure({
    input: z.object({ coin_ids: watchCoinsIds }),
    output: idList,
    auth: 'required',
  }),
  /** The whole list in its new order. */
  'appmarket_msrv/watch_coins_sort': defineProcedure({
    input: z.object({ coin_ids: z.array(coinId).max(FOLLOW_LIMIT) }),
    output: idList,
    auth: 'required',
  }),
  'appmarket_msrv/watch_exchange_list': defineProcedure({
    input: z.object({ currency }),
    output: z.object({ list: z.array(exchangeListItem), currency: z.string(), ...freshness }),
    auth: 'required',
    sessionRedirectExempt: true,
  }),
  'appmarket_msrv/watch_exchange_add': defineProcedure({
    input: z.object({ exchange_ids: watchExchangeIds }),
    output: idList,
    auth: 'required',
  }),
  'appmarket_msrv/watch_exchange_remove': defineProcedure({
    input: z.object({ exchange_ids: watchExchangeIds }),
    output: idList,
    auth: 'required',
  }),
  'appmarket_msrv/watch_exchange_sort': defineProcedure({
    input: z.object({ exchange_ids: z.array(exchangeId).max(FOLLOW_LIMIT) }),
    output: idList,
    auth: 'required',
  }),
};

import type { CoinDetail, CoinListItem, PriceChangeWindow } from '@coinlens/contract';

import type { CoinState } from '../../market-store/market-snapshot.js';

/**
 * Coin answers in CoinGecko's shapes, built from the answers the app's own procedures give (one definition of
 * each figure). A figure Coinlens does not have is null, never estimated: CoinGecko's schema marks many of them
 * as numbers, and docs/api.md lists each one that stays null.
 */

/** ISO 8601 as CoinGecko writes its dates; null for an unknown time. */
export function isoTime(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined || ms <= 0 ? null : new Date(ms).toISOString();
}

/** The absolute change behind a percentage change: what the figure was worth before it moved `percent`. */
function changeOf(now: number | null, percent: number | null): number | null {
  if (now === null || percent === null || percent <= -100) return null;
  return now - now / (1 + percent / 100);
}

/** How far `price` is from an extreme, in percent (CoinGecko's `ath_change_percentage`). */
function distanceFrom(price: number | null, extreme: number | null): number | null {
  return price === null || extreme === null || extreme === 0 ? null : (price / extreme - 1) * 100;
}

/** CoinGecko's fully diluted valuation: price × max supply, or × total supply where there is no maximum. */
function fullyDiluted(price: number | null, state: CoinState): number | null {
  const supply = state.profile.maxSupply ?? state.profile.totalSupply;
  return price === null || supply === null ? null : price * supply;
}

/** A figure Coinlens has per window: only the 24 h change (and 7 d on a coin's page) are known. */
function changeFor(
  window: PriceChangeWindow,
  change24h: number | null,
  change7d: number | null,
): number | null {
  if (window === '24h') return change24h;
  if (window === '7d') return change7d;
  return null;
}

export interface MarketsRowOptions {
  sparkline: boolean;
  windows: readonly PriceChangeWindow[];
  /** Price of one US dollar in the answer's currency (ATH/ATL are kept in USD). */
  perUsd: number;
  /** Makes a logo path absolute. */
  image: (logo: string) => string;
}

/** One row of `/coins/markets`. */
export function coinMarketsRow(item: CoinListItem, state: CoinState, options: MarketsRowOptions) {
  const { metrics, profile } = state;
  const ath = metrics?.ath ? metrics.ath.price * options.perUsd : null;
  const atl = metrics?.atl ? metrics.atl.price * options.perUsd : null;
  const row: Record<string, unknown> = {
    id: item.id,
    symbol: item.symbol.toLowerCase(),
    name: item.name,
    image: options.image(item.logo),
    current_price: item.price,
    market_cap: item.circulating_market_cap,
    market_cap_rank: item.price === null ? null : item.rank,
    fully_diluted_valuation: fullyDiluted(item.price, state),
    total_volume: item.amount_24h,
    high_24h: item.high_24h,
    low_24h: item.low_24h,
    price_change_24h: changeOf(item.price, item.change_24h),
    price_change_percentage_24h: item.change_24h,
    // The 24 h change of the market cap needs yesterday's supply, which no source here gives.
    market_cap_change_24h: null,
    market_cap_change_percentage_24h: null,
    circulating_supply: profile.circulatingSupply,
    total_supply: profile.totalSupply,
    max_supply: profile.maxSupply,
    ath,
    ath_change_percentage: distanceFrom(item.price, ath),
    ath_date: isoTime(metrics?.ath?.at),
    atl,
    atl_change_percentage: distanceFrom(item.price, atl),
    atl_date: isoTime(metrics?.atl?.at),
    roi: null,
    last_updated: isoTime(item.as_of),
  };
  if (options.sparkline) row.sparkline_in_7d = { price: item.sparkline_7d };
  for (const window of options.windows)
    row[`price_change_percentage_${window}_in_currency`] = changeFor(
      window,
      item.change_24h,
      metrics?.change7d ?? null,
    );
  return row;
}

/** `/simple/price`: one entry per coin, one key per currency and extra. */
export function simplePriceEntry(
  items: ReadonlyMap<string, CoinListItem>,
  include: { marketCap: boolean; volume: boolean; change: boolean; lastUpdated: boolean },
): Record<string, number | null> {
  const entry: Record<string, number | null> = {};
  let asOf = 0;
  for (const [code, item] of items) {
    entry[code] = item.price;
    if (include.marketCap) entry[`${code}_market_cap`] = item.circulating_market_cap;
    if (include.volume) entry[`${code}_24h_vol`] = item.amount_24h;
    if (include.change) entry[`${code}_24h_change`] = item.change_24h;
    asOf = Math.max(asOf, item.as_of);
  }
  if (include.lastUpdated) entry.last_updated_at = Math.floor(asOf / 1000);
  return entry;
}

/** Per-currency maps of a USD figure (CoinGecko's `market_data.current_price` and its kin). */
export function inCurrencies(
  usd: number | null | undefined,
  rates: ReadonlyMap<string, number>,
): Record<string, number> | null {
  if (usd === null || usd === undefined) return null;
  const values: Record<string, number> = {};
  for (const [code, perUsd] of rates) values[code] = usd * perUsd;
  return values;
}

/** `/coins/{id}`: the coin's page in CoinGecko's shape; `usd` is the app's coin detail in US dollars. */
export function coinDetailView(
  usd: CoinDetail,
  state: CoinState,
  rates: ReadonlyMap<string, number>,
  options: { marketData: boolean; sparkline: boolean; image: (logo: string) => string },
) {
  const { metrics, profile } = state;
  const image = options.image(usd.logo);
  const dates = (at: number | null | undefined) => {
    const iso = isoTime(at);
    return iso === null ? null : Object.fromEntries([...rates.keys()].map((code) => [code, iso]));
  };
  const percentIn = (value: number | null) =>
    value === null ? null : Object.fromEntries([...rates.keys()].map((code) => [code, value]));
  const athUsd = metrics?.ath?.price ?? null;
  const atlUsd = metrics?.atl?.price ?? null;
  const changes = {
    '24h': usd.change_24h,
    '7d': usd.change_7d,
  };
  return {
    id: usd.id,
    symbol: usd.symbol.toLowerCase(),
    name: usd.name,
    web_slug: usd.id,
    asset_platform_id: null,
    platforms: {},
    detail_platforms: {},
    block_time_in_minutes: usd.mining?.block_time_seconds ? usd.mining.block_time_seconds / 60 : null,
    hashing_algorithm: usd.mining?.core_algorithm ?? null,
    categories: usd.concepts.map((concept) => concept.name),
    categories_details: usd.concepts.map((concept) => ({ id: concept.id, name: concept.name })),
    preview_listing: false,
    public_notice: null,
    additional_notices: [],
    has_supply_breakdown: false,
    localization: { en: usd.name, 'zh-Hans': profile.localNames['zh-Hans'] ?? usd.name },
    description: { en: usd.description },
    links: {
      homepage: usd.links.website ? [usd.links.website] : [],
      whitepaper: usd.links.whitepaper ?? null,
      blockchain_site: [],
      official_forum_url: [],
      chat_url: usd.links.telegram ? [usd.links.telegram] : [],
      announcement_url: [],
      twitter_screen_name: usd.links.x ? usd.links.x.replace(/^.*\//, '') : null,
      facebook_username: usd.links.facebook ? usd.links.facebook.replace(/^.*\//, '') : null,
      subreddit_url: usd.links.reddit ?? null,
      repos_url: { github: usd.links.github ? [usd.links.github] : [], bitbucket: [] },
    },
    image: { thumb: image, small: image, large: image },
    country_origin: null,
    genesis_date: usd.issue_date,
    sentiment_votes_up_percentage: null,
    sentiment_votes_down_percentage: null,
    watchlist_portfolio_users: null,
    market_cap_rank: usd.price === null ? null : usd.rank,
    market_cap_rank_with_rehypothecated: null,
    ...(options.marketData
      ? {
          market_data: {
            current_price: inCurrencies(usd.price, rates),
            roi: null,
            ath: inCurrencies(athUsd, rates),
            ath_change_percentage: percentIn(distanceFrom(usd.price, athUsd)),
            ath_date: dates(metrics?.ath?.at),
            atl: inCurrencies(atlUsd, rates),
            atl_change_percentage: percentIn(distanceFrom(usd.price, atlUsd)),
            atl_date: dates(metrics?.atl?.at),
            market_cap: inCurrencies(usd.circulating_market_cap, rates),
            market_cap_rank: usd.price === null ? null : usd.rank,
            fully_diluted_valuation: inCurrencies(fullyDiluted(usd.price, state), rates),
            total_volume: inCurrencies(usd.amount_24h, rates),
            high_24h: inCurrencies(usd.high_24h, rates),
            low_24h: inCurrencies(usd.low_24h, rates),
            price_change_24h: changeOf(usd.price, usd.change_24h),
            price_change_percentage_24h: changes['24h'],
            price_change_percentage_7d: changes['7d'],
            price_change_percentage_14d: null,
            price_change_percentage_30d: null,
            price_change_percentage_60d: null,
            price_change_percentage_200d: null,
            price_change_percentage_1y: null,
            market_cap_change_24h: null,
            market_cap_change_percentage_24h: null,
            price_change_24h_in_currency: inCurrencies(changeOf(usd.price, usd.change_24h), rates),
            price_change_percentage_24h_in_currency: percentIn(changes['24h']),
            price_change_percentage_7d_in_currency: percentIn(changes['7d']),
            total_supply: usd.total_supply,
            max_supply: usd.max_supply,
            circulating_supply: usd.circulating_supply,
            last_updated: isoTime(usd.as_of),
            // An array, as CoinGecko's description has it (its /coins/markets wraps the same points in { price }).
            ...(options.sparkline ? { sparkline_7d: usd.sparkline_7d } : {}),
          },
        }
      : {}),
    status_updates: [],
    last_updated: isoTime(usd.as_of),
  };
}

/** Candles as `[time, value]` pairs (`market_chart`) or `[time, open, high, low, close]` rows (`ohlc`). */
export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  amount: number;
}

/**
 * `/coins/{id}/market_chart`. Market caps are null at each point: a past market cap needs the supply of that
 * day, which no source here keeps, and today's supply times an old price would be a number nobody measured.
 */
export function marketChart(candles: readonly ChartCandle[]) {
  return {
    prices: candles.map((candle) => [candle.time, candle.close]),
    market_caps: candles.map((candle) => [candle.time, null]),
    total_volumes: candles.map((candle) => [candle.time, candle.amount]),
  };
}

export function ohlcRows(candles: readonly ChartCandle[]): number[][] {
  return candles.map((candle) => [candle.time, candle.open, candle.high, candle.low, candle.close]);
}

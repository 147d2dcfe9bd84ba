import type { ExchangeDetail, ExchangeListItem, TickerView } from '@coinlens/contract';

import { isoTime } from './coingecko-coins.js';

/**
 * Exchange and ticker answers in CoinGecko's shapes, from the app's own exchange and ticker answers. CoinGecko's
 * trust score (1–10) is Coinlens' exchange score (0–100) over ten, rounded; its rank is the ExRank. A ticker's
 * traffic light comes from the venue's integrity (docs/api.md gives the thresholds).
 */

/** CoinGecko's 1–10 trust score from the 0–100 exchange score; null while the venue is not scored. */
export function trustScore(score: number | null): number | null {
  return score === null ? null : Math.max(1, Math.round(score / 10));
}

/** A ticker's traffic light: integrity ≥ 0.8 green, ≥ 0.5 yellow, else red; null while not judged. */
export function trustLight(integrity: number | null): 'green' | 'yellow' | 'red' | null {
  if (integrity === null) return null;
  return integrity >= 0.8 ? 'green' : integrity >= 0.5 ? 'yellow' : 'red';
}

function year(established: string | null): number | null {
  const value = established ? Number(established.slice(0, 4)) : NaN;
  return Number.isInteger(value) ? value : null;
}

/** One row of `/exchanges`. */
export function exchangeRow(
  item: ExchangeListItem,
  image: (logo: string) => string,
  detail?: ExchangeDetail,
) {
  return {
    id: item.id,
    name: item.name,
    year_established: year(detail?.established ?? null),
    country: item.registration_place,
    description: '',
    url: detail?.website ?? '',
    image: image(item.logo),
    has_trading_incentive: false,
    trust_score: trustScore(item.score),
    trust_score_rank: item.score === null ? null : item.ex_rank,
    trade_volume_24h_btc: item.volume_24h_btc,
  };
}

export interface TickerContext {
  /** USD prices of BTC and ETH, to state each price and volume in them as CoinGecko does. */
  btcUsd: number | null;
  ethUsd: number | null;
  /** A venue's integrity, for the traffic light. */
  integrity: (exchangeId: string) => number | null;
  /** A coin's id by its symbol, for the quote side (null for fiat and unknown quotes). */
  coinIdOfSymbol: (symbol: string) => string | null;
  /** The coin's circulating market cap in USD. */
  coinMarketCapUsd: (coinId: string) => number | null;
  image: (logo: string) => string;
}

/** One ticker; `ticker` is the app's ticker view in US dollars. */
export function tickerRow(ticker: TickerView, context: TickerContext, withLogo: boolean) {
  const usdVolume = ticker.amount_24h;
  const inCoin = (usd: number, coinUsd: number | null) => (coinUsd ? usd / coinUsd : null);
  const time = isoTime(ticker.as_of);
  return {
    base: ticker.base,
    target: ticker.quote,
    market: {
      name: ticker.exchange_name,
      identifier: ticker.exchange_id,
      has_trading_incentive: false,
      ...(withLogo ? { logo: context.image(ticker.exchange_logo) } : {}),
    },
    last: ticker.price_quote,
    volume: ticker.volume_24h,
    converted_last: {
      btc: inCoin(ticker.price, context.btcUsd),
      eth: inCoin(ticker.price, context.ethUsd),
      usd: ticker.price,
    },
    converted_volume: {
      btc: inCoin(usdVolume, context.btcUsd),
      eth: inCoin(usdVolume, context.ethUsd),
      usd: usdVolume,
    },
    trust_score: trustLight(context.integrity(ticker.exchange_id)),
    bid_ask_spread_percentage: ticker.spread,
    timestamp: time,
    last_traded_at: time,
    last_fetch_at: time,
    // Outside the outlier band: shown, but left out of the reference price and the volumes.
    is_anomaly: ticker.excluded,
    is_stale: ticker.stale,
    trade_url: null,
    token_info_url: null,
    coin_id: ticker.coin_id,
    target_coin_id: context.coinIdOfSymbol(ticker.quote),
    coin_mcap_usd: context.coinMarketCapUsd(ticker.coin_id),
  };
}

/** `/exchanges/{id}`. */
export function exchangeDetailView(
  detail: ExchangeDetail,
  tickers: readonly ReturnType<typeof tickerRow>[],
  image: (logo: string) => string,
) {
  const { id: _id, ...row } = exchangeRow(detail, image, detail);
  return {
    ...row,
    facebook_url: '',
    reddit_url: '',
    telegram_url: '',
    slack_url: '',
    other_url_1: '',
    other_url_2: '',
    twitter_handle: '',
    centralized: detail.kind === 'centralized',
    public_notice: '',
    alert_notice: '',
    coins: detail.coin_count,
    pairs: detail.pair_count,
    tickers,
    status_updates: [],
  };
}

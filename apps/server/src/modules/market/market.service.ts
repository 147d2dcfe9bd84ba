import { ErrorCode, LOW_QUALITY_SCORE } from '@coinlens/contract';
import type {
  AppLanguage,
  CoinScoreView,
  CoinDetail,
  CoinListItem,
  ExchangeDetail,
  ExchangeListItem,
  KlineRange,
  CoinListQuery,
  ExchangeListQuery,
  TickerView,
} from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import { bucketStart } from '../../market-store/candle-rollup.js';
import type {
  CoinState,
  ExchangeState,
  MarketSnapshot,
  VenueQuote,
} from '../../market-store/market-snapshot.js';
import type { MarketDataProvider, Candle, Resolution } from '@coinlens/market-model';
import { RESOLUTION_MS, sectorName } from '@coinlens/market-model';
import { SCORE_METHODOLOGY_VERSION } from '@coinlens/score';
import type { Converter } from '../../market-store/currency-converter.js';
import type { CoinOrderQuery, Freshness, MarketReader } from '../../market-store/market-reader.js';
import type { CurrencyService } from './currency.service.js';
import type { DistinctCallers } from '../../security/distinct-callers.js';
import { coinDetail, coinListItem, exchangeDetail, exchangeListItem, tickerView } from './market-views.js';
import { coinScoreView } from './score-views.js';

const DAY_MS = 86_400_000;
/** decision D4: H = 1 h at 1 m, D = 24 h at 5 m, W = 7 d at 1 h, Y = 365 d at 1 d, All = since listing at 1 d. */
export const KLINE_WINDOWS: Readonly<Record<KlineRange, { resolution: Resolution; spanMs: number | null }>> =
  {
    H: { resolution: '1m', spanMs: 3_600_000 },
    D: { resolution: '5m', spanMs: DAY_MS },
    W: { resolution: '1h', spanMs: 7 * DAY_MS },
    Y: { resolution: '1d', spanMs: 365 * DAY_MS },
    All: { resolution: '1d', spanMs: null },
  };
/** A coin listed this recently counts as a new listing. */
export const NEW_LISTING_MS = 30 * DAY_MS;

interface Page<T> {
  list: T[];
  page: number;
  page_size: number;
  total: number;
}

/** A page of scored items with the methodology version of their scores. */
type ScoredPage<T> = Page<T> & { currency: string; methodology_version: string } & Freshness;

function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  return {
    list: items.slice((page - 1) * pageSize, page * pageSize),
    page,
    page_size: pageSize,
    total: items.length,
  };
}

type Comparable = number | string | null | undefined;

function compare(a: Comparable, b: Comparable, descending: boolean): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  const order = typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b) : Number(a) - Number(b);
  return descending ? -order : order;
}

const COIN_SORT_VALUE: Readonly<Record<CoinListQuery['sort'], (coin: CoinState) => Comparable>> = {
  rank: (coin) => coin.rank,
  market_cap: (coin) => coin.metrics?.marketCap,
  circulating_market_cap: (coin) => coin.metrics?.circulatingMarketCap,
  price: (coin) => coin.price,
  change_24h: (coin) => coin.metrics?.change24h,
  volume_24h: (coin) => coin.metrics?.volume24h,
  amount_24h: (coin) => coin.metrics?.amount24h,
  turnover_rate: (coin) => coin.metrics?.turnoverRate,
  volatility_24h: (coin) => coin.metrics?.volatility24h,
  name: (coin) => coin.profile.name.toLowerCase(),
  // Stablecoins after every other scored coin, each group by its score (scores are 0–100; score-methodology.md §3a).
  score: (coin) => (coin.score ? coin.score.value - (coin.profile.stablecoin ? 100 : 0) : undefined),
};

const EXCHANGE_SORT_VALUE: Readonly<
  Record<ExchangeListQuery['sort'], (exchange: ExchangeState) => Comparable>
> = {
  ex_rank: (exchange) => exchange.exRank,
  amount_24h: (exchange) => exchange.amount24h,
  pair_count: (exchange) => exchange.pairCount,
  coin_count: (exchange) => exchange.coinCount,
  popularity: (exchange) => exchange.profile.monthlyVisits,
  reserves: (exchange) => exchange.profile.reservesUsd,
  score: (exchange) => exchange.score?.value,
};

/** Ascending is natural for rank and name, descending for every amount. */
function defaultDescending(sort: string): boolean {
  return sort !== 'rank' && sort !== 'ex_rank' && sort !== 'name';
}

/** Every market read: answered from the in-memory snapshot; only charts read stored candles. */
export class MarketService implements MarketReader {
  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: CurrencyService,
    private readonly candles: CandleRepository,
    private readonly provider: MarketDataProvider,
    private readonly hotSearches: DistinctCallers,
    private readonly now: () => number = Date.now,
    /** Whether this instance may call the source (only the ingest leader does when several run). */
    private readonly mayAskSource: () => boolean = () => true,
  ) {}

  freshness(): Freshness {
    return { as_of: this.snapshot.lastTickAt, stale: this.snapshot.isStale(this.now()) };
  }

  globalStats(currency: string) {
    const money = this.currencies.converter(currency);
    const global = this.snapshot.global;
    return {
      currency: money.currency,
      total_market_cap: money.convert(global.totalMarketCap),
      total_volume_24h: money.convert(global.totalVolume24h),
      market_cap_change_24h:
        global.totalMarketCap24hAgo > 0
          ? (global.totalMarketCap / global.totalMarketCap24hAgo - 1) * 100
          : null,
      btc_dominance: global.btcDominance,
      eth_dominance: global.ethDominance,
      rising: global.rising,
      falling: global.falling,
      unchanged: global.unchanged,
      coin_count: this.snapshot.coins.size,
      exchange_count: this.snapshot.exchanges.size,
      ...this.freshness(),
    };
  }

  coinList(
    query: CoinListQuery,
    language: AppLanguage,
    watchlist: readonly string[] | null,
  ): ScoredPage<CoinListItem> {
    const money = this.currencies.converter(query.currency);
    const sorted = this.orderedCoins(query, watchlist);
    const freshness = this.freshness();
    const page = paginate(sorted, query.page, query.page_size);
    return {
      ...page,
      list: page.list.map((coin) => coinListItem(coin, money, language, freshness)),
      currency: money.currency,
      methodology_version: SCORE_METHODOLOGY_VERSION,
      ...freshness,
    };
  }

  /** Every coin a coin-list query selects, in its order, before paging (live list topics page it themselves). */
  orderedCoins(query: CoinOrderQuery, watchlist: readonly string[] | null): CoinState[] {
    const now = this.now();
    let coins = this.snapshot.ranked.filter((coin) => coin.price !== null);
    if (query.concept) coins = coins.filter((coin) => coin.profile.sectors.includes(query.concept ?? ''));
    if (query.hide_low_quality)
      coins = coins.filter((coin) => coin.score === null || coin.score.value >= LOW_QUALITY_SCORE);
    switch (query.filter) {
      case 'gainers':
        coins = coins.filter((coin) => (coin.metrics?.change24h ?? 0) > 0);
        break;
      case 'losers':
        coins = coins.filter((coin) => (coin.metrics?.change24h ?? 0) < 0);
        break;
      case 'new':
        coins = coins.filter((coin) => coin.listedAt !== null && coin.listedAt >= now - NEW_LISTING_MS);
        break;
      case 'watchlist': {
        if (watchlist === null) throw new ProcedureFailure(ErrorCode.NotLoggedIn);
        const ids = new Set(watchlist);
        coins = coins.filter((coin) => ids.has(coin.profile.id));
        break;
      }
      case 'all':
        break;
    }
    const sortDefaultDesc =
      query.filter === 'gainers' ? true : query.filter === 'losers' ? false : defaultDescending(query.sort);
    const sort =
      query.filter === 'gainers' || query.filter === 'losers'
        ? query.sort === 'rank'
          ? 'change_24h'
          : query.sort
        : query.sort;
    const descending = query.order ? query.order === 'desc' : sortDefaultDesc;
    const value = COIN_SORT_VALUE[sort];
    return [...coins].sort((a, b) => compare(value(a), value(b), descending) || a.rank - b.rank);
  }

  coinsByIds(ids: readonly string[], currency: string, language: AppLanguage): CoinListItem[] {
    const money = this.currencies.converter(currency);
    const freshness = this.freshness();
    return ids.flatMap((id) => {
      const coin = this.snapshot.coins.get(id);
      return coin ? [coinListItem(coin, money, language, freshness)] : [];
    });
  }

  /** The coin's page; `caller` (its address key) counts once an hour towards the hot coins. */
  coinDetail(coinId: string, currency: string, language: AppLanguage, caller: string): CoinDetail {
    const coin = this.requireCoin(coinId);
    void this.hotSearches.record(coin.profile.id, caller);
    return coinDetail(coin, this.currencies.converter(currency), language, this.freshness(), this.btcPrice());
  }

  coinScore(coinId: string, currency: string, language: AppLanguage): CoinScoreView {
    const coin = this.requireCoin(coinId);
    return coinScoreView(
      coin,
      this.snapshot,
      this.currencies.converter(currency),
      language,
      this.freshness(),
    );
  }

  async kline(coinId: string, range: KlineRange, currency: string, signal: AbortSignal) {
    const coin = this.requireCoin(coinId);
    const money = this.currencies.converter(currency);
    const { resolution, spanMs } = KLINE_WINDOWS[range];
    const now = this.now();
    const from =
      spanMs === null ? (coin.listedAt ?? now - 5 * 365 * DAY_MS) : bucketStart(now - spanMs, resolution);
    let candles = await this.candles.range(coin.profile.id, resolution, from, now + 1);
    // While the first back-fill is still being written, answer from the provider instead of a gappy chart;
    // not while the source is down (stale), not on a follower (only the leader calls sources), and if it fails
    // now: the stored candles are the last-good chart.
    if (
      this.mayAskSource() &&
      this.provider.capabilities.has('candles') &&
      !this.snapshot.isStale(now) &&
      candles.length < expectedCount(resolution, from, now) * 0.9
    ) {
      const stored = candles;
      candles = await this.provider
        .getCandles({ coinId: coin.profile.id, resolution, from, to: now }, signal)
        .catch(() => stored);
    }
    return {
      coin_id: coin.profile.id,
      range,
      resolution,
      currency: money.currency,
      candles: candles.map((candle) => convertCandle(candle, money)),
      ...this.freshness(),
    };
  }

  coinTickers(coinId: string, page: number, pageSize: number, currency: string) {
    const coin = this.requireCoin(coinId);
    return this.tickerPage(coin.venues, page, pageSize, currency);
  }

  exchangeTickers(exchangeId: string, page: number, pageSize: number, currency: string) {
    this.requireExchange(exchangeId);
    const venues: VenueQuote[] = [];
    for (const coin of this.snapshot.ranked)
      for (const venue of coin.venues) if (venue.ticker.exchangeId === exchangeId) venues.push(venue);
    return this.tickerPage(venues, page, pageSize, currency);
  }

  conceptList(currency: string, language: AppLanguage) {
    const money = this.currencies.converter(currency);
    const groups = new Map<string, CoinState[]>();
    for (const coin of this.snapshot.ranked) {
      if (coin.price === null) continue;
      for (const sector of coin.profile.sectors) groups.set(sector, [...(groups.get(sector) ?? []), coin]);
    }
    const list = [...groups.entries()].map(([id, coins]) => {
      const cap = coins.reduce((sum, coin) => sum + (coin.metrics?.circulatingMarketCap ?? 0), 0);
      const capBefore = coins.reduce((sum, coin) => {
        const change = coin.metrics?.change24h;
        const current = coin.metrics?.circulatingMarketCap ?? 0;
        return sum + (change === null || change === undefined ? current : current / (1 + change / 100));
      }, 0);
      const lead = [...coins].sort(
        (a, b) => (b.metrics?.change24h ?? -Infinity) - (a.metrics?.change24h ?? -Infinity),
      )[0];
      return {
        id,
        name: sectorName(id, language),
        change_24h: capBefore > 0 ? (cap / capBefore - 1) * 100 : null,
        market_cap: money.convert(cap),
        amount_24h: money.convert(coins.reduce((sum, coin) => sum + (coin.metrics?.amount24h ?? 0), 0)),
        coin_count: coins.length,
        rising: coins.filter((coin) => (coin.metrics?.change24h ?? 0) > 0).length,
        falling: coins.filter((coin) => (coin.metrics?.change24h ?? 0) < 0).length,
        lead_coin: lead
          ? {
              id: lead.profile.id,
              symbol: lead.profile.symbol,
              name: lead.profile.name,
              change_24h: lead.metrics?.change24h ?? null,
            }
          : null,
      };
    });
    list.sort((a, b) => (b.change_24h ?? -Infinity) - (a.change_24h ?? -Infinity));
    return { list, currency: money.currency, ...this.freshness() };
  }

  /** Most-viewed coins of the last 24 h; until enough views exist, the most-traded ones fill the list. */
  async hotSearchCoins(limit: number, currency: string, language: AppLanguage) {
    const views = await this.hotSearches.counts();
    const ranked = [...this.snapshot.ranked]
      .filter((coin) => coin.price !== null)
      .sort(
        (a, b) =>
          (views.get(b.profile.id) ?? 0) - (views.get(a.profile.id) ?? 0) ||
          (b.metrics?.amount24h ?? 0) - (a.metrics?.amount24h ?? 0),
      );
    const money = this.currencies.converter(currency);
    const freshness = this.freshness();
    return {
      list: ranked.slice(0, limit).map((coin) => coinListItem(coin, money, language, freshness)),
      currency: money.currency,
      ...freshness,
    };
  }

  exchangeList(query: ExchangeListQuery, language: AppLanguage): ScoredPage<ExchangeListItem> {
    const money = this.currencies.converter(query.currency);
    const descending = query.order ? query.order === 'desc' : defaultDescending(query.sort);
    const value = EXCHANGE_SORT_VALUE[query.sort];
    const exchanges = this.snapshot.exchangesRanked
      .filter((exchange) => query.kind === 'all' || exchange.profile.kind === query.kind)
      .sort((a, b) => compare(value(a), value(b), descending) || a.exRank - b.exRank);
    const freshness = this.freshness();
    const btc = this.btcPrice();
    const page = paginate(exchanges, query.page, query.page_size);
    return {
      ...page,
      list: page.list.map((exchange) => exchangeListItem(exchange, money, language, freshness, btc)),
      currency: money.currency,
      methodology_version: SCORE_METHODOLOGY_VERSION,
      ...freshness,
    };
  }

  exchangesByIds(ids: readonly string[], currency: string, language: AppLanguage): ExchangeListItem[] {
    const money = this.currencies.converter(currency);
    const freshness = this.freshness();
    const btc = this.btcPrice();
    return ids.flatMap((id) => {
      const exchange = this.snapshot.exchanges.get(id);
      return exchange ? [exchangeListItem(exchange, money, language, freshness, btc)] : [];
    });
  }

  exchangeDetail(exchangeId: string, currency: string, language: AppLanguage): ExchangeDetail {
    const exchange = this.requireExchange(exchangeId);
    const tokenId = exchange.profile.platformToken;
    const token = tokenId ? this.snapshot.coins.get(tokenId) : undefined;
    return exchangeDetail(
      exchange,
      this.currencies.converter(currency),
      language,
      this.freshness(),
      this.btcPrice(),
      token ? { id: token.profile.id, symbol: token.profile.symbol, name: token.profile.name } : null,
    );
  }

  hasCoin(id: string): boolean {
    return this.snapshot.coins.has(id);
  }

  hasExchange(id: string): boolean {
    return this.snapshot.exchanges.has(id);
  }

  private tickerPage(
    venues: readonly VenueQuote[],
    page: number,
    pageSize: number,
    currency: string,
  ): Page<TickerView> & { currency: string } & Freshness {
    const money = this.currencies.converter(currency);
    const freshness = this.freshness();
    const total = venues
      .filter((venue) => !venue.excluded)
      .reduce((sum, venue) => sum + venue.ticker.volumeUsd24h, 0);
    const sorted = [...venues].sort((a, b) => b.ticker.volumeUsd24h - a.ticker.volumeUsd24h);
    const slice = paginate(sorted, page, pageSize);
    return {
      ...slice,
      list: slice.list.map((venue) =>
        tickerView(venue, this.snapshot.exchanges.get(venue.ticker.exchangeId), total, money, freshness),
      ),
      currency: money.currency,
      ...freshness,
    };
  }

  private requireCoin(id: string): CoinState {
    const coin = this.snapshot.coins.get(id);
    if (!coin) throw new ProcedureFailure(ErrorCode.NotFound);
    return coin;
  }

  private requireExchange(id: string): ExchangeState {
    const exchange = this.snapshot.exchanges.get(id);
    if (!exchange) throw new ProcedureFailure(ErrorCode.NotFound);
    return exchange;
  }

  private btcPrice(): number | null {
    return this.snapshot.coins.get('bitcoin')?.price ?? null;
  }
}

function expectedCount(resolution: Resolution, from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / RESOLUTION_MS[resolution]) - 1);
}

function convertCandle(candle: Candle, money: Converter) {
  return {
    time: candle.time,
    open: money.convert(candle.open),
    high: money.convert(candle.high),
    low: money.convert(candle.low),
    close: money.convert(candle.close),
    volume: candle.volume,
    amount: money.convert(candle.amount),
  };
}

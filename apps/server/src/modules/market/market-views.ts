import { createRequire } from 'node:module';

import { EXCHANGE_SCORE_FACTORS, integrityFlagText } from '@coinlens/contract';
import type {
  AppLanguage,
  CoinDetail,
  CoinListItem,
  ExchangeDetail,
  ExchangeListItem,
  TickerView,
} from '@coinlens/contract';

import type { CoinState, ExchangeState, VenueQuote } from '../../market-store/market-snapshot.js';
import { sectorName } from '@coinlens/market-model';
import { SCORE_METHODOLOGY_VERSION } from '@coinlens/score';
import countries from 'i18n-iso-countries';
import type { LocaleData } from 'i18n-iso-countries';
import { coinPriceFields } from '../../market-store/coin-price-fields.js';
import { coverageView } from './coverage-view.js';
import type { Converter } from '../../market-store/currency-converter.js';
import { localName } from '../../market-store/local-name.js';
import type { Freshness } from '../../market-store/market-reader.js';
import { percent, significantOrNull, sparklineShape } from '../../market-store/precision.js';

/** Scores are shown with one decimal. */
export function roundScore(score: number): number {
  return Math.round(score * 10) / 10;
}

export function coinListItem(
  coin: CoinState,
  money: Converter,
  language: AppLanguage,
  freshness: Freshness,
): CoinListItem {
  const { profile, metrics } = coin;
  return {
    id: profile.id,
    symbol: profile.symbol,
    name: profile.name,
    local_name: localName(profile.localNames, profile.name, language),
    logo: profile.logo,
    rank: coin.rank,
    ...coinPriceFields(coin, money),
    turnover_rate: percent(metrics?.turnoverRate),
    volatility_24h: percent(metrics?.volatility24h),
    sparkline_7d: sparklineShape(metrics?.sparkline7d ?? []),
    certification: coin.certification,
    listed_at: coin.listedAt,
    score: coin.score ? roundScore(coin.score.value) : null,
    verified_amount_24h: coin.score
      ? significantOrNull(money.convert(coin.score.detail.values.volume.verified))
      : null,
    sector: profile.sectors[0] ?? null,
    as_of: coin.asOf || freshness.as_of,
    stale: freshness.stale,
  };
}

export function coinDetail(
  coin: CoinState,
  money: Converter,
  language: AppLanguage,
  freshness: Freshness,
  btcPriceUsd: number | null,
): CoinDetail {
  const { profile, metrics } = coin;
  const exchanges = new Set(coin.venues.map((venue) => venue.ticker.exchangeId));
  return {
    ...coinListItem(coin, money, language, freshness),
    currency: money.currency,
    methodology_version: SCORE_METHODOLOGY_VERSION,
    price_btc: coin.price !== null && btcPriceUsd ? coin.price / btcPriceUsd : null,
    change_7d: metrics?.change7d ?? null,
    first_day_open: money.convertNullable(metrics?.firstDayOpen),
    roi: metrics?.roi ?? null,
    volume_ratio: metrics?.volumeRatio ?? null,
    btc_correlation: metrics?.btcCorrelation ?? null,
    circulating_supply: profile.circulatingSupply,
    total_supply: profile.totalSupply,
    max_supply: profile.maxSupply,
    circulation_rate: metrics?.circulationRate ?? null,
    market_share: coin.marketShare,
    ath: money.convertNullable(metrics?.ath?.price),
    ath_at: metrics?.ath?.at ?? null,
    atl: money.convertNullable(metrics?.atl?.price),
    atl_at: metrics?.atl?.at ?? null,
    history_loading: metrics?.dailyHistoryLoaded !== true,
    issue_date: profile.issueDate,
    issue_type: profile.issueType,
    public_chain: profile.publicChain,
    concepts: profile.sectors.map((id) => ({ id, name: sectorName(id, language) })),
    exchange_count: exchanges.size,
    holder_addresses: coin.onChain?.holderAddresses ?? null,
    top10_holder_share:
      typeof coin.onChain?.top10HolderShare === 'number' ? coin.onChain.top10HolderShare * 100 : null,
    mining: profile.mining && {
      genesis_block_time: profile.mining.genesisBlockTime,
      status: profile.mining.status,
      consensus: profile.consensus,
      block_time_seconds: profile.blockTimeSeconds,
      core_algorithm: profile.coreAlgorithm,
      block_reward: profile.mining.blockReward,
      halving_reward: profile.mining.nextHalvingReward,
    },
    bid_ask_spread: metrics?.bidAskSpread ?? null,
    links: { ...profile.links },
    description: profile.description?.[language] ?? '',
  };
}

export function tickerView(
  venue: VenueQuote,
  exchange: ExchangeState | undefined,
  totalUsd: number,
  money: Converter,
  freshness: Freshness,
): TickerView {
  const { ticker } = venue;
  const spread =
    ticker.bidUsd !== null && ticker.askUsd !== null && ticker.bidUsd > 0
      ? ((ticker.askUsd - ticker.bidUsd) / ((ticker.askUsd + ticker.bidUsd) / 2)) * 100
      : null;
  return {
    exchange_id: ticker.exchangeId,
    exchange_name: exchange?.profile.name ?? ticker.exchangeId,
    exchange_logo: exchange?.profile.logo ?? '',
    coin_id: ticker.coinId,
    pair: `${ticker.base}/${ticker.quote}`,
    base: ticker.base,
    quote: ticker.quote,
    price: money.convert(ticker.lastUsd),
    price_quote: ticker.last,
    volume_24h: ticker.volumeBase24h,
    amount_24h: money.convert(ticker.volumeUsd24h),
    share: totalUsd > 0 ? (ticker.volumeUsd24h / totalUsd) * 100 : 0,
    spread,
    excluded: venue.excluded,
    as_of: ticker.timestamp,
    stale: freshness.stale,
  };
}

export function exchangeListItem(
  exchange: ExchangeState,
  money: Converter,
  language: AppLanguage,
  freshness: Freshness,
  btcPriceUsd: number | null,
): ExchangeListItem {
  const { profile } = exchange;
  return {
    id: profile.id,
    name: profile.name,
    local_name: localName(profile.localNames, profile.name, language),
    logo: profile.logo,
    kind: profile.kind,
    ex_rank: exchange.exRank,
    amount_24h: money.convert(exchange.amount24h),
    volume_24h_btc: btcPriceUsd ? exchange.amount24h / btcPriceUsd : null,
    pair_count: exchange.pairCount,
    coin_count: exchange.coinCount,
    popularity: profile.monthlyVisits,
    reserves: money.convertNullable(profile.reservesUsd),
    kyc: profile.kyc,
    registration_place: localCountryName(profile.registrationPlace, language),
    score: exchange.score ? roundScore(exchange.score.value) : null,
    integrity: exchange.score ? Math.round(exchange.score.integrity * 1000) / 1000 : null,
    verified_amount_24h: exchange.score ? money.convert(exchange.score.verifiedAmount24h) : null,
    as_of: exchange.asOf || freshness.as_of,
    stale: freshness.stale,
  };
}

export function exchangeDetail(
  exchange: ExchangeState,
  money: Converter,
  language: AppLanguage,
  freshness: Freshness,
  btcPriceUsd: number | null,
  platformToken: { id: string; symbol: string; name: string } | null,
): ExchangeDetail {
  const { profile } = exchange;
  return {
    ...exchangeListItem(exchange, money, language, freshness, btcPriceUsd),
    currency: money.currency,
    established: profile.established,
    aml_certified: profile.amlCertified,
    chinese_support: profile.chineseSupport,
    api_available: profile.apiAvailable,
    fees: profile.fees && {
      maker_percent: profile.fees.makerPercent,
      taker_percent: profile.fees.takerPercent,
    },
    website: profile.website,
    platform_token: platformToken,
    burn_info: profile.burn?.mechanism[language] ?? null,
    monthly_visits: profile.monthlyVisits,
    integrity_flags: (exchange.score?.integrityFlags ?? []).map((kind) => ({
      kind,
      text: integrityFlagText(kind, language),
    })),
    coverage: exchange.score ? coverageView(EXCHANGE_SCORE_FACTORS, exchange.score.coverage) : [],
    fictional: profile.fictional === true,
    methodology_version: SCORE_METHODOLOGY_VERSION,
  };
}

// The ISO 3166 tables the account pages use too, with their own vi and zh names.
const requireLocale = createRequire(import.meta.url);
for (const locale of ['en', 'vi', 'zh'])
  countries.registerLocale(requireLocale(`i18n-iso-countries/langs/${locale}.json`) as LocaleData);

const COUNTRY_LOCALE: Readonly<Record<AppLanguage, string>> = { en: 'en', vi: 'vi', 'zh-Hans': 'zh' };

/** English spellings sources use that the ISO tables do not list. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  'british virgin islands': 'VG',
  'virgin islands (british)': 'VG',
  bvi: 'VG',
  'the bahamas': 'BS',
  'st. vincent and the grenadines': 'VC',
  'hong kong sar china': 'HK',
  'hong kong sar': 'HK',
  macau: 'MO',
  curacao: 'CW',
};

/**
 * An exchange's country (sources give an English name or an ISO code) in `language`: the ISO tables' common
 * name ("开曼群岛", "Quần đảo Cayman"); a place they do not know is answered as the source wrote it.
 */
export function localCountryName(place: string | null, language: AppLanguage): string | null {
  const text = place?.trim();
  if (!text) return null;
  const isCode = /^[A-Za-z]{2}$/.test(text);
  if (language === 'en' && !isCode) return text;
  const code = isCode
    ? text.toUpperCase()
    : (COUNTRY_ALIASES[text.toLowerCase()] ?? countries.getAlpha2Code(text, 'en'));
  return (code && countries.getName(code, COUNTRY_LOCALE[language], { select: 'alias' })) || text;
}

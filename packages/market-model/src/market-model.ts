/**
 * The one internal model every provider normalises into (USD is the reference currency; times are epoch ms).
 * Ingest validates and aggregates these; nothing downstream knows which provider produced them.
 */

export type LocalisedString = { en: string; vi: string; 'zh-Hans': string };

export interface CoinLinks {
  website?: string;
  x?: string;
  facebook?: string;
  reddit?: string;
  telegram?: string;
  whitepaper?: string;
  medium?: string;
  github?: string;
}

export interface MiningInfo {
  status: 'active' | 'ended' | 'not_mineable';
  genesisBlockTime: string | null;
  blockReward: number | null;
  halvingIntervalBlocks: number | null;
  nextHalvingReward: number | null;
}

/** What a coin is: facts that change rarely. */
export interface CoinProfile {
  id: string;
  symbol: string;
  name: string;
  localNames: { 'zh-Hans'?: string; vi?: string };
  /** Path or URL of the logo. */
  logo: string;
  circulatingSupply: number | null;
  totalSupply: number | null;
  maxSupply: number | null;
  issueDate: string | null;
  issueType: string | null;
  publicChain: string | null;
  consensus: string | null;
  blockTimeSeconds: number | null;
  coreAlgorithm: string | null;
  mining: MiningInfo | null;
  sectors: string[];
  links: CoinLinks;
  description: LocalisedString | null;
  stablecoin: boolean;
  /** When the provider's market data for the coin begins (epoch ms), if it reaches further back than the
   * default back-fill: the daily history (and the All chart) starts there. */
  historySince?: number;
}

export interface ExchangeProfile {
  id: string;
  name: string;
  localNames: { 'zh-Hans'?: string };
  logo: string;
  kind: 'centralized' | 'dex';
  /** 'YYYY-MM'. */
  established: string | null;
  registrationPlace: string | null;
  kyc: 'mandatory' | 'optional' | 'none' | null;
  amlCertified: boolean | null;
  chineseSupport: boolean | null;
  apiAvailable: boolean | null;
  fees: { makerPercent: number; takerPercent: number } | null;
  website: string | null;
  platformToken: string | null;
  burn: { mechanism: LocalisedString } | null;
  /** Published proof-of-reserves in USD ("asset strength"). */
  reservesUsd: number | null;
  /** Monthly web visits ("popularity"). */
  monthlyVisits: number | null;
  /** A venue that exists only in a simulated market (never set by a real source). */
  fictional?: boolean;
}

/** One trading pair on one venue at one moment. */
export interface VenueTicker {
  exchangeId: string;
  /** Coin id of the base asset. */
  coinId: string;
  base: string;
  quote: string;
  /** Last price in the quote currency. */
  last: number;
  /** Last price converted to USD by the provider (quote × quote's USD price). */
  lastUsd: number;
  bidUsd: number | null;
  askUsd: number | null;
  /** 24h volume in base units. */
  volumeBase24h: number;
  /** 24h turnover in USD. */
  volumeUsd24h: number;
  timestamp: number;
}

/** A plain copy of a ticker's fields (a kept ticker reads its numbers from columns a later tick overwrites). */
export function tickerCopy(ticker: VenueTicker): VenueTicker {
  return {
    exchangeId: ticker.exchangeId,
    coinId: ticker.coinId,
    base: ticker.base,
    quote: ticker.quote,
    last: ticker.last,
    lastUsd: ticker.lastUsd,
    bidUsd: ticker.bidUsd,
    askUsd: ticker.askUsd,
    volumeBase24h: ticker.volumeBase24h,
    volumeUsd24h: ticker.volumeUsd24h,
    timestamp: ticker.timestamp,
  };
}

/** An already aggregated quote for a coin (e.g. CoinGecko's /coins/markets), for sources without venues. */
export interface AggregateQuote {
  coinId: string;
  priceUsd: number;
  volumeUsd24h: number;
  high24hUsd: number | null;
  low24hUsd: number | null;
  marketCapUsd: number | null;
  athUsd: number | null;
  athAt: number | null;
  atlUsd: number | null;
  atlAt: number | null;
  timestamp: number;
}

export type BookLevel = readonly [price: number, amount: number];

export interface OrderBookSnapshot {
  exchangeId: string;
  coinId: string;
  base: string;
  quote: string;
  /** Best first. */
  bids: BookLevel[];
  asks: BookLevel[];
  timestamp: number;
}

export interface TradePrint {
  id: string;
  exchangeId: string;
  coinId: string;
  base: string;
  quote: string;
  price: number;
  amount: number;
  side: 'buy' | 'sell' | null;
  timestamp: number;
}

export const RESOLUTIONS = ['1m', '5m', '1h', '1d'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const RESOLUTION_MS: Readonly<Record<Resolution, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/** OHLCV in USD; `time` is the open time, aligned to the resolution. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base units traded. */
  volume: number;
  /** USD turnover. */
  amount: number;
}

export interface CurrencyRate {
  code: string;
  name: string;
  unit: string;
  type: 'fiat' | 'crypto' | 'commodity';
  /** Units of this currency per 1 USD. */
  perUsd: number;
}

export interface ExchangeRates {
  rates: CurrencyRate[];
  timestamp: number;
}

export interface SocialSnapshot {
  coinId: string;
  followers: { x: number; reddit: number; telegram: number };
  /** Interactions (likes, replies, reposts) in the last 24 h. */
  engagement24h: number;
  /** Share of followers that look automated (0–1), where the source can tell. */
  suspectedBotShare: number | null;
  timestamp: number;
}

export interface OnChainSnapshot {
  coinId: string;
  activeAddresses24h: number;
  holderAddresses: number;
  /** Share of supply held by the ten largest holders (0–1). */
  top10HolderShare: number;
  developerCommits30d: number;
  timestamp: number;
}

export interface Announcement {
  id: string;
  coinId: string;
  title: string;
  url: string;
  publishedAt: number;
  source: string;
}

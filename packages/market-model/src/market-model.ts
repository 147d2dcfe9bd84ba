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
  /**
   * What an aggregate source reports of the whole venue (CoinGecko's `/exchanges`): its 24 h turnover in BTC and its
   * pair and coin counts. Absent where the venue's own tickers are the whole picture (a venue-priced source).
   */
  reported?: { volumeBtc24h: number | null; pairs: number | null; coins: number | null };
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
  /** Bid-ask spread in % of the mid price as the source publishes it; absent or null: unknown. */
  spreadPercent?: number | null;
  /** USD it takes to move the price up 2 % (asks within +2 %); absent or null: unknown. */
  depthUsd2pctUp?: number | null;
  /** USD it takes to move the price down 2 % (bids within −2 %); absent or null: unknown. */
  depthUsd2pctDown?: number | null;
  /** The source's own trust rating of the pair (CoinGecko's green/yellow/red); absent or null: not rated. */
  trust?: TickerTrust | null;
}

export type TickerTrust = 'green' | 'yellow' | 'red';

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
    ...(ticker.spreadPercent !== undefined ? { spreadPercent: ticker.spreadPercent } : {}),
    ...(ticker.depthUsd2pctUp !== undefined ? { depthUsd2pctUp: ticker.depthUsd2pctUp } : {}),
    ...(ticker.depthUsd2pctDown !== undefined ? { depthUsd2pctDown: ticker.depthUsd2pctDown } : {}),
    ...(ticker.trust !== undefined ? { trust: ticker.trust } : {}),
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
  /** The source's own 24 h price change, in percent; absent or null where it gives none. */
  change24hPercent?: number | null;
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

/** Follower counts per platform; null: the source does not know that platform's count. */
export interface SocialFollowers {
  x: number | null;
  reddit: number | null;
  telegram: number | null;
}

export interface SocialSnapshot {
  coinId: string;
  followers: SocialFollowers;
  /** Interactions (likes, replies, reposts) in the last 24 h; null when the source does not measure them. */
  engagement24h: number | null;
  /** Share of followers that look automated (0–1), where the source can tell (no keyless live source can). */
  suspectedBotShare: number | null;
  /** Reddit accounts active in the last 48 h (CoinGecko community data); absent or null: unknown. */
  redditActiveAccounts48h?: number | null;
  timestamp: number;
}

/**
 * Every figure is null when the source does not give it: a live keyless source knows TVL and fees but not
 * holders or active addresses. Null is "no data", never zero.
 */
export interface OnChainSnapshot {
  coinId: string;
  activeAddresses24h: number | null;
  holderAddresses: number | null;
  /** Share of supply held by the ten largest holders (0–1). */
  top10HolderShare: number | null;
  /** Commits to the coin's repositories in 30 days (the simulator's; live sources report developer activity
   * as a `DeveloperSnapshot`). */
  developerCommits30d: number | null;
  /** Value locked in the coin's protocol, or on its chain when the coin is a chain's native token (USD). */
  tvlUsd?: number | null;
  /** Whether `tvlUsd` (and the fees) are the protocol's or the chain's. */
  tvlScope?: 'protocol' | 'chain' | null;
  /** Fees users paid to the protocol or chain in the last 24 h (USD). */
  fees24hUsd?: number | null;
  /** The part of those fees the protocol or chain kept (USD). */
  revenue24hUsd?: number | null;
  /** Transactions on the coin's chain in one day (live: Coin Metrics' `TxCnt` of the latest complete UTC day). */
  transactions24h?: number | null;
  /**
   * Start (UTC, ms) of the day `activeAddresses24h` and `transactions24h` count, when a source reports whole
   * days (Coin Metrics); absent or null when the figures are the source's rolling 24 h or unknown.
   */
  activityDayStart?: number | null;
  timestamp: number;
}

/** Activity of a coin's public code repositories (CoinGecko's developer data or GitHub itself). */
export interface DeveloperSnapshot {
  coinId: string;
  /** The repository measured, `owner/name`, when one is known. */
  repository: string | null;
  stars: number | null;
  forks: number | null;
  /** Commits in the last four weeks. */
  commits4w: number | null;
  /** Pull requests merged (all time on CoinGecko; in the last 30 days from GitHub: see `mergedPullRequestsWindowDays`). */
  mergedPullRequests: number | null;
  /** Null: all time. */
  mergedPullRequestsWindowDays: number | null;
  /** People who contributed (CoinGecko: pull request contributors; GitHub: contributors listed). */
  contributors: number | null;
  /** Which source measured it. */
  source: 'coingecko' | 'github';
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

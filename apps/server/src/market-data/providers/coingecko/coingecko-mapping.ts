/** Pure mappings from validated CoinGecko responses into the internal market model (USD, epoch ms). */
import type {
  AggregateQuote,
  CoinLinks,
  CoinProfile,
  ExchangeProfile,
  LocalisedString,
  MiningInfo,
  TickerTrust,
  VenueTicker,
} from '@coinlens/market-model';
import { isKnownSector } from '@coinlens/market-model';
import type {
  CoinDetail,
  CoinGeckoTicker,
  CoinsMarketsEntry,
  ExchangeDetail,
  ExchangesEntry,
} from './coingecko-schemas.js';

/** ISO date-time → epoch ms; null when absent or unparseable. */
/** A finite, non-negative number, else null (unknown). */
export function nonNegativeOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** `/coins/markets` entry → AggregateQuote; null when CoinGecko has no current price for the coin. */
export function toAggregateQuote(entry: CoinsMarketsEntry, now: number): AggregateQuote | null {
  const price = finiteOrNull(entry.current_price);
  if (price === null || price <= 0) return null;
  return {
    coinId: entry.id,
    priceUsd: price,
    volumeUsd24h: finiteOrNull(entry.total_volume) ?? 0,
    high24hUsd: finiteOrNull(entry.high_24h),
    low24hUsd: finiteOrNull(entry.low_24h),
    marketCapUsd: finiteOrNull(entry.market_cap),
    athUsd: finiteOrNull(entry.ath),
    athAt: parseTime(entry.ath_date),
    atlUsd: finiteOrNull(entry.atl),
    atlAt: parseTime(entry.atl_date),
    change24hPercent: finiteOrNull(entry.price_change_percentage_24h),
    timestamp: parseTime(entry.last_updated) ?? now,
  };
}

/**
 * CoinGecko category names → the app's sector ids (`sectors.ts`). Matched by pattern, first three distinct
 * known sectors in category order; unknown categories are dropped.
 */
const SECTOR_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/layer 1|smart contract platform/i, 'layer-1'],
  [/layer 2|rollup/i, 'layer-2'],
  [/stablecoin/i, 'stablecoin'],
  [/liquid staking|liquid restaking/i, 'liquid-staking'],
  [/wrapped/i, 'wrapped'],
  [/decentralized exchange|\bdex\b|automated market maker/i, 'dex'],
  [/lending|borrowing/i, 'lending'],
  [/derivatives|perpetuals/i, 'derivatives'],
  [/decentralized finance|\bdefi\b/i, 'defi'],
  [/meme/i, 'meme'],
  [/gaming|gamefi|play to earn/i, 'gaming'],
  [/\bnft\b/i, 'nft'],
  [/metaverse/i, 'metaverse'],
  [/artificial intelligence|\bai\b/i, 'ai'],
  [/oracle/i, 'oracle'],
  [/storage/i, 'storage'],
  [/privacy/i, 'privacy'],
  [/payment/i, 'payments'],
  [/exchange-based token|exchange token|centralized exchange \(cex\) token/i, 'exchange-token'],
  [/real world asset|\brwa\b|tokenized/i, 'rwa'],
  [/interoperability|cross-chain|bridge/i, 'interoperability'],
  [/socialfi|social/i, 'social'],
  [/depin/i, 'depin'],
  [/zero knowledge|\bzk\b/i, 'zero-knowledge'],
  [/bitcoin ecosystem/i, 'bitcoin-ecosystem'],
  [/fan token/i, 'fan-token'],
  [/infrastructure/i, 'infrastructure'],
];

export function sectorsFromCategories(categories: readonly (string | null)[]): string[] {
  const sectors: string[] = [];
  for (const category of categories) {
    if (!category) continue;
    for (const [pattern, sector] of SECTOR_PATTERNS) {
      if (pattern.test(category) && isKnownSector(sector) && !sectors.includes(sector)) {
        sectors.push(sector);
        break;
      }
    }
    if (sectors.length === 3) break;
  }
  return sectors;
}

/** Consensus from CoinGecko's "Proof of Work (PoW)" / "Proof of Stake (PoS)" categories. */
function consensusOf(categories: readonly (string | null)[]): 'PoW' | 'PoS' | null {
  if (categories.some((category) => category !== null && /proof of work/i.test(category))) return 'PoW';
  if (categories.some((category) => category !== null && /proof of stake/i.test(category))) return 'PoS';
  return null;
}

/** Display names of the asset platforms tokens most often live on; other platform ids pass through. */
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  ethereum: 'Ethereum',
  'binance-smart-chain': 'BNB Smart Chain',
  solana: 'Solana',
  'polygon-pos': 'Polygon',
  'arbitrum-one': 'Arbitrum',
  'optimistic-ethereum': 'Optimism',
  base: 'Base',
  tron: 'Tron',
  avalanche: 'Avalanche',
  'the-open-network': 'TON',
};

/** Plain text from CoinGecko's description HTML (anchors, line breaks). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function description(detail: CoinDetail): LocalisedString | null {
  const en = nonEmpty(plainText(detail.description.en ?? ''));
  if (en === null) return null;
  const vi = nonEmpty(plainText(detail.description.vi ?? ''));
  const zh = nonEmpty(plainText(detail.description.zh ?? ''));
  return { en, vi: vi ?? en, 'zh-Hans': zh ?? en };
}

function links(detail: CoinDetail): CoinLinks {
  const source = detail.links;
  const result: CoinLinks = {};
  const website = source.homepage?.map((url) => nonEmpty(url)).find((url) => url !== null);
  if (website) result.website = website;
  const whitepaper = nonEmpty(source.whitepaper);
  if (whitepaper) result.whitepaper = whitepaper;
  const x = nonEmpty(source.twitter_screen_name);
  if (x) result.x = `https://x.com/${x}`;
  const facebook = nonEmpty(source.facebook_username);
  if (facebook) result.facebook = `https://www.facebook.com/${facebook}`;
  const reddit = nonEmpty(source.subreddit_url);
  if (reddit && !/^https?:\/\/(www\.)?reddit\.com\/?$/i.test(reddit)) result.reddit = reddit;
  const telegram = nonEmpty(source.telegram_channel_identifier);
  if (telegram) result.telegram = `https://t.me/${telegram}`;
  const github = source.repos_url?.github?.map((url) => nonEmpty(url)).find((url) => url !== null);
  if (github) result.github = github;
  const medium = [...(source.homepage ?? [])]
    .map((url) => nonEmpty(url))
    .find((url) => url !== null && /medium\.com/i.test(url));
  if (medium) result.medium = medium;
  return result;
}

function localNames(detail: CoinDetail): CoinProfile['localNames'] {
  const names: CoinProfile['localNames'] = {};
  const zh = nonEmpty(detail.localization?.zh);
  if (zh && zh !== detail.name) names['zh-Hans'] = zh;
  const vi = nonEmpty(detail.localization?.vi);
  if (vi && vi !== detail.name) names.vi = vi;
  return names;
}

function mining(consensus: 'PoW' | 'PoS' | null): MiningInfo | null {
  if (consensus === null) return null;
  return {
    status: consensus === 'PoW' ? 'active' : 'not_mineable',
    genesisBlockTime: null,
    blockReward: null,
    halvingIntervalBlocks: null,
    nextHalvingReward: null,
  };
}

/**
 * A coin profile from its `/coins/markets` entry (supply, logo) and, when fetched, its `/coins/{id}` detail
 * (links, description, genesis date, hashing algorithm, categories). Without the detail those facts are empty.
 */
export function toCoinProfile(entry: CoinsMarketsEntry, detail: CoinDetail | null): CoinProfile {
  const categories = detail?.categories ?? [];
  const consensus = consensusOf(categories);
  const layer1 = categories.some(
    (category) => category !== null && /layer 1|smart contract platform/i.test(category),
  );
  const platform = detail?.asset_platform_id ?? null;
  const blockMinutes = finiteOrNull(detail?.block_time_in_minutes);
  return {
    id: entry.id,
    symbol: entry.symbol.toUpperCase(),
    name: entry.name,
    localNames: detail ? localNames(detail) : {},
    logo: nonEmpty(entry.image) ?? nonEmpty(detail?.image.large) ?? '',
    circulatingSupply: finiteOrNull(entry.circulating_supply),
    totalSupply: finiteOrNull(entry.total_supply),
    maxSupply: finiteOrNull(entry.max_supply),
    issueDate: nonEmpty(detail?.genesis_date),
    issueType: null,
    publicChain: platform ? (PLATFORM_NAMES[platform] ?? platform) : layer1 ? entry.name : null,
    consensus: platform ? null : consensus,
    blockTimeSeconds: blockMinutes !== null && blockMinutes > 0 ? blockMinutes * 60 : null,
    coreAlgorithm: nonEmpty(detail?.hashing_algorithm),
    mining: platform ? null : mining(consensus),
    sectors: sectorsFromCategories(categories),
    links: detail ? links(detail) : {},
    description: detail ? description(detail) : null,
    stablecoin: categories.some((category) => category !== null && /stablecoin/i.test(category)),
  };
}

/**
 * Names, ids and web addresses only decentralised venues carry: a swap or DEX in the name, a protocol version
 * (`Uniswap V3`, `uniswap_v3`), a chain in brackets (`Curve (Ethereum)`) or a well-known on-chain protocol.
 */
const DEX_HINTS: readonly RegExp[] = [
  /swap|\bdex\b|\bamm\b/i,
  /(?:^|[\s_-])v[1-4](?:$|[\s_)-])/i,
  /\((?:ethereum|arbitrum|base|bsc|bnb chain|bnb smart chain|polygon|optimism|solana|avalanche|fantom|tron|zksync|linea|scroll|blast|sui|aptos|ton|cronos|gnosis|celo|mantle)[^)]*\)/i,
  /uniswap|sushi|pancake|curve|balancer|raydium|orca|jupiter|meteora|aerodrome|velodrome|trader ?joe|camelot|hyperliquid|dydx|osmosis|thorchain|maverick|dodo|kyber|1inch|bancor|loopring|serum|openbook|cetus|ston\.fi|dedust/i,
];

/** Whether CoinGecko's names and address alone mark a venue decentralised (used only when its flag is absent). */
export function looksDecentralised(id: string, name: string, url: string | null): boolean {
  const host = url ? (/^[a-z]+:\/\/([^/?#]+)/i.exec(url)?.[1] ?? '') : '';
  return [id, name, host].some((text) => DEX_HINTS.some((hint) => hint.test(text)));
}

/**
 * Centralised or DEX: the source's own `centralized` flag (on the `/exchanges/{id}` detail, and on the list
 * entry should it ever carry one); without it, the venue's name, id and address decide.
 */
function exchangeKind(entry: ExchangesEntry, detail: ExchangeDetail | null): 'centralized' | 'dex' {
  const flag = typeof detail?.centralized === 'boolean' ? detail.centralized : entry['centralized'];
  if (typeof flag === 'boolean') return flag ? 'centralized' : 'dex';
  return looksDecentralised(entry.id, entry.name, nonEmpty(entry.url ?? detail?.url)) ? 'dex' : 'centralized';
}

/**
 * An exchange profile from its `/exchanges` entry and, when fetched, its `/exchanges/{id}` detail.
 * CoinGecko publishes only the founding year, so `established` is `YYYY` (a year, never a made-up month).
 * It names no platform token: `platformToken` stays null (unknown), never a placeholder.
 */
export function toExchangeProfile(entry: ExchangesEntry, detail: ExchangeDetail | null): ExchangeProfile {
  const year = finiteOrNull(entry.year_established ?? detail?.year_established);
  return {
    id: entry.id,
    name: entry.name,
    localNames: {},
    logo: nonEmpty(entry.image) ?? nonEmpty(detail?.image) ?? '',
    kind: exchangeKind(entry, detail),
    established: year !== null && year >= 1990 && year <= 2100 ? String(Math.trunc(year)) : null,
    registrationPlace: nonEmpty(entry.country ?? detail?.country),
    kyc: null,
    amlCertified: null,
    chineseSupport: null,
    apiAvailable: null,
    fees: null,
    website: nonEmpty(entry.url ?? detail?.url),
    platformToken: null,
    burn: null,
    reservesUsd: null,
    monthlyVisits: null,
    reported: {
      volumeBtc24h: nonNegativeOrNull(entry.trade_volume_24h_btc),
      pairs: nonNegativeOrNull(detail?.pairs),
      coins: nonNegativeOrNull(detail?.coins),
    },
  };
}

const TRUST: ReadonlySet<string> = new Set<TickerTrust>(['green', 'yellow', 'red']);

/**
 * A CoinGecko ticker → VenueTicker. CoinGecko publishes the bid-ask spread as a percentage but not the
 * quotes, so bid/ask are reconstructed symmetrically around the USD last price (their (ask − bid) ÷ mid
 * equals the published spread); null when no spread is published. The spread, the ±2 % depth
 * (`cost_to_move_up_usd`/`_down_usd`) and the trust rating pass through, null when absent. Stale tickers are dropped.
 */
export function toVenueTicker(ticker: CoinGeckoTicker, now: number): VenueTicker | null {
  if (ticker.is_stale) return null;
  const lastUsd = ticker.converted_last.usd;
  if (!Number.isFinite(lastUsd) || lastUsd <= 0 || !Number.isFinite(ticker.last) || ticker.last <= 0)
    return null;
  const spread = finiteOrNull(ticker.bid_ask_spread_percentage);
  const half = spread !== null && spread >= 0 ? spread / 200 : null;
  return {
    exchangeId: ticker.market.identifier,
    coinId: ticker.coin_id,
    base: ticker.base.toUpperCase(),
    quote: ticker.target.toUpperCase(),
    last: ticker.last,
    lastUsd,
    bidUsd: half !== null ? lastUsd * (1 - half) : null,
    askUsd: half !== null ? lastUsd * (1 + half) : null,
    volumeBase24h: Number.isFinite(ticker.volume) && ticker.volume >= 0 ? ticker.volume : 0,
    volumeUsd24h:
      Number.isFinite(ticker.converted_volume.usd) && ticker.converted_volume.usd >= 0
        ? ticker.converted_volume.usd
        : 0,
    timestamp: parseTime(ticker.last_traded_at) ?? parseTime(ticker.timestamp) ?? now,
    spreadPercent: half !== null ? spread : null,
    depthUsd2pctUp: nonNegativeOrNull(ticker.cost_to_move_up_usd),
    depthUsd2pctDown: nonNegativeOrNull(ticker.cost_to_move_down_usd),
    trust: ticker.trust_score && TRUST.has(ticker.trust_score) ? (ticker.trust_score as TickerTrust) : null,
  };
}

/**
 * Pure mappings from ccxt's unified structures (Ticker, OrderBook, Trade, the exchange description) into the
 * internal market model, plus the helpers the provider needs to point an exchange at another base URL.
 * Nothing here imports ccxt at run time (types only), so it costs nothing until an exchange is configured.
 */
import type { Exchange, OrderBook, Ticker, Trade } from 'ccxt';

import type { BookLevel, ExchangeProfile, TradePrint, VenueTicker } from '@coinlens/market-model';

/** Quote currencies taken at par with USD unless the caller says otherwise. */
export const DEFAULT_PAR_QUOTES: readonly string[] = ['USD', 'USDT', 'USDC'];

/**
 * Base symbols (as ccxt unifies them: XBT → BTC) of well-known coins → CoinGecko-style coin ids, the id scheme
 * the rest of the app uses. Anything else maps to null (skipped) unless `coinIdOf` is given.
 */
export const DEFAULT_COIN_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  BNB: 'binancecoin',
  SOL: 'solana',
  XRP: 'ripple',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  TRX: 'tron',
  TON: 'the-open-network',
  AVAX: 'avalanche-2',
  DOT: 'polkadot',
  LINK: 'chainlink',
  POL: 'polygon-ecosystem-token',
  SHIB: 'shiba-inu',
  LTC: 'litecoin',
  BCH: 'bitcoin-cash',
  UNI: 'uniswap',
  XLM: 'stellar',
  ATOM: 'cosmos',
  ETC: 'ethereum-classic',
  XMR: 'monero',
  NEAR: 'near',
  APT: 'aptos',
  ARB: 'arbitrum',
  OP: 'optimism',
  FIL: 'filecoin',
  ICP: 'internet-computer',
  HBAR: 'hedera-hashgraph',
  SUI: 'sui',
  PEPE: 'pepe',
  DAI: 'dai',
  AAVE: 'aave',
  ALGO: 'algorand',
  XTZ: 'tezos',
  ZEC: 'zcash',
  DASH: 'dash',
  WBTC: 'wrapped-bitcoin',
};

export function defaultCoinIdOf(base: string): string | null {
  return DEFAULT_COIN_IDS[base.toUpperCase()] ?? null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function positive(value: unknown): number | null {
  const number = finite(value);
  return number !== null && number > 0 ? number : null;
}

export interface PairIdentity {
  exchangeId: string;
  coinId: string;
  base: string;
  quote: string;
}

/**
 * A ccxt Ticker → VenueTicker given the USD value of one unit of the quote currency. Null when the ticker has
 * no positive last price. Volumes: base volume as reported (else quote volume ÷ VWAP or last); USD turnover
 * = quote volume × the quote's USD value (else base volume × USD last); missing volumes count as 0.
 */
export function toVenueTicker(
  ticker: Ticker,
  pair: PairIdentity,
  usdPerQuote: number,
  now: number,
): VenueTicker | null {
  const last = positive(ticker.last) ?? positive(ticker.close);
  if (last === null) return null;
  const bid = positive(ticker.bid);
  const ask = positive(ticker.ask);
  const quoteVolume = finite(ticker.quoteVolume);
  let baseVolume = finite(ticker.baseVolume);
  if (baseVolume === null || baseVolume < 0)
    baseVolume = quoteVolume !== null && quoteVolume >= 0 ? quoteVolume / (positive(ticker.vwap) ?? last) : 0;
  const lastUsd = last * usdPerQuote;
  const volumeUsd =
    quoteVolume !== null && quoteVolume >= 0 ? quoteVolume * usdPerQuote : baseVolume * lastUsd;
  return {
    ...pair,
    last,
    lastUsd,
    bidUsd: bid !== null ? bid * usdPerQuote : null,
    askUsd: ask !== null ? ask * usdPerQuote : null,
    volumeBase24h: baseVolume,
    volumeUsd24h: volumeUsd,
    timestamp: finite(ticker.timestamp) ?? now,
  };
}

/** Book levels with a positive price and non-negative amount, best first, at most `depth`. */
export function bookSide(levels: unknown, side: 'bids' | 'asks', depth: number): BookLevel[] | null {
  if (!Array.isArray(levels)) return null;
  const result: BookLevel[] = [];
  for (const level of levels as unknown[]) {
    if (!Array.isArray(level)) return null;
    const price = positive(level[0]);
    const amount = finite(level[1]);
    if (price === null || amount === null || amount < 0) return null;
    result.push([price, amount]);
  }
  result.sort((a, b) => (side === 'bids' ? b[0] - a[0] : a[0] - b[0]));
  return result.slice(0, Math.max(0, depth));
}

export function bookTimestamp(book: OrderBook, now: number): number {
  return finite(book.timestamp) ?? now;
}

/** ccxt Trades → TradePrints; trades without a positive price and amount are dropped. */
export function toTradePrints(
  trades: readonly Trade[],
  pair: PairIdentity,
  since: number | null,
  now: number,
): TradePrint[] {
  const prints: TradePrint[] = [];
  trades.forEach((trade, index) => {
    const price = positive(trade.price);
    const amount = positive(trade.amount);
    if (price === null || amount === null) return;
    const timestamp = finite(trade.timestamp) ?? now;
    if (since !== null && timestamp < since) return;
    const side = trade.side === 'buy' || trade.side === 'sell' ? trade.side : null;
    prints.push({
      id: trade.id ? String(trade.id) : `${timestamp}-${index}`,
      ...pair,
      price,
      amount,
      side,
      timestamp,
    });
  });
  return prints;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** ISO 3166 alpha-2 (as ccxt lists `countries`) → English country name. */
export function countryName(code: string | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    const name = REGION_NAMES.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

function percent(fraction: unknown): number | null {
  const value = finite(fraction);
  return value !== null ? Math.round(value * 100 * 1e6) / 1e6 : null;
}

/** What ccxt itself knows of a venue (no network): name, website, logo, trading fees, country, DEX flag. */
export function toExchangeProfile(exchange: Exchange, appId: string): ExchangeProfile {
  const described = exchange.describe() as { dex?: unknown; countries?: unknown };
  const www: unknown = exchange.urls.www;
  const website =
    typeof www === 'string' ? www : Array.isArray(www) && typeof www[0] === 'string' ? www[0] : null;
  const countries = Array.isArray(described.countries)
    ? (described.countries as unknown[])
    : Array.isArray(exchange.countries)
      ? exchange.countries
      : [];
  const maker = percent(exchange.fees?.trading?.maker);
  const taker = percent(exchange.fees?.trading?.taker);
  return {
    id: appId,
    name: exchange.name ?? exchange.id,
    localNames: {},
    logo: typeof exchange.urls.logo === 'string' ? exchange.urls.logo : '',
    kind: described.dex === true ? 'dex' : 'centralized',
    established: null,
    registrationPlace: countryName(typeof countries[0] === 'string' ? countries[0] : undefined),
    kyc: null,
    amlCertified: null,
    chineseSupport: null,
    apiAvailable: true,
    fees: maker !== null && taker !== null ? { makerPercent: maker, takerPercent: taker } : null,
    website,
    platformToken: null,
    burn: null,
    reservesUsd: null,
    monthlyVisits: null,
  };
}

/**
 * Points every URL of an exchange's `urls.api` (a string or nested dictionary of strings) at `base`: the scheme
 * and host are replaced, the path is kept, so `https://api.binance.com/api/v3` becomes `<base>/api/v3`.
 */
export function rewriteApiUrls<T>(api: T, base: string): T {
  const origin = base.replace(/\/+$/, '');
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/^https?:\/\/[^/]+/, origin);
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, rewrite(child)]));
    return value;
  };
  return rewrite(api) as T;
}

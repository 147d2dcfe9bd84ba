/**
 * The real material the universe replays are built from, read in place at run time and never copied into the
 * repository: ../shared/external (CoinGecko's 250-coin capture, real exchange books, tapes and API answers) and
 * the simulator's authored catalogue (names, descriptions and links of the best-known coins).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

import { realTapes } from '../real-tapes.js';
import type { RealTape } from '../real-tapes.js';

export const SHARED_EXTERNAL = fileURLToPath(new URL('../../../../../../shared/external/', import.meta.url));
const CAPTURED = `${SHARED_EXTERNAL}coingecko-captured/`;
const REALDATA = `${SHARED_EXTERNAL}realdata/`;
const CATALOG = new URL('../../../../../packages/market-simulator/catalog/', import.meta.url);
const PROVIDERS = new URL('../../../src/market-data/providers/', import.meta.url);

/** Whether the universe can be built here (the soak test skips otherwise). */
export const universeMaterialPresent =
  existsSync(`${CAPTURED}coins_markets.json`) && existsSync(`${REALDATA}trades/`);

const readJson = (path: string | URL): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** One entry of CoinGecko's `/coins/markets` capture (2023-07-28), every field as recorded. */
export interface CapturedCoin {
  id: string;
  symbol: string;
  name: string;
  image: string | null;
  current_price: number;
  market_cap: number | null;
  market_cap_rank: number | null;
  total_volume: number | null;
  high_24h: number | null;
  low_24h: number | null;
  circulating_supply: number | null;
  total_supply: number | null;
  max_supply: number | null;
  ath: number;
  ath_date: string;
  atl: number;
  atl_date: string;
  [field: string]: unknown;
}

export function capturedMarkets(): CapturedCoin[] {
  return readJson(`${CAPTURED}coins_markets.json`) as CapturedCoin[];
}

/** What the simulator's catalogue authored for a coin (read-only here; only the fields used). */
export interface CatalogCoin {
  id: string;
  localNames?: Record<string, string>;
  issueDate?: string | null;
  publicChain?: string | null;
  sectors?: string[];
  links?: Partial<Record<'website' | 'x' | 'github' | 'whitepaper' | 'reddit', string>>;
  description?: Partial<Record<'en' | 'vi' | 'zh-Hans', string>>;
}

export function catalogCoins(): Map<string, CatalogCoin> {
  const coins = new Map<string, CatalogCoin>();
  for (const file of readdirSync(new URL('coins/', CATALOG)))
    for (const coin of readJson(new URL(`coins/${file}`, CATALOG)) as CatalogCoin[]) coins.set(coin.id, coin);
  return coins;
}

export interface CatalogExchange {
  id: string;
  name: string;
  established?: string | null;
  registrationPlace?: string | null;
  website?: string | null;
  localNames?: Record<string, string>;
}

export function catalogExchanges(): Map<string, CatalogExchange> {
  return new Map(
    (readJson(new URL('exchanges.json', CATALOG)) as CatalogExchange[]).map((entry) => [entry.id, entry]),
  );
}

/** A hand-written provider fixture (CoinGecko's exchange rates, ping, supported currencies). */
export function providerFixture(provider: string, name: string): unknown {
  return readJson(new URL(`${provider}/__fixtures__/${name}`, PROVIDERS));
}

/** Price levels best first: `[price, amount]`. */
export interface RealBook {
  bids: [number, number][];
  asks: [number, number][];
}

const levels = (raw: readonly (readonly unknown[])[]): [number, number][] =>
  raw
    .map((level) => [Number(level[0]), Number(level[1])] as [number, number])
    .filter(([, amount]) => amount > 0);

/** Binance spot's REST `/api/v3/depth?limit=1000` snapshot in the hftbacktest stream of 2024-08-08 (BTCUSDT or ETHUSDT). */
export function binanceDeepBook(pair: 'btcusdt' | 'ethusdt'): RealBook {
  const text = gunzipSync(
    readFileSync(`${REALDATA}trades/hftbacktest_binance_spot_${pair}_20240808_raw_stream.jsonl.gz`),
  ).toString('utf8');
  for (const line of text.split('\n')) {
    const json = line.slice(line.indexOf(' ') + 1);
    if (!json.startsWith('{"lastUpdateId"')) continue;
    const book = JSON.parse(json) as { bids: string[][]; asks: string[][] };
    return { bids: levels(book.bids), asks: levels(book.asks) };
  }
  throw new Error(`no depth snapshot in the ${pair} stream`);
}

/** Kraken's WebSocket `book-1000` snapshot of `pair` (XBT/CHF or ETH/CHF) in cryptofeed's 2021 capture. */
export function krakenBook(pair: 'XBT/CHF' | 'ETH/CHF'): RealBook {
  const text = readFileSync(`${REALDATA}orderbook/cryptofeed_sample_data_KRAKEN.ws.50.0.txt`, 'utf8');
  for (const line of text.split('\n')) {
    if (!line.includes('"as"') || !line.includes(`"${pair}"`)) continue;
    const message = JSON.parse(line.slice(line.indexOf(': ') + 2)) as [
      number,
      { as: string[][]; bs: string[][] },
      string,
      string,
    ];
    const { as, bs } = message[1];
    return { bids: levels(bs), asks: levels(as) };
  }
  throw new Error(`no ${pair} book snapshot in the Kraken capture`);
}

/** Binance's full 2021 `/api/v3/exchangeInfo` (1,695 symbols) and Kraken's full 2021 `/0/public/AssetPairs`. */
export function binanceExchangeInfo(): unknown {
  return readJson(
    `${REALDATA}api_responses/extracted_from_cryptofeed/api.binance.com_api_v3_exchangeInfo__20211012T002831Z.json`,
  );
}

/**
 * Kraken's 2021 AssetPairs predates the `status` field Kraken added later (`online` for a tradable pair), which
 * ccxt now reads as the market's `active`: entries without one get `status: "online"`. Its dark-pool pairs
 * (`XXBTZUSD.d`, since discontinued) are left out: ccxt files them under the same unified symbol as the lit pair.
 */
export function krakenAssetPairs(): { error: unknown[]; result: Record<string, { altname: string }> } {
  const pairs = readJson(
    `${REALDATA}api_responses/extracted_from_cryptofeed/api.kraken.com_0_public_AssetPairs__20210417T164852Z.json`,
  ) as { error: unknown[]; result: Record<string, { altname: string; status?: string }> };
  for (const [key, entry] of Object.entries(pairs.result)) {
    if (key.endsWith('.d')) delete pairs.result[key];
    else entry.status ??= 'online';
  }
  return pairs;
}

/** The real tapes by name: Binance BTCUSDT / ETHUSDT 2024, Kraken BTC/USD 2019 and XBT/USDT 2025. */
export function tapesByName(): Map<string, RealTape> {
  return new Map(realTapes().map((tape) => [tape.venue, tape]));
}

export function cointelegraphFeed(): string {
  return readFileSync(`${REALDATA}rss/cointelegraph_rss_2026-09-30.xml`, 'utf8');
}

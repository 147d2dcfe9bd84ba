/**
 * A whole CoinGecko universe built at run time from the real 250-coin `/coins/markets` capture: per coin a
 * distinct detail, tickers over 25 venues (spread, ±2 % depth, volumes proportional to the coin's real
 * `total_volume`), a price path that moves with the clock and history (`market_chart`, `ohlc`) scaled to the
 * coin's own price and kept strictly inside its recorded all-time low and high; the venue list, details and
 * tickers; exchange rates. Everything is a deterministic function of the seed, the replay's start and the clock.
 *
 * What is real: each coin's id, symbol, name, image, price at the start, market cap, supply, 24 h volume and its
 * ATH/ATL with their dates (the capture), and where the simulator's catalogue authored them, local names,
 * descriptions and links. What is derived (stated here, not hidden): which venues list a coin and how its
 * volume splits between them, depth and spread, followers and repository activity, the history's shape.
 */
import type { CapturedCoin, CatalogCoin, CatalogExchange } from './material.js';
import { hex, normal, unit } from './seeded.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days of daily anchors behind the start (CoinGecko's public tier serves at most 365 days). */
const HISTORY_DAYS = 400;
/** Units of a fiat quote per USD for the venues quoting in it (July 2023). */
const FIAT_PER_USD: Readonly<Record<string, number>> = { USD: 1, KRW: 1_285, JPY: 141.2 };

export interface UniverseVenue {
  id: string;
  name: string;
  centralized: boolean;
  trustScore: number;
  year: number | null;
  country: string | null;
  url: string;
  /** Share of a listed coin's volume, before noise. */
  weight: number;
  /** Chance to list a coin of rank ≤ 100 (centralised venues). */
  breadth: number;
  /** Quote currency of its pairs. */
  quote: string;
  /** Bid–ask spread of a top coin, percent. */
  spreadPct: number;
  /** ±2 % depth per side as a share of the pair's 24 h turnover. */
  depthShare: number;
  /** Reported volume inflated by this factor (a venue washing its volume); 1 for honest venues. */
  inflation: number;
}

/** CoinGecko's ids for the 25 venues (gdax is Coinbase Exchange, okex OKX, bybit_spot Bybit, mxc MEXC). */
const VENUES: readonly Omit<UniverseVenue, 'year' | 'country' | 'url'>[] = [
  v('binance', 'Binance', 10, 30, 0.97, 'USDT', 0.01, 0.008),
  v('okex', 'OKX', 10, 8, 0.85, 'USDT', 0.01, 0.01),
  v('bybit_spot', 'Bybit', 9, 6, 0.8, 'USDT', 0.012, 0.01),
  v('gdax', 'Coinbase Exchange', 10, 7, 0.6, 'USD', 0.012, 0.02),
  v('kraken', 'Kraken', 10, 3, 0.6, 'USD', 0.015, 0.025),
  v('bitstamp', 'Bitstamp', 9, 1, 0.35, 'USD', 0.02, 0.03),
  v('gemini', 'Gemini', 9, 0.5, 0.3, 'USD', 0.03, 0.03),
  v('kucoin', 'KuCoin', 9, 3, 0.85, 'USDT', 0.02, 0.012),
  v('huobi', 'HTX', 8, 3, 0.7, 'USDT', 0.02, 0.01),
  v('gate', 'Gate.io', 8, 3, 0.9, 'USDT', 0.025, 0.01),
  v('bitfinex', 'Bitfinex', 9, 1.5, 0.4, 'USD', 0.02, 0.02),
  v('crypto_com', 'Crypto.com Exchange', 8, 3, 0.6, 'USDT', 0.02, 0.012),
  v('mxc', 'MEXC', 7, 3, 0.9, 'USDT', 0.03, 0.008),
  v('bitget', 'Bitget', 8, 3, 0.8, 'USDT', 0.02, 0.01),
  v('upbit', 'Upbit', 8, 4, 0.35, 'KRW', 0.03, 0.01),
  v('bithumb', 'Bithumb', 7, 1, 0.35, 'KRW', 0.05, 0.012),
  v('bitflyer', 'bitFlyer', 8, 0.5, 0.04, 'JPY', 0.03, 0.02),
  v('binance_us', 'Binance.US', 7, 0.3, 0.4, 'USD', 0.05, 0.03),
  v('whitebit', 'WhiteBIT', 7, 2, 0.5, 'USDT', 0.04, 0.006),
  // Two venues reporting volume their books cannot carry: inflated turnover over a thin book, wide spreads.
  { ...v('lbank', 'LBank', 5, 2, 0.7, 'USDT', 0.35, 0.0008), inflation: 4 },
  { ...v('digifinex', 'DigiFinex', 4, 2, 0.6, 'USDT', 0.5, 0.0005), inflation: 6 },
  { ...v('uniswap_v3', 'Uniswap V3 (Ethereum)', 8, 2, 0, 'USDC', 0.3, 0), centralized: false },
  { ...v('pancakeswap_new', 'PancakeSwap (v2)', 7, 1, 0, 'USDT', 0.3, 0), centralized: false },
  { ...v('curve', 'Curve', 8, 0.5, 0, 'USDC', 0.05, 0), centralized: false },
  { ...v('sushiswap', 'SushiSwap', 6, 0.3, 0, 'WETH', 0.4, 0), centralized: false },
];

function v(
  id: string,
  name: string,
  trustScore: number,
  weight: number,
  breadth: number,
  quote: string,
  spreadPct: number,
  depthShare: number,
): Omit<UniverseVenue, 'year' | 'country' | 'url'> {
  return {
    id,
    name,
    centralized: true,
    trustScore,
    weight,
    breadth,
    quote,
    spreadPct,
    depthShare,
    inflation: 1,
  };
}

/** The simulator catalogue's id of a venue where CoinGecko's differs. */
const CATALOG_VENUE: Readonly<Record<string, string>> = {
  okex: 'okx',
  bybit_spot: 'bybit',
  huobi: 'htx',
  crypto_com: 'crypto-com-exchange',
  mxc: 'mexc',
  binance_us: 'binance-us',
  uniswap_v3: 'uniswap-v3',
  pancakeswap_new: 'pancakeswap-v3',
};

/** Chains' own coins (no contract address; the rest are tokens on Ethereum). */
const NATIVE = new Set(
  (
    'bitcoin ethereum ripple binancecoin cardano dogecoin solana tron litecoin polkadot bitcoin-cash avalanche-2 ' +
    'stellar the-open-network monero cosmos ethereum-classic filecoin internet-computer hedera-hashgraph vechain ' +
    'near algorand elrond-erd-2 blockstack eos tezos kaspa theta-token fantom bitcoin-cash-sv neo flow ecash kava ' +
    'radix klay-token iota casper-network mina-protocol sui arweave dash conflux-token zilliqa flare-networks ' +
    'osmosis qtum nem chia zcash oasis-network celo astar bitcoin-gold decred ravencoin aleph-zero icon kusama ' +
    'waves siacoin wax ontology moonbeam harmony kadena zencash hive digibyte lisk aptos theta-fuel helium ' +
    'terra-luna terra-luna-2 defichain ethereum-pow-iou iostoken axelar everscale coredaoorg tomochain aelf zelcash ' +
    'gatechain-token okb-chain xdce-crowd-sale constellation-labs polymesh beldex'
  ).split(' '),
);
/** Staked, wrapped and lending-receipt tokens: no venue lists them. */
const UNTRADED =
  /^(staked-|wrapped-beacon|rocket-pool-eth|compound-(ether|usd-coin|usdt)|cdai|seth2|msol|frax-ether|lido-staked-sol|huobi-btc|bitcoin-avalanche-bridged-btc-b)/;
const MEME = /^(dogecoin|shiba-inu|pepe|floki|baby-doge-coin|bone-shibaswap)$/;
const EXCHANGE_TOKENS =
  /^(binancecoin|okb|leo-token|crypto-com-chain|kucoin-shares|huobi-token|gatechain-token|bitget-token|mx-token|whitebit|btse-token|bitkub-coin|oec-token|flex-coin|tokenize-xchange|woo-network)$/;
const DEFI =
  /^(uniswap|aave|maker|curve-dao-token|compound-governance-token|lido-dao|1inch|sushi|yearn-finance|balancer|convex-finance|convex-crv|gmx|dydx|pancakeswap-token|synapse-2|stargate-finance|rocket-pool|frax-share|havven|liquity|thorchain|gains-network|joe|ribbon-finance|alchemix-usd|olympus|kyber-network-crystal|loopring|uma|nxm)$/;

export interface TickerListing {
  venue: UniverseVenue;
  base: string;
  quote: string;
  /** 24 h turnover in USD as the venue reports it. */
  volumeUsd: number;
  /** ±2 % depth per side in USD; null for DEX pools. */
  depthUsd: number | null;
  spreadPct: number | null;
  /** The venue's price as a multiple of the coin's (its small premium). */
  premium: number;
}

export interface UniverseCoin {
  entry: CapturedCoin;
  rank: number;
  symbol: string;
  /** CoinGecko knows it: its detail and tickers answer (the few others answer 404). */
  known: boolean;
  native: boolean;
  stable: boolean;
  /** Where it trades: centralised venues (maybe DEX pools too), DEX pools only, nowhere. */
  trading: 'cex' | 'dex' | 'none';
  listings: TickerListing[];
  catalog: CatalogCoin | undefined;
  /** The price path's bounds, strictly inside the recorded all-time low and high. */
  low: number;
  high: number;
  /** Daily log-return σ of the history. */
  dailyVol: number;
  anchors?: Float64Array;
}

export interface UniverseOptions {
  seed: string;
  /** When the capture's prices hold (the replay's start). */
  start: number;
  capture: readonly CapturedCoin[];
  catalog: ReadonlyMap<string, CatalogCoin>;
  catalogExchanges: ReadonlyMap<string, CatalogExchange>;
  /** How many coins (outside the top 40) CoinGecko "does not know". Default 5. */
  unknownCoins?: number;
  /** CoinGecko's exchange rates fixture (units per BTC), rescaled to the universe's BTC price. */
  exchangeRates: { rates: Record<string, { name: string; unit: string; value: number; type: string }> };
}

type Query = Record<string, string>;

export class CoinGeckoUniverse {
  readonly coins: UniverseCoin[];
  readonly byId: ReadonlyMap<string, UniverseCoin>;
  readonly venues: readonly UniverseVenue[];
  private readonly seed: string;
  private readonly start: number;
  private readonly details = new Map<string, unknown>();

  constructor(private readonly options: UniverseOptions) {
    this.seed = options.seed;
    this.start = options.start;
    this.venues = VENUES.map((venue) => {
      const authored = options.catalogExchanges.get(CATALOG_VENUE[venue.id] ?? venue.id);
      const year = authored?.established ? Number(authored.established.slice(0, 4)) : null;
      return {
        ...venue,
        year: Number.isFinite(year) ? year : null,
        country: venue.centralized ? (authored?.registrationPlace ?? null) : null,
        url: authored?.website ?? `https://www.${venue.id.replace(/_/g, '')}.com/`,
      };
    });
    const eligible = options.capture.filter((entry) => (entry.market_cap_rank ?? 0) > 40);
    const unknown = new Set(
      [...eligible]
        .sort((a, b) => unit(this.seed, 'unknown', a.id) - unit(this.seed, 'unknown', b.id))
        .slice(0, options.unknownCoins ?? 5)
        .map((entry) => entry.id),
    );
    this.coins = options.capture.map((entry, index) => this.coin(entry, index + 1, unknown.has(entry.id)));
    this.byId = new Map(this.coins.map((coin) => [coin.entry.id, coin]));
  }

  /** Coins CoinGecko does not know (their detail and tickers answer 404). */
  get unknownCoinIds(): string[] {
    return this.coins.filter((coin) => !coin.known).map((coin) => coin.entry.id);
  }

  /** Coins listed on at least one centralised venue (and known to the source). */
  get centralisedCoinIds(): string[] {
    return this.coins.filter((coin) => coin.known && coin.trading === 'cex').map((coin) => coin.entry.id);
  }

  listing(venueId: string, coinId: string): TickerListing | undefined {
    return this.byId.get(coinId)?.listings.find((listing) => listing.venue.id === venueId);
  }

  // ── the price path ───────────────────────────────────────────────────────────────────────────────────

  /** The coin's USD price at `t`: the capture's price at the start, a bounded walk before it, small waves throughout. */
  priceAt(coin: UniverseCoin, t: number): number {
    const base = coin.entry.current_price;
    let drift = 0;
    if (t < this.start) {
      const anchors = this.anchors(coin);
      const days = Math.min((this.start - t) / DAY, HISTORY_DAYS - 1.000001);
      const day = Math.floor(days);
      const fraction = days - day;
      drift = anchors[day]! * (1 - fraction) + anchors[day + 1]! * fraction;
    }
    const seconds = t / 1_000;
    const wave = (period: number, phase: string, weight: number) =>
      weight *
      Math.sin((2 * Math.PI * seconds) / period + 2 * Math.PI * unit(this.seed, coin.entry.id, phase));
    const amplitude = coin.stable ? 0.0004 : Math.min(0.02, coin.dailyVol * 0.35);
    const waves =
      (amplitude *
        (wave(97, 'w1', 0.5) + wave(420, 'w2', 0.3) + wave(3_180, 'w3', 0.6) + wave(21_960, 'w4', 0.8))) /
      2.2;
    const price = base * Math.exp(drift) * (1 + waves);
    return Math.min(coin.high, Math.max(coin.low, price));
  }

  /** Daily log offsets from the start's price, day 0 = 0, reflected inside the coin's bounds. */
  private anchors(coin: UniverseCoin): Float64Array {
    if (coin.anchors) return coin.anchors;
    const base = coin.entry.current_price;
    const floor = Math.log(coin.low / base) * 0.98;
    const ceiling = Math.log(coin.high / base) * 0.98;
    const anchors = new Float64Array(HISTORY_DAYS + 1);
    for (let day = 1; day <= HISTORY_DAYS; day++) {
      let next = anchors[day - 1]! + coin.dailyVol * normal(this.seed, coin.entry.id, 'day', day);
      for (let bounce = 0; bounce < 4 && (next > ceiling || next < floor); bounce++)
        next = next > ceiling ? 2 * ceiling - next : 2 * floor - next;
      anchors[day] = Math.min(ceiling, Math.max(floor, next));
    }
    coin.anchors = anchors;
    return anchors;
  }

  private volumeAt(coin: UniverseCoin, t: number): number {
    const base = coin.entry.total_volume ?? 0;
    const seconds = t / 1_000;
    const phase = 2 * Math.PI * unit(this.seed, coin.entry.id, 'volume');
    return base * (1 + 0.2 * Math.sin((2 * Math.PI * seconds) / 86_400 + phase));
  }

  // ── /coins/markets ──────────────────────────────────────────────────────────────────────────────────

  markets(query: Query, now: number): unknown[] {
    const ids = query.ids ? new Set(query.ids.split(',').map((id) => id.trim())) : null;
    const perPage = Math.min(250, Math.max(1, Number(query.per_page ?? 100) || 100));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const selected = ids ? this.coins.filter((coin) => ids.has(coin.entry.id)) : this.coins;
    return selected.slice((page - 1) * perPage, page * perPage).map((coin) => this.marketEntry(coin, now));
  }

  private marketEntry(coin: UniverseCoin, now: number): Record<string, unknown> {
    const { entry } = coin;
    const price = this.priceAt(coin, now);
    const dayAgo = this.priceAt(coin, now - DAY);
    let high = price;
    let low = price;
    for (let t = now - DAY; t < now; t += 30 * MINUTE) {
      const at = this.priceAt(coin, t);
      high = Math.max(high, at);
      low = Math.min(low, at);
    }
    const circulating = entry.circulating_supply ?? 0;
    const marketCap = price * circulating;
    const capDayAgo = dayAgo * circulating;
    return {
      ...entry,
      current_price: price,
      market_cap: marketCap,
      fully_diluted_valuation: entry.total_supply ? price * (entry.max_supply ?? entry.total_supply) : null,
      total_volume: this.volumeAt(coin, now),
      high_24h: high,
      low_24h: low,
      price_change_24h: price - dayAgo,
      price_change_percentage_24h: (price / dayAgo - 1) * 100,
      market_cap_change_24h: marketCap - capDayAgo,
      market_cap_change_percentage_24h: capDayAgo > 0 ? (marketCap / capDayAgo - 1) * 100 : 0,
      ath_change_percentage: (price / entry.ath - 1) * 100,
      atl_change_percentage: (price / entry.atl - 1) * 100,
      last_updated: new Date(now).toISOString(),
    };
  }

  // ── /coins/{id} ─────────────────────────────────────────────────────────────────────────────────────

  /** The coin's detail, or null when CoinGecko does not know it (404). */
  detail(id: string, now: number): unknown {
    const coin = this.byId.get(id);
    if (!coin?.known) return null;
    let detail = this.details.get(id) as Record<string, unknown> | undefined;
    if (!detail) {
      detail = this.buildDetail(coin);
      this.details.set(id, detail);
    }
    return { ...detail, last_updated: new Date(now).toISOString() };
  }

  private buildDetail(coin: UniverseCoin): Record<string, unknown> {
    const { entry, catalog } = coin;
    const id = entry.id;
    const symbol = coin.symbol;
    const zh = catalog?.localNames?.['zh-Hans'] ?? entry.name;
    const vi = catalog?.localNames?.vi ?? entry.name;
    const categories = this.categories(coin);
    const supply = entry.circulating_supply
      ? Math.round(entry.circulating_supply).toLocaleString('en-US')
      : null;
    const kind = categories[0] ?? 'Cryptocurrency';
    const description = {
      en:
        catalog?.description?.en ??
        `${entry.name} (${symbol}) is a ${kind.toLowerCase()} asset ranked #${coin.rank} by market capitalisation` +
          (supply ? `, with ${supply} ${symbol} in circulation.` : '.'),
      vi:
        catalog?.description?.vi ??
        `${entry.name} (${symbol}) xếp hạng #${coin.rank} theo vốn hóa thị trường` +
          (supply ? `, với ${supply} ${symbol} đang lưu hành.` : '.'),
      zh:
        catalog?.description?.['zh-Hans'] ??
        `${zh}（${symbol}）按市值排名第 ${coin.rank} 位` + (supply ? `，流通量 ${supply} 枚。` : '。'),
      de: '',
    };
    const slug = id.replace(/[^a-z0-9]/g, '');
    const website = catalog?.links?.website ?? `https://${slug}.example.org/`;
    const hasRepository = !coin.stable && unit(this.seed, id, 'repo') < 0.8;
    const github = catalog?.links?.github ?? (hasRepository ? `https://github.com/${slug}/${slug}` : null);
    const image = entry.image ?? '';
    const mcap = Math.max(1, entry.market_cap ?? 1);
    const followers = (scale: number, sigma: number, tag: string) =>
      Math.round(scale * Math.pow(mcap / 1e8, 0.45) * Math.exp(sigma * normal(this.seed, id, tag)));
    const commits = github ? Math.round(Math.exp(3 + 1.2 * normal(this.seed, id, 'commits'))) : null;
    const platform = coin.native ? null : 'ethereum';
    const address = `0x${hex(40, this.seed, id, 'address')}`;
    const genesis = catalog?.issueDate ?? null;
    return {
      id,
      symbol: entry.symbol,
      name: entry.name,
      web_slug: id,
      asset_platform_id: platform,
      platforms: platform ? { [platform]: address } : { '': '' },
      detail_platforms: platform
        ? { [platform]: { decimal_place: 18, contract_address: address } }
        : { '': { decimal_place: null, contract_address: '' } },
      block_time_in_minutes: coin.native ? Math.round(1 + 9 * unit(this.seed, id, 'block')) : 0,
      hashing_algorithm: coin.native ? (id === 'bitcoin' ? 'SHA-256' : null) : null,
      categories,
      preview_listing: false,
      public_notice: null,
      additional_notices: [],
      localization: { en: entry.name, vi, zh, 'zh-tw': zh, de: entry.name },
      description,
      links: {
        homepage: [website, '', ''],
        whitepaper: catalog?.links?.whitepaper ?? '',
        blockchain_site: platform ? [`https://etherscan.io/token/${address}`] : [''],
        official_forum_url: [''],
        chat_url: [''],
        announcement_url: ['', ''],
        snapshot_url: null,
        twitter_screen_name: catalog?.links?.x?.replace(/^https?:\/\/(x|twitter)\.com\//, '') ?? slug,
        facebook_username: '',
        bitcointalk_thread_identifier: null,
        telegram_channel_identifier: unit(this.seed, id, 'tg') < 0.6 ? slug : '',
        subreddit_url:
          catalog?.links?.reddit ??
          (unit(this.seed, id, 'reddit') < 0.5 ? `https://www.reddit.com/r/${slug}/` : ''),
        repos_url: { github: github ? [github] : [], bitbucket: [] },
      },
      image: {
        thumb: image.replace('/large/', '/thumb/'),
        small: image.replace('/large/', '/small/'),
        large: image,
      },
      country_origin: '',
      genesis_date: genesis,
      sentiment_votes_up_percentage: Math.round(600 + 350 * unit(this.seed, id, 'votes')) / 10,
      sentiment_votes_down_percentage: null,
      watchlist_portfolio_users: followers(20_000, 0.6, 'watch'),
      market_cap_rank: coin.rank,
      status_updates: [],
      community_data: {
        facebook_likes: null,
        twitter_followers: unit(this.seed, id, 'x') < 0.9 ? followers(60_000, 1.1, 'twitter') : null,
        reddit_average_posts_48h: Math.round(10 * Math.exp(normal(this.seed, id, 'posts'))) / 10,
        reddit_average_comments_48h: Math.round(40 * Math.exp(normal(this.seed, id, 'comments'))) / 10,
        reddit_subscribers: followers(15_000, 1.3, 'reddit'),
        reddit_accounts_active_48h: followers(300, 1.2, 'active'),
        telegram_channel_user_count:
          unit(this.seed, id, 'tg') < 0.6 ? followers(8_000, 1.2, 'telegram') : null,
      },
      developer_data: github
        ? {
            forks: Math.round(Math.exp(5 + 1.4 * normal(this.seed, id, 'forks'))),
            stars: Math.round(Math.exp(6 + 1.5 * normal(this.seed, id, 'stars'))),
            subscribers: Math.round(Math.exp(4 + normal(this.seed, id, 'subs'))),
            total_issues: Math.round(Math.exp(6 + normal(this.seed, id, 'issues'))),
            closed_issues: Math.round(Math.exp(5.8 + normal(this.seed, id, 'issues'))),
            pull_requests_merged: Math.round(Math.exp(6 + 1.3 * normal(this.seed, id, 'prs'))),
            pull_request_contributors: Math.round(Math.exp(3 + normal(this.seed, id, 'contributors'))),
            code_additions_deletions_4_weeks: {
              additions: (commits ?? 0) * 40,
              deletions: -(commits ?? 0) * 25,
            },
            commit_count_4_weeks: commits,
            last_4_weeks_commit_activity_series: [],
          }
        : {
            forks: null,
            stars: null,
            subscribers: null,
            total_issues: null,
            closed_issues: null,
            pull_requests_merged: null,
            pull_request_contributors: null,
            code_additions_deletions_4_weeks: { additions: null, deletions: null },
            commit_count_4_weeks: null,
            last_4_weeks_commit_activity_series: [],
          },
    };
  }

  private categories(coin: UniverseCoin): string[] {
    const id = coin.entry.id;
    if (coin.stable) return ['Stablecoins', 'USD Stablecoin'];
    if (/^(staked-|lido-staked|rocket-pool-eth|seth2|msol|frax-ether|wrapped-beacon)/.test(id))
      return ['Liquid Staking Tokens', 'Ethereum Ecosystem'];
    if (/^(wrapped-|huobi-btc|bitcoin-avalanche-bridged)/.test(id)) return ['Wrapped-Tokens'];
    if (/^(compound-|cdai)/.test(id)) return ['Lending/Borrowing', 'Decentralized Finance (DeFi)'];
    if (MEME.test(id)) return ['Meme', ...(coin.native ? ['Layer 1 (L1)'] : ['Ethereum Ecosystem'])];
    if (EXCHANGE_TOKENS.test(id)) return ['Exchange-based Tokens', 'Centralized Exchange (CEX) Token'];
    if (DEFI.test(id)) return ['Decentralized Finance (DeFi)', 'Governance', 'Ethereum Ecosystem'];
    if (id === 'bitcoin')
      return ['Cryptocurrency', 'Layer 1 (L1)', 'Proof of Work (PoW)', 'Bitcoin Ecosystem'];
    if (coin.native) return ['Layer 1 (L1)', 'Smart Contract Platform'];
    return ['Cryptocurrency', 'Ethereum Ecosystem'];
  }

  // ── tickers ─────────────────────────────────────────────────────────────────────────────────────────

  /** `/coins/{id}/tickers` (null: 404). */
  coinTickers(id: string, now: number): unknown {
    const coin = this.byId.get(id);
    if (!coin?.known) return null;
    return {
      name: coin.entry.name,
      tickers: coin.listings.map((listing) => this.ticker(coin, listing, now)),
    };
  }

  /** `/exchanges/{id}/tickers` (null: 404): 100 a page, largest first, filtered by `coin_ids`. */
  exchangeTickers(venueId: string, query: Query, now: number): unknown {
    const venue = this.venues.find((entry) => entry.id === venueId);
    if (!venue) return null;
    const ids = query.coin_ids ? new Set(query.coin_ids.split(',')) : null;
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const rows = this.venueListings(venueId).filter(({ coin }) => !ids || ids.has(coin.entry.id));
    return {
      name: venue.name,
      tickers: rows
        .slice((page - 1) * 100, page * 100)
        .map(({ coin, listing }) => this.ticker(coin, listing, now)),
    };
  }

  private venueListings(venueId: string): { coin: UniverseCoin; listing: TickerListing }[] {
    const rows: { coin: UniverseCoin; listing: TickerListing }[] = [];
    for (const coin of this.coins) {
      if (!coin.known) continue;
      for (const listing of coin.listings) if (listing.venue.id === venueId) rows.push({ coin, listing });
    }
    return rows.sort((a, b) => b.listing.volumeUsd - a.listing.volumeUsd);
  }

  private ticker(coin: UniverseCoin, listing: TickerListing, now: number): Record<string, unknown> {
    const usd = this.priceAt(coin, now) * listing.premium;
    const quoteUsd = this.quoteUsd(listing.quote, now);
    const last = usd / quoteUsd;
    const volumeUsd =
      listing.volumeUsd * (this.volumeAt(coin, now) / Math.max(1, coin.entry.total_volume ?? 1));
    const btc = this.priceAt(this.byId.get('bitcoin')!, now);
    const eth = this.priceAt(this.byId.get('ethereum')!, now);
    const stamp = new Date(
      now - Math.round(20_000 * unit(this.seed, coin.entry.id, listing.venue.id, 'age')),
    ).toISOString();
    const trust =
      listing.venue.trustScore >= 8 && (listing.spreadPct ?? 0) < 0.6
        ? 'green'
        : listing.venue.trustScore >= 6
          ? 'yellow'
          : 'red';
    return {
      base: listing.base,
      target: listing.quote,
      market: { name: listing.venue.name, identifier: listing.venue.id, has_trading_incentive: false },
      last,
      volume: volumeUsd / usd,
      ...(listing.depthUsd === null
        ? {}
        : {
            cost_to_move_up_usd:
              listing.depthUsd * (0.95 + 0.1 * unit(this.seed, coin.entry.id, listing.venue.id, 'up')),
            cost_to_move_down_usd:
              listing.depthUsd * (0.95 + 0.1 * unit(this.seed, coin.entry.id, listing.venue.id, 'down')),
          }),
      converted_last: { btc: usd / btc, eth: usd / eth, usd },
      converted_volume: { btc: volumeUsd / btc, eth: volumeUsd / eth, usd: volumeUsd },
      trust_score: trust,
      bid_ask_spread_percentage: listing.spreadPct,
      timestamp: stamp,
      last_traded_at: stamp,
      last_fetch_at: stamp,
      is_anomaly: false,
      is_stale: false,
      trade_url: null,
      token_info_url: null,
      coin_id: coin.entry.id,
      target_coin_id: QUOTE_COIN[listing.quote],
      coin_mcap_usd: this.priceAt(coin, now) * (coin.entry.circulating_supply ?? 0),
    };
  }

  private quoteUsd(quote: string, now: number): number {
    const fiat = FIAT_PER_USD[quote];
    if (fiat !== undefined) return 1 / fiat;
    if (quote === 'WETH') return this.priceAt(this.byId.get('ethereum')!, now);
    if (quote === 'BTC') return this.priceAt(this.byId.get('bitcoin')!, now);
    return 1;
  }

  // ── exchanges ───────────────────────────────────────────────────────────────────────────────────────

  exchanges(query: Query, now: number): unknown[] {
    const perPage = Math.min(250, Math.max(1, Number(query.per_page ?? 100) || 100));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    return this.venues
      .map((venue, index) => this.exchangeEntry(venue, index, now))
      .slice((page - 1) * perPage, page * perPage);
  }

  exchangeDetail(id: string, now: number): unknown {
    const index = this.venues.findIndex((venue) => venue.id === id);
    if (index < 0) return null;
    const venue = this.venues[index]!;
    const listings = this.venueListings(id);
    return {
      ...this.exchangeEntry(venue, index, now),
      facebook_url: '',
      reddit_url: '',
      telegram_url: '',
      slack_url: '',
      other_url_1: '',
      other_url_2: '',
      twitter_handle: '',
      centralized: venue.centralized,
      public_notice: '',
      alert_notice: '',
      coins: new Set(listings.map(({ coin }) => coin.entry.id)).size,
      pairs: listings.length,
      tickers: listings.slice(0, 100).map(({ coin, listing }) => this.ticker(coin, listing, now)),
      status_updates: [],
    };
  }

  private exchangeEntry(venue: UniverseVenue, index: number, now: number): Record<string, unknown> {
    const btc = this.priceAt(this.byId.get('bitcoin')!, now);
    const volumeUsd = this.venueListings(venue.id).reduce((sum, { listing }) => sum + listing.volumeUsd, 0);
    return {
      id: venue.id,
      name: venue.name,
      year_established: venue.year,
      country: venue.country,
      description: '',
      url: venue.url,
      image: `https://assets.coingecko.com/markets/images/${100 + index}/small/${venue.id}.png`,
      has_trading_incentive: false,
      trust_score: venue.trustScore,
      trust_score_rank: index + 1,
      trade_volume_24h_btc: volumeUsd / btc,
      trade_volume_24h_btc_normalized: (volumeUsd / btc) * (venue.inflation > 1 ? 0.2 : 0.9),
    };
  }

  // ── history ─────────────────────────────────────────────────────────────────────────────────────────

  /** `/coins/{id}/market_chart`: 5-minute points for 1 day, hourly up to 90 days, daily (00:00 UTC) beyond. */
  marketChart(id: string, query: Query, now: number): unknown {
    const coin = this.byId.get(id);
    if (!coin?.known) return null;
    const days = query.days === 'max' ? 365 : Math.min(365, Math.max(1, Number(query.days ?? 1) || 1));
    const step = days <= 1 ? 5 * MINUTE : days <= 90 ? HOUR : DAY;
    const from = now - days * DAY;
    const prices: [number, number][] = [];
    const caps: [number, number][] = [];
    const volumes: [number, number][] = [];
    const first = step === DAY ? Math.ceil(from / DAY) * DAY : Math.ceil(from / step) * step;
    const push = (t: number) => {
      const price = this.priceAt(coin, t);
      prices.push([t, price]);
      caps.push([t, price * (coin.entry.circulating_supply ?? 0)]);
      volumes.push([t, this.volumeAt(coin, t)]);
    };
    for (let t = first; t < now; t += step) push(t);
    push(now);
    return { prices, market_caps: caps, total_volumes: volumes };
  }

  /** `/coins/{id}/ohlc`: rows `[closeMs, open, high, low, close]`, bodies of 30 min (1–2 days), 4 h (≤ 30), 4 days. */
  ohlc(id: string, query: Query, now: number): unknown {
    const coin = this.byId.get(id);
    if (!coin?.known) return null;
    const days = Math.min(365, Math.max(1, Number(query.days ?? 1) || 1));
    const body = days <= 2 ? 30 * MINUTE : days <= 30 ? 4 * HOUR : 4 * DAY;
    const rows: [number, number, number, number, number][] = [];
    const lastClose = Math.floor(now / body) * body;
    for (let close = Math.ceil((now - days * DAY) / body) * body + body; close <= lastClose; close += body) {
      const open = this.priceAt(coin, close - body);
      let high = open;
      let low = open;
      for (let step = 1; step <= 12; step++) {
        const price = this.priceAt(coin, close - body + (body * step) / 12);
        high = Math.max(high, price);
        low = Math.min(low, price);
      }
      rows.push([close, open, high, low, this.priceAt(coin, close)]);
    }
    return rows;
  }

  // ── rates ───────────────────────────────────────────────────────────────────────────────────────────

  /** `/exchange_rates` (units per BTC): the fixture's fiat rates rescaled to the universe's BTC price. */
  exchangeRates(now: number): unknown {
    const btc = this.priceAt(this.byId.get('bitcoin')!, now);
    const eth = this.priceAt(this.byId.get('ethereum')!, now);
    const { rates } = this.options.exchangeRates;
    const usd = rates.usd?.value ?? 1;
    const out: Record<string, { name: string; unit: string; value: number; type: string }> = {};
    for (const [code, rate] of Object.entries(rates))
      out[code] = {
        ...rate,
        value: rate.type === 'crypto' ? rate.value : (rate.value / usd) * btc,
      };
    if (out.eth) out.eth.value = btc / eth;
    out.krw = { name: 'South Korean Won', unit: '₩', value: btc * FIAT_PER_USD.KRW!, type: 'fiat' };
    out.jpy = { name: 'Japanese Yen', unit: '¥', value: btc * FIAT_PER_USD.JPY!, type: 'fiat' };
    return { rates: out };
  }

  // ── building the universe ───────────────────────────────────────────────────────────────────────────

  private coin(entry: CapturedCoin, rank: number, unknown: boolean): UniverseCoin {
    const id = entry.id;
    const price = entry.current_price;
    const stable =
      Math.abs(price - 1) < 0.03 &&
      /usd|dai|tusd|frax|eurt|lusd|gusd|busd|pax/i.test(`${id} ${entry.symbol}`);
    const native = NATIVE.has(id);
    const trading: UniverseCoin['trading'] = UNTRADED.test(id)
      ? 'none'
      : rank > 50 && !native && unit(this.seed, id, 'dex-only') < 0.12
        ? 'dex'
        : 'cex';
    const dailyVol = stable ? 0.0008 : rank <= 10 ? 0.03 : 0.045;
    // Strictly inside the record: a quarter of the way from the price towards the ATH and the ATL at most.
    const high = price + 0.6 * (entry.ath - price);
    const low = entry.atl + 0.4 * (price - entry.atl);
    const coin: UniverseCoin = {
      entry,
      rank,
      symbol: entry.symbol.toUpperCase(),
      known: !unknown,
      native,
      stable,
      trading,
      listings: [],
      catalog: this.options.catalog.get(id),
      low,
      high,
      dailyVol,
    };
    coin.listings = this.listings(coin);
    return coin;
  }

  private listings(coin: UniverseCoin): TickerListing[] {
    if (coin.trading === 'none') return [];
    const id = coin.entry.id;
    const chosen: UniverseVenue[] = [];
    const byId = (venueId: string) => this.venues.find((venue) => venue.id === venueId)!;
    if (coin.trading === 'cex') {
      const rankFactor = coin.rank <= 20 ? 1.3 : coin.rank <= 100 ? 1 : 0.7;
      for (const venue of this.venues) {
        if (!venue.centralized) continue;
        if (unit(this.seed, id, venue.id, 'listed') < venue.breadth * rankFactor) chosen.push(venue);
      }
      // The pairs ccxt samples exist on the venues it reads.
      const forced: Record<string, string[]> = {
        binance: ['bitcoin', 'ethereum', 'solana', 'ripple', 'binancecoin', 'dogecoin'],
        kraken: ['bitcoin', 'ethereum', 'solana', 'ripple'],
        gdax: ['bitcoin', 'ethereum', 'solana', 'ripple'],
      };
      for (const [venueId, coins] of Object.entries(forced))
        if (coins.includes(id) && !chosen.some((venue) => venue.id === venueId)) chosen.push(byId(venueId));
      if (id === 'binancecoin')
        chosen.splice(
          0,
          chosen.length,
          ...chosen.filter((venue) => venue.id !== 'gdax' && venue.id !== 'kraken'),
        );
      for (const fallback of ['mxc', 'gate'])
        if (chosen.length < 2 && !chosen.some((venue) => venue.id === fallback)) chosen.push(byId(fallback));
    }
    if (!coin.native) {
      if (coin.trading === 'dex' || unit(this.seed, id, 'uniswap') < 0.6) chosen.push(byId('uniswap_v3'));
      if (coin.trading === 'dex' && unit(this.seed, id, 'sushi') < 0.5) chosen.push(byId('sushiswap'));
      if (coin.stable) chosen.push(byId('curve'));
      if (coin.trading === 'dex' && unit(this.seed, id, 'pancake') < 0.3)
        chosen.push(byId('pancakeswap_new'));
    }
    const total = coin.entry.total_volume ?? 0;
    const shares = chosen.map(
      (venue) => venue.weight * Math.exp(0.6 * normal(this.seed, id, venue.id, 'share')),
    );
    const sum = shares.reduce((a, b) => a + b, 0) || 1;
    return chosen.map((venue, index) => {
      const quote =
        venue.quote === coin.symbol || (venue.quote === 'WETH' && id === 'ethereum') ? 'USDC' : venue.quote;
      const volumeUsd = ((total * shares[index]!) / sum) * venue.inflation;
      const noise = Math.exp(0.3 * normal(this.seed, id, venue.id, 'depth'));
      const liquidity = coin.rank <= 20 ? 1 : coin.rank <= 100 ? 0.8 : 0.6;
      return {
        venue,
        base: coin.symbol,
        quote,
        volumeUsd,
        // Honest depth follows real turnover; a washing venue's book is sized on what it really trades.
        depthUsd: venue.centralized
          ? (volumeUsd / venue.inflation) * venue.depthShare * noise * liquidity
          : null,
        spreadPct: venue.centralized
          ? Math.max(0.005, venue.spreadPct * (coin.stable ? 0.2 : 1) * (1 + coin.rank / 60) * noise)
          : null,
        premium: 1 + (venue.inflation > 1 ? 0.004 : 0.0008) * normal(this.seed, id, venue.id, 'premium'),
      };
    });
  }
}

const QUOTE_COIN: Readonly<Record<string, string | null>> = {
  USDT: 'tether',
  USDC: 'usd-coin',
  WETH: 'weth',
  BTC: 'bitcoin',
  USD: null,
  KRW: null,
  JPY: null,
};

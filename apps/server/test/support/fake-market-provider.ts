import type {
  Capability,
  CandleQuery,
  MarketDataProvider,
  Candle,
  CoinProfile,
  ExchangeProfile,
  ExchangeRates,
  OnChainSnapshot,
  SocialSnapshot,
  VenueTicker,
} from '@coinlens/market-model';
import { RESOLUTION_MS, NotFoundError, UnsupportedError } from '@coinlens/market-model';

const COINS: [id: string, symbol: string, price: number, circulating: number, sectors: string[]][] = [
  ['bitcoin', 'BTC', 95_000, 19_800_000, ['layer-1', 'bitcoin-ecosystem']],
  ['ethereum', 'ETH', 3_500, 120_000_000, ['layer-1', 'defi']],
  ['solana', 'SOL', 180, 480_000_000, ['layer-1']],
  ['dogecoin', 'DOGE', 0.2, 148_000_000_000, ['meme']],
  ['uniswap', 'UNI', 9, 600_000_000, ['defi', 'dex']],
  ['chainlink', 'LINK', 18, 630_000_000, ['oracle', 'defi']],
  ['pepe', 'PEPE', 0.00001, 420_000_000_000_000, ['meme']],
  ['aave', 'AAVE', 250, 15_000_000, ['defi', 'lending']],
  ['render-token', 'RENDER', 7, 520_000_000, ['ai']],
  ['arbitrum', 'ARB', 0.8, 4_500_000_000, ['layer-2']],
  ['toncoin', 'TON', 5.5, 2_500_000_000, ['layer-1']],
  ['litecoin', 'LTC', 95, 75_000_000, ['payments']],
];
const EXCHANGES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'liar'];

/** When the fake market's base prices hold; tests run their clock near it. */
export const FAKE_MARKET_EPOCH = Date.UTC(2026, 10, 22, 12, 0);
/** Every fake coin's first day on the market: its daily history (ATH/ATL, first-day open, ROI) starts there. */
export const FAKE_LISTING = Date.UTC(2023, 0, 1);

/**
 * A small, fully deterministic market for the server's integration tests: 12 coins, 6 venues (`liar`
 * reports ×1.5 prices), prices that move by a set percentage per minute, and regular candles.
 */
export class FakeMarketProvider implements MarketDataProvider {
  readonly name = 'fake';
  readonly capabilities = new Set<Capability>([
    'coins',
    'exchanges',
    'tickers',
    'candles',
    'exchangeRates',
    'social',
    'onChain',
  ]);
  /** Multiplies every price; tests move it to see changes arrive. */
  priceFactor = 1;
  /** Make the next getTickers fail, to test staleness. */
  failTickers = false;

  constructor(private readonly now: () => number = Date.now) {}

  getCoins(): Promise<CoinProfile[]> {
    return Promise.resolve(
      COINS.map(([id, symbol, , circulating, sectors]) => ({
        id,
        symbol,
        name: id.charAt(0).toUpperCase() + id.slice(1),
        localNames: id === 'bitcoin' ? { 'zh-Hans': '比特币' } : {},
        logo: `/logos/coins/${id}.svg`,
        circulatingSupply: circulating,
        totalSupply: circulating * 1.05,
        maxSupply: id === 'bitcoin' ? 21_000_000 : null,
        issueDate: '2015-07-30',
        issueType: 'mined',
        publicChain: 'Own chain',
        consensus: 'PoS',
        blockTimeSeconds: 12,
        coreAlgorithm: null,
        mining: {
          status: 'not_mineable',
          genesisBlockTime: null,
          blockReward: null,
          halvingIntervalBlocks: null,
          nextHalvingReward: null,
        },
        sectors,
        links: { website: `https://${id}.example`, x: `https://x.com/${id}` },
        description: { en: `${id} in English`, vi: `${id} tiếng Việt`, 'zh-Hans': `${id} 中文` },
        stablecoin: false,
        historySince: FAKE_LISTING,
      })),
    );
  }

  getExchanges(): Promise<ExchangeProfile[]> {
    return Promise.resolve(
      EXCHANGES.map((id, index) => ({
        id,
        name: id.toUpperCase(),
        localNames: {},
        logo: `/logos/exchanges/${id}.svg`,
        kind: index === 4 ? 'dex' : 'centralized',
        established: '2017-07',
        registrationPlace: 'Cayman Islands',
        kyc: 'mandatory',
        amlCertified: true,
        chineseSupport: index % 2 === 0,
        apiAvailable: true,
        fees: { makerPercent: 0.1, takerPercent: 0.1 },
        website: `https://${id}.example`,
        platformToken: index === 0 ? 'uniswap' : null,
        burn: null,
        reservesUsd: 1_000_000_000 * (6 - index),
        monthlyVisits: 1_000_000 * (6 - index),
      })),
    );
  }

  getTickers(): Promise<VenueTicker[]> {
    if (this.failTickers) return Promise.reject(new Error('feed down'));
    const timestamp = this.now();
    return Promise.resolve(
      COINS.flatMap(([id, symbol]) =>
        EXCHANGES.map((exchangeId, index) => {
          const price =
            this.priceOf(id, timestamp) * (exchangeId === 'liar' ? 1.5 : 1 + (index - 2) * 0.0002);
          const volumeUsd24h = 10_000_000 / (index + 1);
          return {
            exchangeId,
            coinId: id,
            base: symbol,
            quote: 'USDT',
            last: price,
            lastUsd: price,
            bidUsd: price * 0.9995,
            askUsd: price * 1.0005,
            volumeBase24h: volumeUsd24h / price,
            volumeUsd24h,
            timestamp,
          };
        }),
      ),
    );
  }

  getCandles(query: CandleQuery): Promise<Candle[]> {
    if (!COINS.some(([id]) => id === query.coinId))
      return Promise.reject(new NotFoundError(this.name, query.coinId));
    const step = RESOLUTION_MS[query.resolution];
    const candles: Candle[] = [];
    const from = Math.max(query.from, FAKE_LISTING);
    for (let time = Math.ceil(from / step) * step; time < query.to; time += step) {
      const open = this.priceOf(query.coinId, time);
      const close = this.priceOf(query.coinId, time + step);
      candles.push({
        time,
        open,
        close,
        high: Math.max(open, close) * 1.001,
        low: Math.min(open, close) * 0.999,
        volume: 10,
        amount: 10 * close,
      });
    }
    return Promise.resolve(candles);
  }

  getExchangeRates(): Promise<ExchangeRates> {
    return Promise.resolve({
      rates: [
        { code: 'cny', name: 'Chinese Yuan', unit: '¥', type: 'fiat', perUsd: 7.2 },
        { code: 'vnd', name: 'Vietnamese Dong', unit: '₫', type: 'fiat', perUsd: 25_400 },
        { code: 'eur', name: 'Euro', unit: '€', type: 'fiat', perUsd: 0.92 },
        { code: 'btc', name: 'Bitcoin', unit: '₿', type: 'crypto', perUsd: 1 / 95_000 },
      ],
      timestamp: this.now(),
    });
  }

  getSocial(coinIds: readonly string[]): Promise<SocialSnapshot[]> {
    return Promise.resolve(
      coinIds.map((coinId) => ({
        coinId,
        followers: { x: 1000, reddit: 100, telegram: 10 },
        engagement24h: 50,
        suspectedBotShare: 0.01,
        timestamp: this.now(),
      })),
    );
  }

  getOnChain(coinIds: readonly string[]): Promise<OnChainSnapshot[]> {
    return Promise.resolve(
      coinIds.map((coinId) => ({
        coinId,
        activeAddresses24h: 5000,
        holderAddresses: 1_000_000,
        top10HolderShare: 0.2,
        developerCommits30d: 40,
        timestamp: this.now(),
      })),
    );
  }

  getQuotes(): Promise<never> {
    return Promise.reject(new UnsupportedError(this.name, 'quotes'));
  }

  getOrderBook(): Promise<never> {
    return Promise.reject(new UnsupportedError(this.name, 'order books'));
  }

  getTrades(): Promise<never> {
    return Promise.reject(new UnsupportedError(this.name, 'trades'));
  }

  getDeveloper(): Promise<never> {
    return Promise.reject(new UnsupportedError(this.name, 'developer activity'));
  }

  getAnnouncements(): Promise<never[]> {
    return Promise.resolve([]);
  }

  healthCheck(): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** Each coin drifts +2 % a day (DOGE −3 %) from its base price at FAKE_MARKET_EPOCH, times `priceFactor`. */
  private priceOf(coinId: string, time: number): number {
    const base = COINS.find(([id]) => id === coinId)?.[2] ?? 1;
    const dailyRate = coinId === 'dogecoin' ? -0.03 : 0.02;
    const days = (time - FAKE_MARKET_EPOCH) / 86_400_000;
    // A shared market wiggle, so daily returns co-move (a BTC correlation exists) without touching the drift.
    const wiggle = 0.01 * Math.sin(days * 2.1);
    return base * Math.exp(dailyRate * days + wiggle) * this.priceFactor;
  }
}

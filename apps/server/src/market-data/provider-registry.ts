import type { AppConfig } from '../config/config.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import type { FacadeOptions } from './provider-facade.js';
import { CoinGeckoProvider } from './providers/coingecko/coingecko-provider.js';
import { SimulatorProvider } from '@coinlens/market-simulator';
import { EventLoopSlices } from '../runtime/event-loop-slices.js';

export interface SourceSettings {
  /** How often live prices are pulled. */
  tickMs: number;
  /** Venue tickers (aggregated here, outliers excluded) or the source's own aggregate quotes. */
  prices: 'tickers' | 'quotes';
  facade: Omit<FacadeOptions, 'now'>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Pacing per source: the simulator is local and cheap; CoinGecko's demo tier allows about 30 calls a minute. */
export const SOURCE_SETTINGS: Readonly<Record<AppConfig['MARKET_SOURCE'], SourceSettings>> = {
  simulator: {
    tickMs: 1_000,
    prices: 'tickers',
    facade: {
      timeoutMs: 30_000,
      maxConcurrent: 8,
      minIntervalMs: 0,
      maxBatchSize: 1_000,
      cacheTtlMs: { profiles: HOUR, rates: 30_000, signals: MINUTE },
    },
  },
  coingecko: {
    tickMs: MINUTE,
    // CoinGecko's tickers cover a few venues per call; its markets endpoint prices every coin at once.
    prices: 'quotes',
    facade: {
      timeoutMs: 10_000,
      maxConcurrent: 1,
      minIntervalMs: 2_100,
      maxBatchSize: 250,
      cacheTtlMs: { profiles: 6 * HOUR, rates: 5 * MINUTE, signals: HOUR },
    },
  },
};

/** The provider MARKET_SOURCE names: the embedded simulator (default) or CoinGecko's REST API. */
export function createMarketProvider(config: AppConfig, now: () => number = Date.now): MarketDataProvider {
  switch (config.MARKET_SOURCE) {
    case 'simulator':
      return new SimulatorProvider({
        seed: config.SIM_SEED,
        scenario: config.SIM_SCENARIO,
        now,
        slices: (sliceMs) => new EventLoopSlices(sliceMs),
      });
    case 'coingecko':
      return new CoinGeckoProvider({
        baseUrl: config.COINGECKO_BASE_URL,
        ...(config.COINGECKO_API_KEY ? { apiKey: config.COINGECKO_API_KEY } : {}),
        now,
      });
  }
}

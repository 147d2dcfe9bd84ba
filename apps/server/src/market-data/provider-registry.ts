import type { AppConfig } from '../config/config.js';
import type { MarketDataProvider } from './market-data-provider.js';
import type { FacadeOptions } from './provider-facade.js';

type ProviderModule = Record<string, new (options: Record<string, unknown>) => MarketDataProvider>;

export interface SourceSettings {
  /** How often live prices are pulled. */
  tickMs: number;
  facade: Omit<FacadeOptions, 'now'>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Pacing per source: the simulator is local and cheap; CoinGecko's demo tier allows about 30 calls a minute. */
export const SOURCE_SETTINGS: Readonly<Record<AppConfig['MARKET_SOURCE'], SourceSettings>> = {
  simulator: {
    tickMs: 1_000,
    facade: { timeoutMs: 30_000, maxConcurrent: 8, minIntervalMs: 0, maxBatchSize: 1_000, cacheTtlMs: { profiles: HOUR, rates: 30_000, signals: MINUTE } },
  },
  coingecko: {
    tickMs: MINUTE,
    facade: { timeoutMs: 10_000, maxConcurrent: 1, minIntervalMs: 2_100, maxBatchSize: 250, cacheTtlMs: { profiles: 6 * HOUR, rates: 5 * MINUTE, signals: HOUR } },
  },
};

/** Loads a provider module on demand, so a deployment only pays for the source it uses. */
async function loadProvider(specifier: string, exportName: string, options: Record<string, unknown>): Promise<MarketDataProvider> {
  const module = (await import(specifier)) as ProviderModule;
  const Provider = module[exportName];
  if (!Provider) throw new Error(`market provider ${exportName} not found in ${specifier}`);
  return new Provider(options);
}

/** The provider MARKET_SOURCE names: the embedded simulator (default) or CoinGecko's REST API. */
export function createMarketProvider(config: AppConfig, now: () => number = Date.now): Promise<MarketDataProvider> {
  switch (config.MARKET_SOURCE) {
    case 'simulator':
      return loadProvider('./providers/simulator/simulator-provider.js', 'SimulatorProvider', { seed: config.SIM_SEED, scenario: config.SIM_SCENARIO, now });
    case 'coingecko':
      return loadProvider('./providers/coingecko/coingecko-provider.js', 'CoinGeckoProvider', {
        baseUrl: config.COINGECKO_BASE_URL,
        ...(config.COINGECKO_API_KEY ? { apiKey: config.COINGECKO_API_KEY } : {}),
        now,
      });
  }
}

import type { AppConfig } from '../config/config.js';
import type { MarketDataProvider } from './market-data-provider.js';

type ProviderModule = Record<string, new (options: Record<string, unknown>) => MarketDataProvider>;

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

import type { AppConfig } from '../config/config.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import type { FacadeOptions } from './provider-facade.js';
import { SimulatorProvider } from '@coinlens/market-simulator';
import { EventLoopSlices } from '../runtime/event-loop-slices.js';
import { ProviderFacade } from './provider-facade.js';
import { createCoinGecko, createLiveProvider } from './live-sources.js';

export interface SourceSettings {
  /** How often live prices are pulled. */
  tickMs: number;
  /** Venue tickers (aggregated here, outliers excluded) or the source's own aggregate quotes. */
  prices: 'tickers' | 'quotes';
  /** The facade around the source; null when the source brings its own per-source facades (live). */
  facade: Omit<FacadeOptions, 'now'> | null;
}

/** What `auto` resolves to at start. */
export type MarketSourceName = Exclude<AppConfig['MARKET_SOURCE'], 'auto'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Pacing per source: the simulator is local and cheap; CoinGecko's demo tier allows about 30 calls a minute. */
export const SOURCE_SETTINGS: Readonly<Record<MarketSourceName, SourceSettings>> = {
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
  // Prices from CoinGecko's aggregate quotes; every source is paced by its own facade (live-sources.ts).
  live: { tickMs: MINUTE, prices: 'quotes', facade: null },
};

export interface MarketSource {
  name: MarketSourceName;
  settings: SourceSettings;
  /** Ready for ingest: paced, time-limited, cached. */
  provider: MarketDataProvider;
}

export interface MarketSourceOptions {
  now?: () => number;
  /** Replaces the provider the configuration names (tests); paced like MARKET_SOURCE (`auto`: the simulator's). */
  override?: MarketDataProvider;
  log?: { info(message: string): void };
}

/**
 * The market source MARKET_SOURCE names. `auto` asks CoinGecko's `/ping` for at most MARKET_AUTO_PROBE_MS:
 * live when it answers, else the simulator, with one log line saying which and why.
 */
export async function openMarketSource(
  config: AppConfig,
  options: MarketSourceOptions = {},
): Promise<MarketSource> {
  const now = options.now ?? Date.now;
  if (options.override) {
    const name = config.MARKET_SOURCE === 'auto' ? 'simulator' : config.MARKET_SOURCE;
    return source(name, options.override, now);
  }
  const name =
    config.MARKET_SOURCE === 'auto' ? await probeLive(config, now, options.log) : config.MARKET_SOURCE;
  switch (name) {
    case 'simulator':
      return source(
        name,
        new SimulatorProvider({
          seed: config.SIM_SEED,
          scenario: config.SIM_SCENARIO,
          now,
          slices: (sliceMs) => new EventLoopSlices(sliceMs),
        }),
        now,
      );
    case 'coingecko':
      return source(name, createCoinGecko(config, now), now);
    case 'live':
      return source(name, createLiveProvider(config, now), now);
  }
}

function source(name: MarketSourceName, provider: MarketDataProvider, now: () => number): MarketSource {
  const settings = SOURCE_SETTINGS[name];
  const { facade } = settings;
  return { name, settings, provider: facade ? new ProviderFacade(provider, { ...facade, now }) : provider };
}

async function probeLive(
  config: AppConfig,
  now: () => number,
  log: MarketSourceOptions['log'],
): Promise<MarketSourceName> {
  const signal = AbortSignal.timeout(config.MARKET_AUTO_PROBE_MS);
  const healthy = await createCoinGecko(config, now)
    .healthCheck(signal)
    .catch(() => false);
  log?.info(
    healthy
      ? `market source: live (MARKET_SOURCE=auto; CoinGecko answered at ${config.COINGECKO_BASE_URL})`
      : `market source: simulator (MARKET_SOURCE=auto; CoinGecko did not answer at ${config.COINGECKO_BASE_URL} within ${config.MARKET_AUTO_PROBE_MS} ms)`,
  );
  return healthy ? 'live' : 'simulator';
}

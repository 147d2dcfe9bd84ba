import { afterEach, describe, expect, it } from 'vitest';

import { loadConfig } from '../config/config.js';
import { openMarketSource } from './provider-registry.js';
import { ReplayServer } from './testing/replay-server.js';
import { closedPort } from '../../test/support/closed-port.js';

let replay: ReplayServer | undefined;
afterEach(() => replay?.close());

function logger() {
  const lines: string[] = [];
  return { lines, info: (line: string) => void lines.push(line) };
}

describe('openMarketSource', () => {
  it('auto: the simulator when CoinGecko does not answer, saying why in one line', async () => {
    const log = logger();
    const config = loadConfig({
      MARKET_SOURCE: 'auto',
      MARKET_AUTO_PROBE_MS: '1000',
      COINGECKO_BASE_URL: `http://127.0.0.1:${await closedPort()}/api/v3`,
    });
    const source = await openMarketSource(config, { log });
    expect(source.name).toBe('simulator');
    expect(source.settings.prices).toBe('tickers');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^market source: simulator \(MARKET_SOURCE=auto; CoinGecko did not answer/);
  });

  it('auto: live when CoinGecko answers /ping, with every live capability routed', async () => {
    replay = await ReplayServer.start();
    replay.json('/ping', { gecko_says: '(V3) To the Moon!' });
    const log = logger();
    const config = loadConfig({ MARKET_SOURCE: 'auto', COINGECKO_BASE_URL: replay.url });
    const source = await openMarketSource(config, { log });
    expect(source.name).toBe('live');
    expect([...source.provider.capabilities].sort()).toEqual([
      'candles',
      'coins',
      'developer',
      'exchangeRates',
      'exchanges',
      'onChain',
      'orderBooks',
      'quotes',
      'social',
      'tickers',
      'trades',
    ]);
    expect(log.lines).toEqual([
      `market source: live (MARKET_SOURCE=auto; CoinGecko answered at ${replay.url})`,
    ]);
  });

  it('keeps simulator and coingecko as they were, without a probe', async () => {
    const log = logger();
    const simulator = await openMarketSource(loadConfig({ MARKET_SOURCE: 'simulator' }), { log });
    expect(simulator.name).toBe('simulator');
    const coingecko = await openMarketSource(loadConfig({ MARKET_SOURCE: 'coingecko' }), { log });
    expect(coingecko.name).toBe('coingecko');
    expect(coingecko.provider.capabilities.has('developer')).toBe(true);
    expect(log.lines).toEqual([]);
  });
});

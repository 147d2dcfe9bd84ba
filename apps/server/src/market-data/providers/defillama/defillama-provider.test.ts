import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MalformedResponseError, RateLimitedError, UnavailableError } from '@coinlens/market-model';
import { ReplayServer } from '../../testing/replay-server.js';
import { DefiLlamaProvider } from './defillama-provider.js';

const NOW = Date.parse('2026-05-18T12:00:00Z');
const signal = () => AbortSignal.timeout(10_000);

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

let server: ReplayServer;
let clock = NOW;

beforeEach(async () => {
  clock = NOW;
  server = await ReplayServer.start();
  server.json('/protocols', fixture('protocols.json'));
  server.json('/v2/chains', fixture('chains.json'));
  server.route(
    { path: '/overview/fees', query: (q) => q.dataType === 'dailyFees' },
    { json: fixture('fees-daily.json') },
  );
  server.route(
    { path: '/overview/fees', query: (q) => q.dataType === 'dailyRevenue' },
    { json: fixture('fees-revenue.json') },
  );
});

afterEach(() => server.close());

function provider(): DefiLlamaProvider {
  return new DefiLlamaProvider({ baseUrl: server.url, minIntervalMs: 0, timeoutMs: 2_000, now: () => clock });
}

describe('DefiLlamaProvider', () => {
  it('offers on-chain figures only', () => {
    expect([...provider().capabilities]).toEqual(['onChain']);
  });

  it("sums a protocol token's TVL, fees and revenue over every protocol naming it", async () => {
    const [aave] = await provider().getOnChain(['aave'], signal());
    expect(aave).toEqual({
      coinId: 'aave',
      activeAddresses24h: null,
      holderAddresses: null,
      top10HolderShare: null,
      developerCommits30d: null,
      tvlUsd: 21_200_000_000,
      tvlScope: 'protocol',
      fees24hUsd: 1_600_000,
      // Aave V2 lists no revenue: the sum is of what is known.
      revenue24hUsd: 200_000,
      timestamp: NOW,
    });
  });

  it("gives a chain's native token its chain's TVL, and leaves out coins DefiLlama does not know", async () => {
    const snapshots = await provider().getOnChain(['ethereum', 'dogecoin', 'lido-dao'], signal());
    expect(snapshots.map((s) => [s.coinId, s.tvlUsd, s.tvlScope, s.fees24hUsd])).toEqual([
      ['ethereum', 60_000_000_000, 'chain', null],
      ['lido-dao', 25_000_000_000, 'protocol', 2_400_000],
    ]);
    const [fees] = server.requestsTo('/overview/fees');
    expect(fees?.query).toMatchObject({
      excludeTotalDataChart: 'true',
      excludeTotalDataChartBreakdown: 'true',
    });
  });

  it('reuses the lists for an hour, then reads them again', async () => {
    const llama = provider();
    await llama.getOnChain(['aave'], signal());
    await llama.getOnChain(['lido-dao'], signal());
    expect(server.requestsTo('/protocols')).toHaveLength(1);
    clock += 3_600_000;
    await llama.getOnChain(['aave'], signal());
    expect(server.requestsTo('/protocols')).toHaveLength(2);
  });

  it('keeps TVL when the fee lists fail: fees stay unknown', async () => {
    server.route('/overview/fees', { status: 502, body: 'bad gateway' });
    const [aave] = await provider().getOnChain(['aave'], signal());
    expect(aave).toMatchObject({ tvlUsd: 21_200_000_000, fees24hUsd: null, revenue24hUsd: null });
  });

  it('maps failures of the TVL lists to typed errors and forgets them', async () => {
    server.route('/protocols', [
      { status: 429, headers: { 'retry-after': '7' }, json: {} },
      { json: [{ name: 'no id' }] },
      { status: 503, body: 'down' },
    ]);
    const llama = provider();
    const limited = await llama.getOnChain(['aave'], signal()).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterMs).toBe(7_000);
    const fresh = provider();
    await expect(fresh.getOnChain(['aave'], signal())).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(fresh.getOnChain(['aave'], signal())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('is healthy when /v2/chains answers and not when the port is closed', async () => {
    await expect(provider().healthCheck(signal())).resolves.toBe(true);
    const url = server.url;
    await server.close();
    const down = new DefiLlamaProvider({ baseUrl: url, minIntervalMs: 0, timeoutMs: 1_000 });
    await expect(down.healthCheck(signal())).resolves.toBe(false);
  });
});

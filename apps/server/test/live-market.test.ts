import { coinScoreOutput, exchangeDetailOutput } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { startLiveReplays } from './support/live-replays.js';
import type { LiveReplays } from './support/live-replays.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const signal = () => AbortSignal.timeout(60_000);

describe('a live start on the public tier', () => {
  it('answers the first page of coins within 10 s, details and history filling in behind', async () => {
    const replays = await startLiveReplays();
    const started = performance.now();
    // CoinGecko's public-tier spacing, 2.1 s a call, as a user without a key gets it.
    const server = await startTestServer(
      { ...replays.env, MARKET_TICK_MS: '3600000' },
      {},
      { whileBackfilling: true },
    );
    try {
      const first = await callAs(
        server,
        'appmarket_msrv/coin_list',
        { page_size: 20 },
        {
          lang: 'en',
        },
      );
      const elapsed = performance.now() - started;
      expect(first.data.list.map((coin) => coin.id).slice(0, 2)).toEqual(['bitcoin', 'ethereum']);
      expect(first.data.list[0]!.price).toBeGreaterThan(1000);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      await server.close();
      await replays.close();
    }
  }, 60_000);
});

/** A server on MARKET_SOURCE=live whose sources are replays of real recorded answers (no internet). */
describe('the live market over real HTTP', () => {
  let replays: LiveReplays;
  let server: TestServer;

  const call = <P extends Parameters<TestServer['client']['request']>[0]>(
    procedure: P,
    payload: Parameters<TestServer['client']['request']>[1],
  ) => callAs(server, procedure, payload as never, { lang: 'en' });

  beforeAll(async () => {
    replays = await startLiveReplays();
    server = await startTestServer(
      { ...replays.env, COINGECKO_MIN_INTERVAL_MS: '0', MARKET_TICK_MS: '3600000' },
      {},
      { whileBackfilling: true },
    );
    const ingest = server.built.services.market.ingest;
    await ingest.refreshVenues(signal());
    await ingest.refreshSignals(signal());
    await ingest.score(signal());
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await replays.close();
  });

  it('lists real coins from the source, and says the market is live', async () => {
    const list = await call('appmarket_msrv/coin_list', { page_size: 50 });
    expect(list.code).toBe(0);
    expect(list.data.list.map((coin) => coin.id).slice(0, 2)).toEqual(['bitcoin', 'ethereum']);
    expect(list.data.list[0]!.price).toBeGreaterThan(1000);
    const config = await call('appsys_msrv/app_config', {});
    expect(config.data.market_source).toBe('live');
  });

  it('scores only what it has evidence for, and names the sources', async () => {
    const bitcoin = coinScoreOutput.parse(
      (await call('appmarket_msrv/coin_score', { coin_id: 'bitcoin' })).data,
    );
    const coverage = new Map(bitcoin.coverage.map((entry) => [entry.factor, entry]));
    expect(coverage.get('market_cap')).toMatchObject({ available: true, source: 'coingecko' });
    expect(coverage.get('liquidity')?.available).toBe(true);
    expect(coverage.get('liquidity')?.source).toMatch(/coingecko|ccxt/);
    expect(coverage.get('verified_volume')?.available).toBe(true);
    // A venue nobody read shows no integrity beside "not checked".
    const unchecked = bitcoin.venues.filter((venue) => venue.limited_by === 'no_evidence');
    expect(unchecked.length).toBeGreaterThan(0);
    for (const venue of unchecked) expect(venue.integrity).toBeNull();
    // No live source measures engagement or bot shares, and nothing here gives holder figures.
    for (const entry of bitcoin.coverage) if (entry.available) expect(entry.source).not.toBe('simulator');

    const list = await call('appmarket_msrv/coin_list', { page_size: 100 });
    const states = await Promise.all(
      list.data.list
        .slice(0, 30)
        .map(async (coin) =>
          coinScoreOutput.parse((await call('appmarket_msrv/coin_score', { coin_id: coin.id })).data),
        ),
    );
    const unscored = states.filter((state) => state.score_state === 'not_enough_data');
    expect(unscored.length).toBeGreaterThan(0);
    for (const state of unscored) expect(state.score).toBeNull();
    // No blanket certification: certification needs venue evidence from two venues.
    expect(states.filter((state) => state.certification === 'certified').length).toBeLessThan(
      states.length / 2,
    );
  });

  it('gives a replayed venue an exchange score with its coverage', async () => {
    const binance = exchangeDetailOutput.parse(
      (await call('appmarket_msrv/exchange_detail', { exchange_id: 'binance' })).data,
    );
    expect(binance.score).not.toBeNull();
    // Its pairs and turnover come from the venue tickers read so far: never a zero for a venue that has them.
    expect(binance.pair_count).toBeGreaterThan(0);
    expect(binance.amount_24h).toBeGreaterThan(0);
    expect(binance.fictional).toBe(false);
    const liquidity = binance.coverage.find((entry) => entry.factor === 'liquidity');
    expect(liquidity?.available).toBe(true);
  });
});

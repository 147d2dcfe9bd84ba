import { coinScoreOutput } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HourlyScoreReadings, SCORE_HISTORY_HOURS } from '../src/market-store/hourly-score-readings.js';
import type { HourlyReading } from '../src/market-store/hourly-reading.js';
import { ScoreReadingRepository } from '../src/market-store/score-reading.repository.js';
import { callAs } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS, createTestDatabase } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 1);

function reading(score: number): Omit<HourlyReading, 'time'> {
  return {
    reading: {
      score,
      components: {
        verified_volume: 0.4,
        liquidity: null,
        market_cap: 0.9,
        social: 0.2,
        on_chain: null,
        developer: 0.7,
        official: null,
      },
      flags: [{ kind: 'unconfirmed_social_spike', followerGrowth: 0.8 }],
    },
    social: { followers: 1_000 + score, engagement24h: 50 },
    activeAddresses24h: null,
    verifiedVolumeUsd: 5_000_000,
  };
}

/** Records `hours` hourly readings for two coins, storing each new one as the score run does. */
async function recordHours(
  readings: HourlyScoreReadings,
  repository: ScoreReadingRepository,
  hours: number,
): Promise<void> {
  for (let hour = 0; hour < hours; hour++) {
    const stored: { coinId: string; entry: HourlyReading }[] = [];
    for (const coinId of ['bitcoin', 'ethereum']) {
      const entry = readings.record(coinId, START + hour * HOUR + 60_000, () => reading(hour));
      if (entry) stored.push({ coinId, entry });
      // A second run in the same hour records nothing new.
      expect(readings.record(coinId, START + hour * HOUR + 120_000, () => reading(-1))).toBeNull();
    }
    await repository.insert(stored);
  }
}

describe.each(TEST_DIALECTS)('score readings stored on %s', (dialect) => {
  let database: TestDatabase;
  let repository: ScoreReadingRepository;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repository = new ScoreReadingRepository(database.handle.db);
  });
  afterAll(() => database.dispose());

  it('rebuilds "a day ago" and the 30-day history after a restart', async () => {
    const before = new HourlyScoreReadings();
    await recordHours(before, repository, 40);
    const now = START + 39 * HOUR + 60_000;

    const after = new HourlyScoreReadings();
    after.restore(await repository.since(now - SCORE_HISTORY_HOURS * HOUR), now);

    for (const coinId of ['bitcoin', 'ethereum']) {
      expect(after.history(coinId).map((time, score) => [time, score])).toEqual(
        before.history(coinId).map((time, score) => [time, score]),
      );
      expect(after.dayAgo(coinId, now)).toEqual(before.dayAgo(coinId, now));
    }
    expect(after.dayAgo('bitcoin', now)?.reading.flags).toEqual([
      { kind: 'unconfirmed_social_spike', followerGrowth: 0.8 },
    ]);
    expect(after.history('solana').length).toBe(0);
  });

  it('prunes old points and the detail of readings older than a day', async () => {
    const now = START + 39 * HOUR + 60_000;
    await repository.prune(START + 10 * HOUR, now - 26 * HOUR);
    const points = (await repository.since(0)).filter((point) => point.coinId === 'bitcoin');
    expect(points[0]?.time).toBe(START + 10 * HOUR);
    expect(points).toHaveLength(30);
    expect(points.filter((point) => point.whole !== null).map((point) => point.time)).toEqual(
      Array.from({ length: 26 }, (_, index) => START + (14 + index) * HOUR),
    );
  });
});

describe.each(TEST_DIALECTS)('a restarted server on %s', (dialect) => {
  let database: TestDatabase;
  let clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.dispose());

  const scoreView = async (server: TestServer) =>
    coinScoreOutput.parse(
      (await callAs(server, 'appmarket_msrv/coin_score', { coin_id: 'bitcoin' }, { lang: 'en' })).data,
    );

  it('still says why the score moved since yesterday and keeps its history', async () => {
    const first = await startTestServer(database.env, { now: () => clock, marketProvider: provider });
    try {
      await first.built.services.market.ingest.score(AbortSignal.timeout(10_000));
      clock += 25 * HOUR;
      await first.tick();
      await first.built.services.market.ingest.score(AbortSignal.timeout(10_000));
      expect((await scoreView(first)).history).toHaveLength(2);
    } finally {
      await first.close();
    }

    clock += HOUR;
    const second = await startTestServer(database.env, { now: () => clock, marketProvider: provider });
    try {
      await second.built.services.market.ingest.score(AbortSignal.timeout(10_000));
      const view = await scoreView(second);
      expect(view.history.map((point) => point.time)).toEqual([
        Math.floor(FAKE_MARKET_EPOCH / HOUR) * HOUR,
        Math.floor((FAKE_MARKET_EPOCH + 25 * HOUR) / HOUR) * HOUR,
        Math.floor((FAKE_MARKET_EPOCH + 26 * HOUR) / HOUR) * HOUR,
      ]);
      expect(view.movement?.since).toBe(Math.floor((FAKE_MARKET_EPOCH + 25 * HOUR) / HOUR) * HOUR);
    } finally {
      await second.close();
    }
  });
});

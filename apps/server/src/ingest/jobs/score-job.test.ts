import { describe, expect, it } from 'vitest';

import { RateLimitedError, UnavailableError } from '@coinlens/market-model';
import type { CoinScoreState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import { MarketRanking } from '../market-ranking.js';
import type { MarketScorer } from '../market-scorer.js';
import { coinProfile, exchangeProfile, marketOf, NOW, running, venueTicker } from './jobs.test-support.js';
import { applySteadyGrowth, heapGrowthHeld } from '../../runtime/heap-growth.js';
import { ScoreJob } from './score-job.js';

/** A score as the scorer leaves it: high risk or not, with volume evidence from these venues. */
function score(highRisk: boolean, evidencedVenues: readonly string[]): CoinScoreState {
  return {
    value: 70,
    rank: 1,
    detail: {
      highRisk,
      flags: [],
      values: {
        volume: {
          venues: evidencedVenues.map((exchangeId) => ({ exchangeId, limitedBy: null, verified: 1e6 })),
        },
      },
    },
  } as unknown as CoinScoreState;
}

const links = { website: 'https://bitcoin.org', x: 'https://x.com/bitcoin' };

/**
 * Bitcoin with checkable links, traded on alpha and bravo; a coin whose volume is mostly on an excluded venue;
 * and a quiet one. Exchanges alpha and bravo, bravo the busier.
 */
function market(): MarketSnapshot {
  const snapshot = marketOf(
    [coinProfile('bitcoin', { links }), coinProfile('washed'), coinProfile('quiet')],
    [exchangeProfile('alpha'), exchangeProfile('bravo')],
  );
  const bitcoin = snapshot.coins.get('bitcoin')!;
  bitcoin.venues = ['alpha', 'bravo'].map((id) => ({
    ticker: venueTicker('bitcoin', id, 95_000),
    excluded: false,
  }));
  snapshot.coins.get('washed')!.venues = [
    { ticker: venueTicker('washed', 'alpha', 1, { volumeUsd24h: 9e6 }), excluded: true },
    { ticker: venueTicker('washed', 'bravo', 1), excluded: false },
  ];
  snapshot.exchanges.get('bravo')!.healthyAmount24h = 9e9;
  return snapshot;
}

/** Scores bitcoin (certifiable) and `quiet` (high risk) when run, two seconds on the clock; or fails. */
class FakeScorer {
  failure: Error | null = null;
  /** Where the score puts the exchanges, once it has run. */
  ranking: string[] = [];

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly clock: { now: number },
  ) {}

  /** Whether each run saw the heap's growth held. */
  held: boolean[] = [];

  run(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    this.held.push(heapGrowthHeld());
    this.clock.now += 2_000;
    if (this.failure) return Promise.reject(this.failure);
    this.snapshot.coins.get('bitcoin')!.score = score(false, ['alpha', 'bravo']);
    this.snapshot.coins.get('quiet')!.score = score(true, []);
    this.ranking = ['alpha', 'bravo'];
    return Promise.resolve();
  }

  /** The snapshot's version each rotation saw. */
  rotatedAt: number[] = [];

  rotateTapes(): Promise<void> {
    this.rotatedAt.push(this.snapshot.version);
    return Promise.resolve();
  }

  exchangeRanking(): readonly string[] {
    return this.ranking;
  }
}

function scoreJob(snapshot: MarketSnapshot, holdHeapGrowth = () => true) {
  const clock = { now: NOW };
  const scorer = new FakeScorer(snapshot, clock);
  const job = new ScoreJob(
    scorer as unknown as MarketScorer,
    snapshot,
    new MarketRanking(snapshot, scorer),
    () => clock.now,
    holdHeapGrowth,
  );
  return { job, scorer, clock };
}

const certifications = (snapshot: MarketSnapshot) =>
  Object.fromEntries([...snapshot.coins].map(([id, coin]) => [id, coin.certification]));

describe('the score job', () => {
  it("reads the rotation's tapes only once the run's result is out", async () => {
    const snapshot = market();
    const { job, scorer } = scoreJob(snapshot);
    const version = snapshot.version;
    await job.run(new AbortController().signal);
    expect(scorer.rotatedAt).toEqual([version + 1]);
    expect(snapshot.version).toBe(version + 1);
  });

  it('certifies from the score at once, and ranks the exchanges as the score puts them', async () => {
    const snapshot = market();
    const { job } = scoreJob(snapshot);
    expect(job.scored).toBe(false);
    expect(job.lastRun).toBeNull();
    await job.run(running());
    expect(job.scored).toBe(true);
    expect(job.lastRun).toEqual({ startedAt: NOW, completedAt: NOW + 2_000 });
    // Unscored, "washed" is judged by its excluded volume until a score says otherwise.
    expect(certifications(snapshot)).toEqual({
      bitcoin: 'certified',
      washed: 'high_risk',
      quiet: 'high_risk',
    });
    expect(snapshot.exchangesRanked.map((exchange) => [exchange.profile.id, exchange.exRank])).toEqual([
      ['alpha', 1],
      ['bravo', 2],
    ]);
    expect(snapshot.version).toBe(1);
  });

  it.each([
    ['a rate limit (429)', new RateLimitedError('scripted', 60_000)],
    ['an outage or timeout', new UnavailableError('scripted', 'timed out')],
  ])('fails on %s and publishes nothing: still unscored, nothing certified', async (_, failure) => {
    const snapshot = market();
    const { job, scorer } = scoreJob(snapshot);
    scorer.failure = failure;
    await expect(job.run(running())).rejects.toBe(failure);
    expect(job.scored).toBe(false);
    expect(job.lastRun).toBeNull();
    expect(certifications(snapshot)).toEqual({
      bitcoin: 'unauthenticated',
      washed: 'unauthenticated',
      quiet: 'unauthenticated',
    });
    expect(snapshot.version).toBe(0);
  });

  it('keeps the last completed run when a later one fails or is aborted', async () => {
    const snapshot = market();
    const { job, scorer, clock } = scoreJob(snapshot);
    await job.run(running());
    clock.now = NOW + 300_000;
    scorer.failure = new UnavailableError('scripted', 'down');
    await expect(job.run(running())).rejects.toBe(scorer.failure);
    await expect(job.run(AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect(job.scored).toBe(true);
    expect(job.lastRun).toEqual({ startedAt: NOW, completedAt: NOW + 2_000 });
    expect(snapshot.version).toBe(1);
  });

  it("holds the heap's growth during a run once start-up's history is stored, not before", async () => {
    applySteadyGrowth();
    let stored = false;
    const { job, scorer } = scoreJob(market(), () => stored);
    await job.run(running());
    stored = true;
    await job.run(running());
    expect(scorer.held).toEqual([false, true]);
    expect(heapGrowthHeld()).toBe(false);
  });
});

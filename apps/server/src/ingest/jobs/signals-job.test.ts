import { describe, expect, it } from 'vitest';

import type { DeveloperSnapshot, OnChainSnapshot, SocialSnapshot } from '@coinlens/market-model';
import { NotFoundError, RateLimitedError, UnavailableError } from '@coinlens/market-model';
import { coinProfile, marketOf, NOW, running, ScriptedSource } from './jobs.test-support.js';
import { SignalsJob } from './signals-job.js';

const social = (coinId: string, x: number | null): SocialSnapshot => ({
  coinId,
  followers: { x, reddit: null, telegram: null },
  engagement24h: null,
  suspectedBotShare: null,
  timestamp: NOW,
});

const onChain = (coinId: string, tvlUsd: number | null): OnChainSnapshot => ({
  coinId,
  activeAddresses24h: null,
  holderAddresses: null,
  top10HolderShare: null,
  developerCommits30d: null,
  tvlUsd,
  timestamp: NOW,
});

const developer = (coinId: string, commits4w: number | null): DeveloperSnapshot => ({
  coinId,
  repository: null,
  stars: null,
  forks: null,
  commits4w,
  mergedPullRequests: null,
  mergedPullRequestsWindowDays: null,
  contributors: null,
  source: 'github',
  timestamp: NOW,
});

function signalSource(): ScriptedSource {
  const source = new ScriptedSource(['social', 'onChain', 'developer']);
  source.script.social = [social('bitcoin', 6_000_000), social('ethereum', null)];
  source.script.onChain = [onChain('ethereum', 6e10)];
  source.script.developer = [developer('bitcoin', 120)];
  return source;
}

const market = () => marketOf([coinProfile('bitcoin'), coinProfile('ethereum')]);

describe('the signals job', () => {
  it('gives each coin its own readings, and a coin the source did not measure stays unknown', async () => {
    const snapshot = market();
    await new SignalsJob(signalSource(), snapshot).run(running());
    const bitcoin = snapshot.coins.get('bitcoin')!;
    const ethereum = snapshot.coins.get('ethereum')!;
    expect(bitcoin.social?.followers.x).toBe(6_000_000);
    expect(ethereum.social?.followers.x).toBeNull();
    expect(ethereum.onChain?.tvlUsd).toBe(6e10);
    expect(bitcoin.onChain).toBeNull();
    expect(bitcoin.developer?.commits4w).toBe(120);
    expect(ethereum.developer).toBeNull();
  });

  it('adds no coin the snapshot does not know', async () => {
    const snapshot = market();
    const source = signalSource();
    source.script.social.push(social('stranger', 10));
    source.script.onChain.push(onChain('stranger', 10));
    source.script.developer.push(developer('stranger', 10));
    await new SignalsJob(source, snapshot).run(running());
    expect([...snapshot.coins.keys()]).toEqual(['bitcoin', 'ethereum']);
  });

  it('asks only for the readings the source offers and leaves the others unknown', async () => {
    const snapshot = market();
    const source = new ScriptedSource(['onChain']);
    source.script.onChain = [onChain('ethereum', 6e10)];
    source.script.social = [social('bitcoin', 1)];
    await new SignalsJob(source, snapshot).run(running());
    expect(source.asked).toEqual(['onChain']);
    expect(snapshot.coins.get('ethereum')?.onChain?.tvlUsd).toBe(6e10);
    expect(snapshot.coins.get('bitcoin')?.social).toBeNull();
  });

  it.each([
    ['a rate limit (429)', new RateLimitedError('scripted', 60_000)],
    ['an outage or timeout', new UnavailableError('scripted', 'timed out')],
    ['a missing endpoint (404)', new NotFoundError('scripted', '/community')],
  ])('fails on %s of one kind of reading, and that costs only that kind', async (_, failure) => {
    const snapshot = market();
    const source = signalSource();
    const job = new SignalsJob(source, snapshot);
    await job.run(running());
    source.script.social = [social('bitcoin', 7_000_000)];
    source.script.developer = [developer('bitcoin', 130)];
    source.failNext('onChain', failure);
    await expect(job.run(running())).rejects.toBe(failure);
    expect(snapshot.coins.get('bitcoin')?.social?.followers.x).toBe(7_000_000);
    // What failed keeps its last reading; what came after it is still read.
    expect(snapshot.coins.get('ethereum')?.onChain?.tvlUsd).toBe(6e10);
    expect(snapshot.coins.get('bitcoin')?.developer?.commits4w).toBe(130);
  });

  it('keeps the last readings of a coin the next answer leaves out', async () => {
    const snapshot = market();
    const source = signalSource();
    const job = new SignalsJob(source, snapshot);
    await job.run(running());
    source.script.social = [social('ethereum', 3_000_000)];
    await job.run(running());
    expect(snapshot.coins.get('bitcoin')?.social?.followers.x).toBe(6_000_000);
    expect(snapshot.coins.get('ethereum')?.social?.followers.x).toBe(3_000_000);
  });

  it('stops once the run is aborted, writing nothing more', async () => {
    const snapshot = market();
    const source = signalSource();
    const stop = new AbortController();
    source.answering = (call) => {
      if (call === 'social') stop.abort();
    };
    await expect(new SignalsJob(source, snapshot).run(stop.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    // The social answer had arrived; the on-chain call found the run aborted, and nothing was asked after it.
    expect(source.asked).toEqual(['social', 'onChain']);
    expect(snapshot.coins.get('bitcoin')?.social?.followers.x).toBe(6_000_000);
    expect(snapshot.coins.get('bitcoin')?.developer).toBeNull();
  });
});

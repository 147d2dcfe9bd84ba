import { describe, expect, it } from 'vitest';

import { NotFoundError, RateLimitedError, UnavailableError, UnsupportedError } from '@coinlens/market-model';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import {
  coinProfile,
  exchangeProfile,
  marketOf,
  NOW,
  running,
  ScriptedSource,
  venueTicker,
} from './jobs.test-support.js';
import { ProfilesJob } from './profiles-job.js';

function profileSource(): ScriptedSource {
  const source = new ScriptedSource(['coins', 'exchanges']);
  source.script.coins = [coinProfile('bitcoin'), coinProfile('ethereum')];
  source.script.exchanges = [exchangeProfile('alpha')];
  return source;
}

/** A market whose bitcoin and alpha already carry live figures from earlier ticks. */
function liveMarket(): MarketSnapshot {
  const snapshot = marketOf([coinProfile('bitcoin', { name: 'Old name' })], [exchangeProfile('alpha')]);
  const bitcoin = snapshot.coins.get('bitcoin')!;
  bitcoin.price = 95_000;
  bitcoin.asOf = NOW - 1_000;
  bitcoin.venues = [{ ticker: venueTicker('bitcoin', 'alpha', 95_000), excluded: false }];
  const alpha = snapshot.exchanges.get('alpha')!;
  alpha.pairCount = 412;
  alpha.amount24h = 9e9;
  alpha.asOf = NOW - 1_000;
  return snapshot;
}

describe('the profiles job', () => {
  it('puts new coins and exchanges in with no figures yet: unpriced and unscored, never zero', async () => {
    const snapshot = marketOf([]);
    await new ProfilesJob(profileSource(), snapshot, () => NOW).run(running());
    expect([...snapshot.coins.keys()]).toEqual(['bitcoin', 'ethereum']);
    expect(snapshot.coins.get('ethereum')).toMatchObject({
      price: null,
      metrics: null,
      score: null,
      social: null,
      venues: [],
    });
    expect(snapshot.exchanges.get('alpha')).toMatchObject({ score: null, pairCount: 0, asOf: NOW });
    expect(snapshot.profilesVersion).toBe(1);
  });

  it('renews the profiles of those already there and keeps their live figures', async () => {
    const snapshot = liveMarket();
    await new ProfilesJob(profileSource(), snapshot, () => NOW).run(running());
    const bitcoin = snapshot.coins.get('bitcoin')!;
    expect(bitcoin.profile.name).toBe('bitcoin');
    expect(bitcoin).toMatchObject({ price: 95_000, asOf: NOW - 1_000 });
    expect(bitcoin.venues).toHaveLength(1);
    expect(snapshot.exchanges.get('alpha')).toMatchObject({
      pairCount: 412,
      amount24h: 9e9,
      asOf: NOW - 1_000,
    });
  });

  it('leaves a coin the source no longer lists where it is', async () => {
    const snapshot = liveMarket();
    snapshot.coins.set('delisted', { ...snapshot.coins.get('bitcoin')!, profile: coinProfile('delisted') });
    await new ProfilesJob(profileSource(), snapshot, () => NOW).run(running());
    expect(snapshot.coins.get('delisted')?.price).toBe(95_000);
  });

  it.each([
    ['a rate limit (429) on the coins', 'coins', new RateLimitedError('scripted', 60_000)],
    ['an outage on the exchanges', 'exchanges', new UnavailableError('scripted', 'timed out')],
    ['a missing endpoint (404) on the exchanges', 'exchanges', new NotFoundError('scripted', '/exchanges')],
  ] as const)('fails on %s and changes nothing, not even half of it', async (_, call, failure) => {
    const snapshot = liveMarket();
    const source = profileSource();
    source.failNext(call, failure);
    await expect(new ProfilesJob(source, snapshot, () => NOW).run(running())).rejects.toBe(failure);
    expect([...snapshot.coins.keys()]).toEqual(['bitcoin']);
    expect(snapshot.coins.get('bitcoin')?.profile.name).toBe('Old name');
    expect(snapshot.profilesVersion).toBe(0);
  });

  it('fails without writing anything on a source that has no exchange profiles', async () => {
    const snapshot = marketOf([]);
    const source = new ScriptedSource(['coins']);
    source.script.coins = [coinProfile('bitcoin')];
    await expect(new ProfilesJob(source, snapshot, () => NOW).run(running())).rejects.toBeInstanceOf(
      UnsupportedError,
    );
    expect(snapshot.coins.size).toBe(0);
    expect(snapshot.profilesVersion).toBe(0);
  });

  it('writes nothing once the run is aborted', async () => {
    const snapshot = marketOf([]);
    await expect(
      new ProfilesJob(profileSource(), snapshot, () => NOW).run(AbortSignal.abort()),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(snapshot.coins.size).toBe(0);
    expect(snapshot.profilesVersion).toBe(0);
  });
});

import { tickerCopy } from '@coinlens/market-model';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { MarketSnapshot } from '../../src/market-store/market-snapshot.js';
import { MarketSnapshot as Snapshot } from '../../src/market-store/market-snapshot.js';
import { applySnapshotMessage, SnapshotEncoder } from '../../src/scale-out/snapshot-codec.js';
import type { EncodedSnapshot } from '../../src/scale-out/snapshot-codec.js';
import { fromWire, toWire } from '../../src/scale-out/snapshot-wire.js';
import {
  SnapshotFollower,
  SnapshotPublisher,
  snapshotStreamKeys,
} from '../../src/scale-out/snapshot-stream.js';
import { createTestRedis, describeWithRedis } from '../support/test-redis.js';
import type { TestRedis } from '../support/test-redis.js';
import { startTestServer } from '../support/test-server.js';
import type { TestServer } from '../support/test-server.js';

/** Everything a follower serves from, in plain values (venue tickers copied, score histories as points). */
function served(snapshot: MarketSnapshot) {
  return {
    coins: [...snapshot.coins.values()].map((coin) => ({
      ...coin,
      venues: coin.venues.map((venue) => ({ ticker: tickerCopy(venue.ticker), excluded: venue.excluded })),
      score: coin.score && { ...coin.score, history: coin.score.history.map((time, score) => [time, score]) },
    })),
    exchanges: [...snapshot.exchanges.values()],
    rates: [...snapshot.rates],
    global: snapshot.global,
    ranked: snapshot.ranked.map((coin) => coin.profile.id),
    exchangesRanked: snapshot.exchangesRanked.map((exchange) => exchange.profile.id),
    version: snapshot.version,
    lastTickAt: snapshot.lastTickAt,
    ratesAsOf: snapshot.ratesAsOf,
  };
}

const readiness = { warmedUp: true, historyStored: true };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.built.services.market.ingest.score(AbortSignal.timeout(30_000));
}, 120_000);
afterAll(() => server.close());

it('a full message rebuilds the leader snapshot on an empty follower, and a tick needs only the tick', async () => {
  const leader = server.built.services.market.snapshot;
  expect(leader.coins.size).toBeGreaterThan(3);
  expect([...leader.coins.values()].some((coin) => coin.score !== null && coin.venues.length > 0)).toBe(true);
  const encoder = new SnapshotEncoder(leader, readiness);
  const follower = new Snapshot(60_000);

  // Through the bytes a follower receives.
  const overTheWire = (encoded: EncodedSnapshot) => fromWire(toWire(7, encoded));
  const full = overTheWire(encoder.encode(true));
  expect(full.sequence).toBe(7);
  expect(full.encoded.venueNumbers.length).toBeGreaterThan(0);
  expect(applySnapshotMessage(follower, full.encoded)).toEqual({ warmedUp: true, historyStored: true });
  expect(served(follower)).toEqual(served(leader));

  await server.tick();
  const delta = encoder.encode(false);
  expect(delta.message.full).toBe(false);
  expect(delta.message.slowChanged).toBe(false);
  expect(delta.message.coins.every((coin) => coin.profile === undefined && coin.score === undefined)).toBe(
    true,
  );
  applySnapshotMessage(follower, overTheWire(delta).encoded);
  expect(served(follower)).toEqual(served(leader));

  await server.built.services.market.ingest.score(AbortSignal.timeout(30_000));
  expect(encoder.encode(false).message.slowChanged).toBe(true);
});

describeWithRedis('the snapshot stream over Redis', () => {
  let redis: TestRedis;
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(() => redis.dispose());

  it('a follower applies every message; after a lost message or a reconnect it loads the full copy first', async () => {
    const log = pino({ level: 'silent' });
    const keys = snapshotStreamKeys(redis.keyPrefix);
    const leader = server.built.services.market.snapshot;
    const commands = await redis.connect();
    const publisher = new SnapshotPublisher(
      commands,
      keys,
      new SnapshotEncoder(leader, readiness),
      log,
      Date.now,
    );
    const followerSnapshot = new Snapshot(60_000);
    const subscriber = await redis.connect();
    let applied = 0;
    const follower = new SnapshotFollower(
      subscriber,
      await redis.connect(),
      keys,
      followerSnapshot,
      () => applied++,
      log,
    );

    // The leader's own jobs go on in the background: compare with what it held when each message left.
    let expected = served(leader);
    await publisher.publish();
    await follower.start();
    expect(applied).toBe(1);
    expect(served(followerSnapshot)).toEqual(expected);

    const publishTick = async () => {
      await server.tick();
      expected = served(leader);
      await publisher.publish();
    };
    const caughtUp = async () => {
      await expect.poll(() => followerSnapshot.version, { timeout: 5_000 }).toBe(expected.version);
      expect(served(followerSnapshot)).toEqual(expected);
    };
    await publishTick();
    await caughtUp();
    expect(applied).toBe(2);

    // A message the follower never saw: the next one is a gap, so it reloads the full copy and catches up.
    await commands.incr(keys.sequence);
    await publishTick();
    await caughtUp();

    // A reconnect: what was published while the subscription was down is lost, but the follower loads the
    // full copy when newer (never an older one over newer state) and goes on with the next messages.
    const before = followerSnapshot.version;
    subscriber.disconnect(true);
    await expect.poll(() => subscriber.status, { timeout: 5_000 }).toBe('ready');
    expect(followerSnapshot.version).toBe(before);
    await expect
      .poll(
        async () => {
          await publishTick();
          await new Promise((resolve) => setTimeout(resolve, 100));
          return followerSnapshot.version === expected.version;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(served(followerSnapshot)).toEqual(expected);
    await follower.stop();
  });
});

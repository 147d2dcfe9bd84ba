import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestDatabase, TEST_DIALECTS } from '../../test/support/test-databases.js';
import type { TestDatabase } from '../../test/support/test-databases.js';
import { openRedis, redisReady } from '../scale-out/redis-connection.js';
import { registerLivenessCheck, registerReadinessCheck } from './health.js';
import type { MarketContents, RedisPing } from './health.js';
import { closedPort } from '../../test/support/closed-port.js';

const FILLED: MarketContents = { coins: new Map([['bitcoin', {}]]), isStale: () => false };
/** A market that has data, no longer fresh (its source, or the leader's stream, went quiet). */
const STALE: MarketContents = { coins: new Map([['bitcoin', {}]]), isStale: () => true };
const EMPTY: MarketContents = { coins: new Map(), isStale: () => true };
const ANSWERING: RedisPing = { ping: () => Promise.resolve('PONG') };
const DOWN: RedisPing = { ping: () => Promise.reject(new Error('Connection is closed.')) };

describe('liveness and readiness', () => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => database.dispose());

  async function readiness(snapshot: MarketContents, redis: RedisPing | null) {
    app = Fastify();
    registerLivenessCheck(app);
    registerReadinessCheck(app, { database: database.handle, snapshot, redis });
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<Record<string, string>>(), answer };
  }

  it('is live without asking anything, even when nothing else is', async () => {
    app = Fastify();
    registerLivenessCheck(app);
    registerReadinessCheck(app, { database: database.handle, snapshot: EMPTY, redis: DOWN });
    const answer = await app.inject({ method: 'GET', url: '/livez' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is ready with the database, Redis and market data; the embedded mode has no Redis to ask', async () => {
    const production = await readiness(FILLED, ANSWERING);
    expect(production.status).toBe(200);
    expect(production.body).toEqual({
      status: 'ready',
      database: 'reachable',
      redis: 'reachable',
      market: 'ready',
    });
    expect(production.answer.headers['cache-control']).toBe('no-store');
    await app?.close();
    const embedded = await readiness(FILLED, null);
    expect(embedded.status).toBe(200);
    expect(embedded.body).toEqual({ status: 'ready', database: 'reachable', market: 'ready' });
  });

  it('is not ready before the snapshot has data', async () => {
    const empty = await readiness(EMPTY, ANSWERING);
    expect(empty.status).toBe(503);
    expect(empty.body).toMatchObject({ status: 'unavailable', market: 'empty' });
  });

  it('stays ready without Redis while its market is fresh, not once it went stale (a follower cut off)', async () => {
    // Every instance shares the one Redis: unready on Redis alone would take all of them out at once.
    const redisDown = await readiness(FILLED, DOWN);
    expect(redisDown.status).toBe(200);
    expect(redisDown.body).toMatchObject({ status: 'ready', redis: 'unreachable', market: 'ready' });
    await app?.close();
    const cutOff = await readiness(STALE, DOWN);
    expect(cutOff.status).toBe(503);
    expect(cutOff.body).toMatchObject({ status: 'unavailable', redis: 'unreachable', market: 'stale' });
    await app?.close();
    // A stale market with Redis up is the source's outage: last-good values are answered with their as_of.
    const sourceDown = await readiness(STALE, ANSWERING);
    expect(sourceDown.status).toBe(200);
    expect(sourceDown.body).toMatchObject({ market: 'stale' });
  });

  it('pings a real Redis, and finds one that is not there at once', async () => {
    const log = pino({ level: 'silent' });
    const up = openRedis('redis://127.0.0.1:6379', log, 'readiness-test');
    const gone = openRedis(`redis://127.0.0.1:${await closedPort()}`, log, 'readiness-test');
    try {
      await redisReady(up, 5_000);
      expect((await readiness(FILLED, up)).status).toBe(200);
      await app?.close();
      const refused = await readiness(STALE, gone);
      expect(refused.status).toBe(503);
      expect(refused.body.redis).toBe('unreachable');
    } finally {
      up.disconnect();
      gone.disconnect();
    }
  });

  it('is not ready once the database is gone', async () => {
    const gone = await createTestDatabase('sqlite');
    await gone.dispose();
    app = Fastify();
    registerReadinessCheck(app, { database: gone.handle, snapshot: FILLED, redis: null });
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });
});

/** Holds every connection of `database` in an open transaction until the answered release is called. */
async function holdEveryConnection(
  database: TestDatabase,
  connections: number,
): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const started: Promise<void>[] = [];
  const holders = Array.from({ length: connections }, () => {
    let began = () => {};
    started.push(new Promise<void>((resolve) => (began = resolve)));
    return database.handle.db.transaction().execute(async () => {
      began();
      await released;
    });
  });
  // SQLite has the one connection: the first holds it, the rest queue behind it.
  await Promise.race(started);
  return async () => {
    release();
    await Promise.all(holders);
  };
}

describe.each(TEST_DIALECTS)('readiness while the database is busy, on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => database.dispose());

  it('answers from its last probe while users hold every connection, unreachable once a probe hangs 5 s', async () => {
    const clock = { now: 1_000_000 };
    app = Fastify();
    registerReadinessCheck(
      app,
      { database: database.handle, snapshot: FILLED, redis: null },
      () => clock.now,
    );
    const readyz = async () => {
      const answer = await app!.inject({ method: 'GET', url: '/readyz' });
      return { status: answer.statusCode, body: answer.json<Record<string, string>>() };
    };
    expect(await readyz()).toMatchObject({ status: 200, body: { database: 'reachable' } });
    // Issue 35, finding 1: a busy pool made /readyz wait behind users' queries (p95 2.2 s, past HAProxy's 2 s).
    const release = await holdEveryConnection(database, 10);
    try {
      clock.now += 2_000;
      expect(await readyz()).toMatchObject({ status: 200, body: { database: 'reachable' } });
      clock.now += 5_000;
      expect(await readyz()).toMatchObject({ status: 503, body: { database: 'unreachable' } });
    } finally {
      await release();
    }
    // The probe that waited is answered once the connections are free.
    await vi.waitFor(async () =>
      expect(await readyz()).toMatchObject({ status: 200, body: { database: 'reachable' } }),
    );
  });
});

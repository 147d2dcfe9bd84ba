import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import {
  connectLockSession,
  LOCK_SESSION_KEEPALIVE,
  PostgresLeaderElection,
} from '../../src/scale-out/leader-election.js';

const postgresUrl = process.env.DATABASE_URL;

describe.runIf(postgresUrl)('electing the ingest leader with a PostgreSQL advisory lock', () => {
  const elections: PostgresLeaderElection[] = [];
  afterEach(async () => {
    for (const election of elections.splice(0)) await election.stop();
  });

  /** An instance's election on a lock of this test's own; counts how often it was elected and deposed. */
  function candidate(lockKey: number) {
    const events = { elected: 0, deposed: 0 };
    const clients: pg.Client[] = [];
    const election = new PostgresLeaderElection(
      async () => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        clients.push(client);
        return client;
      },
      { pollMs: 100, lockKey },
      pino({ level: 'silent' }),
      () => events.elected++,
      () => events.deposed++,
    );
    elections.push(election);
    return { election, events, clients };
  }

  it('asks the server to probe the lock session, so a vanished leader host loses the lock within ~25 s', async () => {
    // Over TCP (a Unix socket has no keepalive): what CI and every deployment use.
    const client = await connectLockSession(postgresUrl!, 5_000);
    try {
      const setting = async (name: string) =>
        Number(
          (await client.query<{ value: string }>(`select current_setting($1) as value`, [name])).rows[0]
            ?.value,
        );
      expect(await setting('tcp_keepalives_idle')).toBe(LOCK_SESSION_KEEPALIVE.idleSeconds);
      expect(await setting('tcp_keepalives_interval')).toBe(LOCK_SESSION_KEEPALIVE.intervalSeconds);
      expect(await setting('tcp_keepalives_count')).toBe(LOCK_SESSION_KEEPALIVE.count);
    } finally {
      await client.end();
    }
  });

  it('one of two leads; when it stops, the other leads at its next poll', async () => {
    const lockKey = Math.floor(Math.random() * 1e9);
    const first = candidate(lockKey);
    const second = candidate(lockKey);
    await first.election.start();
    await second.election.start();
    expect([first.election.isLeader, second.election.isLeader]).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.events.elected).toBe(0);

    await first.election.stop();
    await expect.poll(() => second.election.isLeader, { timeout: 2_000 }).toBe(true);
    expect(second.events.elected).toBe(1);
    expect(first.events.deposed).toBe(0);
  });

  it('a leader whose lock session ends is deposed, and the other instance takes over', async () => {
    const lockKey = Math.floor(Math.random() * 1e9);
    const first = candidate(lockKey);
    const second = candidate(lockKey);
    await first.election.start();
    await second.election.start();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      // What the database does when the leader's machine vanishes: the session is gone, and the lock with it.
      const pid = (first.clients[0] as unknown as { processID: number }).processID;
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => first.events.deposed, { timeout: 2_000 }).toBe(1);
    expect(first.election.isLeader).toBe(false);
    await expect.poll(() => second.election.isLeader, { timeout: 2_000 }).toBe(true);
    // The deposed one does not ask again (it is shutting down).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.events.elected).toBe(1);
  });
});

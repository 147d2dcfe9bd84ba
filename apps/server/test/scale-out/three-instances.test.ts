import { DEV_APP_ID, DEV_APP_SECRET, procedurePath, signPayload, TransportError } from '@coinlens/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EMAIL_CODE_RULES } from '../../src/modules/accounts/email-code.service.js';
import { LOGIN_RULES } from '../../src/modules/accounts/login-guard.js';
import {
  callAs,
  DEVICE_ID,
  latestCode,
  nextTestAddress,
  outboxFor,
  registerAccount,
} from '../support/accounts.js';
import { eventsOf, LiveClient } from '../support/live-client.js';
import { startRedisProcess } from '../support/redis-process.js';
import type { RedisProcess } from '../support/redis-process.js';
import { startServerProcess } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';
import { createBarePostgresDatabase } from '../support/test-databases.js';
import { readRaw } from '../support/test-server.js';
import { dataUrl, sampleImage, uploadTo } from '../support/uploads.js';

/**
 * Production mode as operators run it: three server processes on one PostgreSQL and one Redis. The suite's Redis
 * is a `redis-server` of its own, so it can stop and start it without touching other tests.
 */
const postgresUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && (!postgresUrl || !process.env.REDIS_URL))
  throw new Error('CI=true requires DATABASE_URL and REDIS_URL');
/** Like every Redis suite it runs where REDIS_URL is set (its own redis-server comes from the same install). */
const enabled = Boolean(postgresUrl && process.env.REDIS_URL);

const RATE_LIMIT = 30;
const OPEN_API_ANONYMOUS_LIMIT = 4;
const OPEN_API_KEY_LIMIT = 6;
const REDIS_PORT = 6392;
const LEADER_POLL_MS = 500;
const LEADER_LOG = /^elected ingest leader$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call's gateway code, whether it came in a 200 answer or with an HTTP error (a limit answers 429 + 802009). */
async function codeOf(call: Promise<{ code: number }>): Promise<number> {
  try {
    return (await call).code;
  } catch (error) {
    if (error instanceof TransportError && error.code !== null) return error.code;
    throw error;
  }
}
const TOO_FREQUENT = 802009;

/** Waits past frames already queued (and stale notices) for a new tick of bitcoin's price. */
async function nextBitcoinTick(client: LiveClient, timeoutMs: number): Promise<void> {
  while (client.pending() > 0) await client.next();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const frame = await client.next(deadline - Date.now());
    if (eventsOf(frame, 'coin').some((event) => event.id === 'bitcoin' && 'price' in event.changes)) return;
  }
  throw new Error('no bitcoin tick arrived');
}

describe.runIf(enabled)('three instances on PostgreSQL and Redis', () => {
  let redis: RedisProcess;
  let database: { url: string; dispose(): Promise<void> };
  let instances: ServerProcess[] = [];

  const leader = () =>
    instances.filter((instance) => instance.logs.some((line) => LEADER_LOG.test(line.msg ?? '')));
  const followers = () => instances.filter((instance) => !leader().includes(instance));
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    redis = await startRedisProcess(REDIS_PORT);
    database = await createBarePostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      MARKET_TICK_MS: '1000',
      SIM_SEED: '20261127',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      OPEN_API_CALLS_PER_MINUTE: String(OPEN_API_ANONYMOUS_LIMIT),
      OPEN_API_KEY_CALLS_PER_MINUTE: String(OPEN_API_KEY_LIMIT),
      LEADER_POLL_MS: String(LEADER_POLL_MS),
    };
    // All three at once, on a database nobody migrated yet.
    instances = await Promise.all(['a', 'b', 'c'].map((name) => startServerProcess(name, env)));
    // Ready: the database and Redis answer and the market is there (the followers' from the leader's stream).
    const ready = async (instance: ServerProcess) => {
      for (let waited = 0; waited < 90_000; waited += 500) {
        if ((await fetch(`${instance.baseUrl}/readyz`)).status === 200) return;
        await sleep(500);
      }
      throw new Error(`${instance.name} never became ready`);
    };
    await Promise.all(instances.map(ready));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    await redis?.stop();
    await database?.dispose();
  });

  it('started together on a new database: every migration ran once and exactly one instance leads', async () => {
    const migrations = await query<{ name: string }>('select name from kysely_migration');
    expect(new Set(migrations.map((row) => row.name)).size).toBe(migrations.length);
    expect(migrations.length).toBeGreaterThanOrEqual(10);
    expect(leader()).toHaveLength(1);
  });

  it('a watch-list change made through A is read through B', async () => {
    const [a, b] = instances;
    const session = await registerAccount(a!, 'watcher@example.org');
    const as = { accessToken: session.AccessToken, ip: nextTestAddress() };
    expect((await callAs(a!, 'appmarket_msrv/watch_coins_add', { coin_ids: ['ethereum'] }, as)).code).toBe(0);
    const list = await callAs(b!, 'appmarket_msrv/watch_coins_list', { currency: 'usd' }, as);
    expect(list.data?.list.map((coin) => coin.id)).toEqual(['ethereum']);
  });

  it('an avatar uploaded through A is served by B', async () => {
    const [a, b] = instances;
    const token = (await registerAccount(a!, 'avatar@example.org')).AccessToken;
    const answer = await uploadTo(
      a!,
      { file: dataUrl('image/png', await sampleImage('png', 96, 96)), ext_name: 'png' },
      token,
      Date.now(),
      {
        'X-Forwarded-For': nextTestAddress(),
      },
    );
    expect(answer.json?.code).toBe(0);
    const url = (answer.json?.data as { url: string }).url;
    const served = await fetch(new URL(url, b!.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const fromA = await fetch(new URL(url, a!.baseUrl));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it('a live client on a follower receives the ticks the leader ingests', async () => {
    const follower = followers()[1]!;
    const client = await LiveClient.connect(`${follower.baseUrl.replace('http', 'ws')}/gwapi/ws`);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      expect(eventsOf(await client.next(), 'snapshot')[0]?.coins?.bitcoin?.price).toBeGreaterThan(0);
      const update = await client.next(5_000);
      expect(eventsOf(update, 'coin').find((event) => event.id === 'bitcoin')?.changes).toBeDefined();
    } finally {
      client.close();
    }
  });

  it('a signature used on one instance is refused by another', async () => {
    const [a, b, c] = instances;
    const fields = signPayload({}, { appId: DEV_APP_ID, appSecret: DEV_APP_SECRET });
    const post = (instance: ServerProcess, signed = fields) =>
      fetch(instance.baseUrl + procedurePath('appsys_msrv/app_config'), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': nextTestAddress(),
        },
        body: new URLSearchParams({ ...signed }).toString(),
      }).then(readRaw);
    expect((await post(a!)).json?.code).toBe(0);
    for (const other of [b!, c!]) {
      const replay = await post(other);
      expect(replay.json?.code).toBe(50500);
      expect(replay.json?.msg).toMatch(/signature/i);
    }
    // The same call signed anew (its own nonce) still goes through anywhere.
    const fresh = signPayload({}, { appId: DEV_APP_ID, appSecret: DEV_APP_SECRET });
    expect((await post(b!, fresh)).json?.code).toBe(0);
  });

  it(`the gateway limit (${RATE_LIMIT} a minute per address) is the sum over the instances`, async () => {
    const ip = nextTestAddress();
    const codes = await Promise.all(
      Array.from({ length: RATE_LIMIT + 15 }, (_, index) =>
        codeOf(callAs(instances[index % 3]!, 'appsys_msrv/app_config', {}, { ip })),
      ),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(RATE_LIMIT);
    expect(codes.filter((code) => code !== 0).every((code) => code === TOO_FREQUENT)).toBe(true);
  });

  it('an open API key made through A counts over the instances, and revoked through A is refused by A and C', async () => {
    const [a, b, c] = instances;
    const session = await registerAccount(a!, 'api-keys@example.org');
    const as = { accessToken: session.AccessToken, ip: nextTestAddress() };
    const created = await callAs(a!, 'appsys_msrv/api_key_create', { label: 'three instances' }, as);
    expect(created.code).toBe(0);
    const ip = nextTestAddress();
    const ping = (instance: ServerProcess, key?: string) =>
      fetch(`${instance.baseUrl}/api/v3/ping`, {
        headers: { 'x-forwarded-for': ip, ...(key ? { 'x-cg-pro-api-key': key } : {}) },
      });
    // Without the key the address's limit is the sum over the instances…
    const anonymous = await Promise.all(
      Array.from({ length: OPEN_API_ANONYMOUS_LIMIT + 3 }, (_, index) => ping(instances[index % 3]!)),
    );
    expect(anonymous.filter((response) => response.status === 200)).toHaveLength(OPEN_API_ANONYMOUS_LIMIT);
    // …and with it, the key's.
    // (C never sees the key before it is revoked: an instance trusts a key it resolved for up to 30 s.)
    const keyed = await Promise.all(
      Array.from({ length: OPEN_API_KEY_LIMIT + 3 }, (_, index) =>
        ping(instances[index % 2]!, created.data.secret),
      ),
    );
    expect(keyed.filter((response) => response.status === 200)).toHaveLength(OPEN_API_KEY_LIMIT);
    expect(keyed.filter((response) => response.status === 429)).toHaveLength(3);
    // Usage is written by each instance and summed for the owner.
    const listed = await callAs(b!, 'appsys_msrv/api_key_list', {}, as);
    expect(listed.data?.list.map((key) => key.id)).toEqual([created.data.key.id]);
    expect((await callAs(a!, 'appsys_msrv/api_key_revoke', { id: created.data.key.id }, as)).code).toBe(0);
    // The same answer, byte for byte, from every instance behind the load balancer (the list changes with the
    // universe, not with each tick).
    const tags = await Promise.all(
      instances.map(async (instance) =>
        (await fetch(`${instance.baseUrl}/api/v3/coins/list`)).headers.get('etag'),
      ),
    );
    expect(tags[0]).toMatch(/^"[\w-]{27}"$/);
    expect(new Set(tags).size).toBe(1);
    for (const instance of [a!, c!]) {
      const refused = await ping(instance, created.data.secret);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'invalid_key' });
    }
  });

  it(`login attempts per address (${LOGIN_RULES.ipAttemptLimit}) are counted over every instance`, async () => {
    await registerAccount(instances[0]!, 'guessed@example.org');
    const ip = nextTestAddress();
    const codes = await Promise.all(
      Array.from({ length: LOGIN_RULES.ipAttemptLimit + 4 }, (_, index) =>
        codeOf(
          callAs(
            instances[index % 3]!,
            'user_msrv/login',
            { email: 'guessed@example.org', password: `Wrong-${index}x` },
            // Not the device that registered (a known device has a limit of its own).
            { ip, deviceId: 'device-unknown-1' },
          ),
        ),
      ),
    );
    expect(codes.filter((code) => code === TOO_FREQUENT)).toHaveLength(4);
    expect(codes).not.toContain(0);
  });

  it(`email-code guesses spread over the instances get at most ${EMAIL_CODE_RULES.maxWrongGuesses} comparisons`, async () => {
    const email = 'reset@example.org';
    await registerAccount(instances[0]!, email);
    const before = (await outboxFor(instances[0]!, email)).length;
    const asked = await callAs(
      instances[1]!,
      'user_msrv/captcha',
      { email, purpose: 'reset_password' },
      { ip: nextTestAddress() },
    );
    expect(asked.code).toBe(0);
    const code = await latestCode(instances[0]!, email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const reset = (instance: ServerProcess, guess: string) =>
      callAs(
        instance,
        'user_msrv/reset_password',
        { email, code: guess, password: 'New-horse-2', repeat_password: 'New-horse-2' },
        { ip: nextTestAddress(), deviceId: DEVICE_ID },
      );
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => reset(instances[index % 3]!, index === 17 ? code : wrong)),
    );
    const [row] = await query<{ attempts: number }>(
      "select attempts from email_codes where email = $1 and purpose = 'reset_password'",
      [email],
    );
    expect(row!.attempts).toBeLessThanOrEqual(EMAIL_CODE_RULES.maxWrongGuesses);
    expect(answers.filter((answer) => answer.code === 0).length).toBeLessThanOrEqual(1);
    // Whatever the race decided, the code is spent or locked now: the right code is refused from now on.
    expect((await reset(instances[2]!, code)).code).not.toBe(0);
  });

  it('the email-code send quota holds under concurrent sends to all instances', async () => {
    const email = 'quota@example.org';
    const ip = nextTestAddress();
    const codes = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        codeOf(callAs(instances[index % 3]!, 'user_msrv/captcha', { email, purpose: 'register' }, { ip })),
      ),
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === TOO_FREQUENT)).toHaveLength(8);
    await sleep(200);
    expect(await outboxFor(instances[2]!, email)).toHaveLength(1);
  });

  it('with Redis down, market reads answer and login guessing is refused; live updates resume after', async () => {
    const follower = followers()[0]!;
    const client = await LiveClient.connect(`${follower.baseUrl.replace('http', 'ws')}/gwapi/ws`);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      await client.next();
      await redis.stop();
      for (const instance of instances) {
        // Still in the balancer: every instance lost the same Redis, and reads go on.
        const readiness = await fetch(`${instance.baseUrl}/readyz`);
        expect(readiness.status).toBe(200);
        expect(await readiness.json()).toMatchObject({ redis: 'unreachable', market: 'ready' });
        const list = await callAs(
          instance,
          'appmarket_msrv/coin_list',
          { page: 1, page_size: 5, sort: 'rank', filter: 'all', hide_low_quality: false, currency: 'usd' },
          {
            ip: nextTestAddress(),
          },
        );
        expect(list.code).toBe(0);
        // Login guessing fails closed: no attempt is counted anywhere, so none is checked.
        const login = await codeOf(
          callAs(
            instance,
            'user_msrv/login',
            { email: 'guessed@example.org', password: 'Wrong-1x' },
            { ip: nextTestAddress() },
          ),
        );
        expect(login).toBe(TOO_FREQUENT);
      }
      await redis.restart();
      const restartedAt = Date.now();
      await nextBitcoinTick(client, 20_000);
      console.info(`live ticks back ${Date.now() - restartedAt} ms after Redis restarted`);
    } finally {
      client.close();
    }
  });

  it('kill -9 of the leader: another instance leads within the bound and ticks resume on the survivors', async () => {
    const [old] = leader();
    const survivors = followers();
    const client = await LiveClient.connect(`${survivors[0]!.baseUrl.replace('http', 'ws')}/gwapi/ws`);
    try {
      client.send({ op: 'subscribe', topics: ['coin:bitcoin'] });
      await client.next();
      const killedAt = Date.now();
      await old!.stop('SIGKILL');
      instances = instances.filter((instance) => instance !== old);
      await Promise.race(survivors.map((instance) => instance.waitForLog(LEADER_LOG, 10_000)));
      const electedAfterMs = Date.now() - killedAt;
      expect(leader()).toHaveLength(1);
      expect(electedAfterMs).toBeLessThan(LEADER_POLL_MS + 5_000);
      await nextBitcoinTick(client, 30_000);
      console.info(
        `leader takeover: elected ${electedAfterMs} ms after kill -9, ticks back ${Date.now() - killedAt} ms after`,
      );
    } finally {
      client.close();
    }
  });
});

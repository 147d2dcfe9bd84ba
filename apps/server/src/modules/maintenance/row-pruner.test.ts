import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  createTestDatabase,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import type { Database } from '../../db/schema.js';
import { RETENTION } from './retention.js';
import { RowPruner } from './row-pruner.js';

const DAY_MS = 24 * 60 * 60_000;
const NOW = 1_800_000_000_000;
const daysAgo = (days: number) => NOW - days * DAY_MS;

describe.each(TEST_DIALECTS)('row pruning on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let userIds: number[];

  async function addUser(email: string): Promise<number> {
    const row = await db
      .insertInto('users')
      .values({
        email,
        password_hash: 'x',
        nickname: email,
        country: 'VN',
        created_at: daysAgo(400),
        updated_at: daysAgo(400),
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addAlert(coinId: string, deletedDaysAgo: number | null): Promise<number> {
    const at = deletedDaysAgo === null ? daysAgo(200) : daysAgo(deletedDaysAgo);
    const row = await db
      .insertInto('alerts')
      .values({
        user_id: userIds[0] ?? 0,
        coin_id: coinId,
        kind: 'price_above',
        level: 1,
        currency: 'usd',
        change_window: null,
        repeat: 'repeat',
        cooldown_minutes: 60,
        paused: 0,
        fired_count: 0,
        last_fired_at: null,
        created_at: daysAgo(200),
        updated_at: at,
        deleted_at: deletedDaysAgo === null ? null : at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let sequence = 0;
  async function addFiring(alertId: number, firedDaysAgo: number): Promise<void> {
    sequence += 1;
    await db
      .insertInto('alert_firings')
      .values({
        alert_id: alertId,
        user_id: userIds[0] ?? 0,
        sequence,
        coin_id: 'bitcoin',
        kind: 'price_above',
        level: 1,
        currency: 'usd',
        change_window: null,
        observed: 2,
        flag: null,
        fired_at: daysAgo(firedDaysAgo),
        message_id: null,
        delivered_at: daysAgo(firedDaysAgo),
      })
      .execute();
  }

  async function addMessage(userId: number | null, sentDaysAgo: number, readers: number[]): Promise<number> {
    const row = await db
      .insertInto('inbox_messages')
      .values({
        user_id: userId,
        category: 'system',
        title_i18n: '{"en":"t"}',
        body_i18n: '{"en":"b"}',
        link: null,
        dedupe_key: null,
        created_at: daysAgo(sentDaysAgo),
        retracted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (readers.length > 0)
      await db
        .insertInto('inbox_reads')
        .values(
          readers.map((reader) => ({ message_id: row.id, user_id: reader, read_at: daysAgo(sentDaysAgo) })),
        )
        .execute();
    return row.id;
  }

  const count = async (table: 'alerts' | 'alert_firings' | 'inbox_messages' | 'inbox_reads') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
    userIds = [
      await addUser('a@example.org'),
      await addUser('b@example.org'),
      await addUser('c@example.org'),
    ];
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    for (const table of ['inbox_reads', 'inbox_messages', 'alert_firings', 'alerts'] as const)
      await db.deleteFrom(table).execute();
  });

  it('removes what is past its retention, in batches, and keeps everything else', async () => {
    const live = await addAlert('bitcoin', null);
    const deletedLongAgo = await addAlert('ethereum', 40);
    const deletedWithHistory = await addAlert('solana', 40);
    const deletedRecently = await addAlert('tether', 10);
    for (const days of [100, 95, 91]) await addFiring(live, days);
    await addFiring(live, 10);
    await addFiring(deletedWithHistory, 20);
    await addFiring(deletedLongAgo, 120);
    const [a = 0, b = 0, c = 0] = userIds;
    await addMessage(a, 200, [a]);
    await addMessage(null, 190, [a, b, c]);
    await addMessage(b, 181, []);
    const recentBroadcast = await addMessage(null, 10, [a, b]);
    const recentPersonal = await addMessage(c, 179, [c]);

    const pruner = new RowPruner(db, database.handle.dialect, () => NOW, {
      ...RETENTION,
      batchSize: 2,
    });
    expect(await pruner.prune()).toEqual({
      alertFirings: 4,
      deletedAlerts: 1,
      inboxReads: 4,
      inboxMessages: 3,
    });

    const alerts = await db.selectFrom('alerts').select('id').orderBy('id').execute();
    expect(alerts.map((row) => row.id)).toEqual([live, deletedWithHistory, deletedRecently]);
    const firings = await db.selectFrom('alert_firings').select('fired_at').orderBy('fired_at').execute();
    expect(firings.map((row) => row.fired_at)).toEqual([daysAgo(20), daysAgo(10)]);
    const messages = await db.selectFrom('inbox_messages').select('id').orderBy('id').execute();
    expect(messages.map((row) => row.id)).toEqual([recentBroadcast, recentPersonal]);
    expect(await count('inbox_reads')).toBe(3);

    // Nothing left to do: a second run removes nothing.
    expect(Object.values(await pruner.prune())).toEqual([0, 0, 0, 0]);
  });

  it('stops a run after its batches and leaves the rest to the next, with the event loop free in between', async () => {
    const alert = await addAlert('bitcoin', null);
    for (let day = 0; day < 7; day += 1) await addFiring(alert, 100 + day);
    const pruner = new RowPruner(db, database.handle.dialect, () => NOW, {
      ...RETENTION,
      batchSize: 2,
      maxBatchesPerRun: 2,
    });

    let turns = 0;
    let pruning = true;
    const countTurns = () => {
      turns += 1;
      if (pruning) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const first = await pruner.prune();
    pruning = false;
    expect(first.alertFirings).toBe(4);
    expect(turns).toBeGreaterThan(0);
    expect(await count('alert_firings')).toBe(3);

    expect((await pruner.prune()).alertFirings).toBe(3);
    expect(await count('alert_firings')).toBe(0);
  });
});

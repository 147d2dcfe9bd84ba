import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../db/schema.js';

/**
 * A 256-bit key generated on first use and kept in the database, so every server instance sharing the
 * database signs and verifies with the same key, and a restart keeps sessions valid.
 */
export async function loadOrCreateSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  const value = await loadOrCreateValue(db, name, () => randomBytes(32).toString('base64'));
  return Buffer.from(value, 'base64');
}

/** A named value created once and shared by every instance on the database (e.g. the VAPID key pair). */
export async function loadOrCreateValue(
  db: Kysely<Database>,
  name: string,
  create: () => string,
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: create(), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

import { sql, type Transaction } from 'kysely';

import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/** These locks' namespace among PostgreSQL's two-number advisory locks (one-bigint locks are a space apart). */
const KEY_LOCK_NAMESPACE = 26;

/**
 * Inside a transaction: waits for the lock named `key`, then holds it until the transaction ends, so a count
 * and the insert it allows run one after the other however many instances ask at once (a PostgreSQL advisory
 * transaction lock; separate statements under READ COMMITTED would all see the same count). SQLite needs none:
 * its one connection runs one transaction at a time.
 */
export async function lockKeyForTransaction(
  trx: Transaction<Database>,
  dialect: DialectName,
  key: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${KEY_LOCK_NAMESPACE}, hashtext(${key}))`.execute(trx);
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';

import { migrationProvider } from './migrations/index.js';
import { DEFAULT_POSTGRES_TIMEOUTS, GuardedPostgresPool, poolTimeoutSettings } from './postgres-pool.js';
import type { PostgresTimeouts } from './postgres-pool.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; unset selects the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file (`coinlens.sqlite`). */
  dataDir: string;
  /** PostgreSQL only; default DEFAULT_POSTGRES_TIMEOUTS. */
  timeouts?: PostgresTimeouts;
}

const PG_INT8_OID = 20;

function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(dataDir, 'coinlens.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it is acknowledged, so not even a power cut loses an acknowledged write.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** pg is loaded only for a PostgreSQL URL: the embedded default does not carry it (~5 MB resident). */
async function openPostgres(databaseUrl: string, timeouts: PostgresTimeouts): Promise<Kysely<Database>> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...poolTimeoutSettings(timeouts),
    // Epoch-millisecond columns are bigint; they fit a double exactly, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection (server restart, admin shutdown) is reported by the next query that
  // needs it; without a listener the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new GuardedPostgresPool(pool) }) });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : failed ? 'see the log' : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.databaseUrl) {
    const db = openSqlite(options.dataDir);
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  // Migrations on their own connection without a statement limit: one may rewrite a large table. Instances
  // starting together are safe: Kysely's migrator holds a PostgreSQL advisory lock (concurrent-migrations.test.ts).
  const migrations = await openPostgres(options.databaseUrl, { ...timeouts, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(migrations);
  } finally {
    await migrations.destroy();
  }
  const db = await openPostgres(options.databaseUrl, timeouts);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

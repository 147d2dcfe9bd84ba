import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { openDatabase } from '../../src/db/database.js';
import type { DatabaseHandle, DialectName } from '../../src/db/database.js';

const postgresUrl = process.env.DATABASE_URL;

if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error(
    'CI=true requires DATABASE_URL: the repository tests must run on PostgreSQL as well as SQLite.',
  );
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const TEST_DIALECTS: readonly DialectName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What to put in DATABASE_URL / DATA_DIR to start a server on this database. */
  env: { DATABASE_URL?: string; DATA_DIR: string };
  dispose(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One more connection (pool) to `database`, as another server instance would open it; the caller closes it. */
export function openAnotherInstance(database: TestDatabase): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR });
}

/** A new PostgreSQL database without any schema (migrations not run), dropped again by `dispose`. */
export async function createBarePostgresDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (!postgresUrl) throw new Error('DATABASE_URL is not set');
  const name = `coinlens_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: withDatabaseName(postgresUrl, name),
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A fresh, migrated, empty database of the given dialect, removed again by `dispose`. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-test-'));
  if (dialect === 'sqlite') {
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      env: { DATA_DIR: dataDir },
      async dispose() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('DATABASE_URL is not set');
  const name = `coinlens_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(postgresUrl, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  return {
    handle,
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    async dispose() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

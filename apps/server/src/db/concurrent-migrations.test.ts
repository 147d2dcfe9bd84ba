import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { createBarePostgresDatabase } from '../../test/support/test-databases.js';
import { openDatabase } from './database.js';
import type { DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations/index.js';

const postgres = process.env.DATABASE_URL !== undefined;

describe.runIf(postgres)('migrations from several instances at once (PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('three instances starting together on a new database all open it, and each migration runs once', async () => {
    const database = await createBarePostgresDatabase();
    cleanups.push(database.dispose);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coinlens-migrations-'));
    cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));

    const opened = await Promise.allSettled(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: database.url, dataDir })),
    );
    const handles = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    cleanups.push(() =>
      Promise.all(handles.map((handle: DatabaseHandle) => handle.close())).then(() => undefined),
    );
    expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);

    const expected = Object.keys(await migrationProvider.getMigrations()).sort();
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handles[0]!.db,
    );
    expect(rows.map((row) => row.name)).toEqual(expected);
  });
});

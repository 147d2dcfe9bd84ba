import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../db/database.js';
import {
  createTestDatabase,
  TEST_DIALECTS,
  openAnotherInstance,
} from '../../../test/support/test-databases.js';
import type { TestDatabase } from '../../../test/support/test-databases.js';
import { DatabaseImageStorage } from './database-image-storage.js';

describe.each(TEST_DIALECTS)('database image storage on %s', (dialect) => {
  let database: TestDatabase;
  let other: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // A second instance on the same database: its own connections.
    other = await openAnotherInstance(database);
  });
  afterAll(async () => {
    await other.close();
    await database.dispose();
  });

  it('keeps every byte, and another instance reads what one stored', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const stored = await new DatabaseImageStorage(database.handle.db).save(bytes, 'webp');
    expect(stored.name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(stored.url).toBe(`/uploads/${stored.name}`);
    const read = await new DatabaseImageStorage(other.db).read(stored.name);
    expect(read?.equals(bytes)).toBe(true);
  });

  it('answers null for a name it never stored or does not issue, and removes idempotently', async () => {
    const storage = new DatabaseImageStorage(database.handle.db);
    const stored = await storage.save(Buffer.from('image'), 'webp');
    expect(await storage.read(`${'0'.repeat(32)}.webp`)).toBeNull();
    expect(await storage.read('../coinlens.sqlite')).toBeNull();
    await storage.remove(stored.name);
    await storage.remove(stored.name);
    expect(await storage.read(stored.name)).toBeNull();
  });

  it('maps only its own URLs back to names', () => {
    const storage = new DatabaseImageStorage(database.handle.db);
    const name = `${'a'.repeat(32)}.webp`;
    expect(storage.nameOf(`/uploads/${name}`)).toBe(name);
    expect(storage.nameOf(`https://elsewhere.example/uploads/${name}`)).toBeNull();
    expect(storage.nameOf('/uploads/x.webp')).toBeNull();
  });
});

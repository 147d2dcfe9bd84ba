import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/config.js';
import { createTestDatabase } from '../../../test/support/test-databases.js';
import type { TestDatabase } from '../../../test/support/test-databases.js';
import { createImageStorage } from './create-image-storage.js';
import { DatabaseImageStorage } from './database-image-storage.js';
import { LocalDiskImageStorage } from './image-storage.js';
import { S3ImageStorage } from './s3-image-storage.js';

const POSTGRES = 'postgres://coinlens@db.internal:5432/coinlens';
const REDIS = 'redis://redis.internal:6379';
/** Production mode: both URLs, and a market source every instance agrees on. */
const PRODUCTION = { DATABASE_URL: POSTGRES, REDIS_URL: REDIS, MARKET_SOURCE: 'live' };
const S3 = { S3_BUCKET: 'coinlens-uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('createImageStorage', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.dispose());

  const storageFor = (environment: Record<string, string>) =>
    createImageStorage(loadConfig(environment), database.handle, '/srv/uploads');

  it('keeps the local folder unless production mode or an object store says otherwise', async () => {
    const embedded = await storageFor({});
    expect(embedded).toBeInstanceOf(LocalDiskImageStorage);
    expect((embedded as LocalDiskImageStorage).directory).toBe('/srv/uploads');
    // One of the two is not production mode: still one process, still its disk.
    expect(await storageFor({ DATABASE_URL: POSTGRES })).toBeInstanceOf(LocalDiskImageStorage);
    expect(await storageFor({ REDIS_URL: REDIS })).toBeInstanceOf(LocalDiskImageStorage);
  });

  it('uses the database in production mode, and the object store whenever S3_BUCKET is set', async () => {
    expect(await storageFor(PRODUCTION)).toBeInstanceOf(DatabaseImageStorage);
    expect(await storageFor({ ...PRODUCTION, ...S3 })).toBeInstanceOf(S3ImageStorage);
    expect(await storageFor(S3)).toBeInstanceOf(S3ImageStorage);
  });
});

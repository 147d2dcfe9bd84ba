import { existsSync, readdirSync } from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVICE_ID, registerAccount } from './support/accounts.js';
import { startFakeS3Server } from './support/fake-s3-server.js';
import type { FakeS3Server } from './support/fake-s3-server.js';
import { createTestDatabase, TEST_DIALECTS } from './support/test-databases.js';
import type { TestDatabase } from './support/test-databases.js';
import { createTestRedis } from './support/test-redis.js';
import type { TestRedis } from './support/test-redis.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';
import { dataUrl, sampleImage, SERVED_IMAGE_HEADERS, uploadTo } from './support/uploads.js';

/** Production mode needs both: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI has them. */
const productionModeAvailable = TEST_DIALECTS.includes('postgres') && process.env.REDIS_URL !== undefined;

async function uploadAvatar(server: TestServer, email: string): Promise<{ url: string; token: string }> {
  const token = (await registerAccount(server, email)).AccessToken;
  const answer = await uploadTo(
    server,
    { file: dataUrl('image/png', await sampleImage('png', 96, 96)), ext_name: 'png' },
    token,
  );
  expect(answer.json?.code).toBe(0);
  return { url: (answer.json?.data as { url: string }).url, token };
}

function expectServedImage(response: Response): void {
  expect(response.status).toBe(200);
  for (const [header, value] of Object.entries(SERVED_IMAGE_HEADERS))
    expect(response.headers.get(header)).toBe(value);
}

function uploadsOnDisk(server: TestServer): string[] {
  const directory = server.built.services.uploadsDirectory;
  return existsSync(directory) ? readdirSync(directory) : [];
}

describe.skipIf(!productionModeAvailable)('uploads in production mode (PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    redis = createTestRedis();
    // Same database and Redis, each instance its own data folder (startTestServer makes one): nothing shared on disk.
    const shared = {
      DATABASE_URL: database.env.DATABASE_URL ?? '',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
      TRUST_PROXY: 'true',
    };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.dispose();
    await redis.dispose();
  });

  it('serves on B an avatar uploaded through A, with the same headers, from the database, not a disk', async () => {
    const { url, token } = await uploadAvatar(a, `shared-${Date.now()}@example.org`);
    const served = await fetch(b.baseUrl + url);
    expectServedImage(served);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    expect(uploadsOnDisk(a)).toEqual([]);
    expect(uploadsOnDisk(b)).toEqual([]);

    const profile = await b.client.request(
      'user_msrv/update_user_info',
      { avatar: url },
      { headers: { AccessToken: token, DeviceId: DEVICE_ID } },
    );
    expect(profile.data.avatar).toBe(url);
    const revalidated = await fetch(a.baseUrl + url, {
      headers: { 'if-none-match': served.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('answers 404 on every instance for an image that is not stored', async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/uploads/${'0'.repeat(32)}.webp`)).status).toBe(404);
      expect((await fetch(`${server.baseUrl}/uploads/..%2Fcoinlens.sqlite`)).status).toBe(404);
    }
  });
});

describe('uploads in an S3-compatible store', () => {
  let s3: FakeS3Server;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    s3 = await startFakeS3Server();
    const store = {
      S3_BUCKET: 'coinlens-uploads',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: 'true',
    };
    a = await startTestServer(store);
    b = await startTestServer(store);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await s3.close();
  });

  it('stores the upload as an object and serves it from the store on another instance', async () => {
    const { url } = await uploadAvatar(a, `s3-${Date.now()}@example.org`);
    const name = url.slice('/uploads/'.length);
    expect(s3.objects.get(`/coinlens-uploads/uploads/${name}`)?.contentType).toBe('image/webp');
    expect(uploadsOnDisk(a)).toEqual([]);
    expectServedImage(await fetch(b.baseUrl + url));
    expect((await fetch(`${b.baseUrl}/uploads/${'1'.repeat(32)}.webp`)).status).toBe(404);
  });
});

import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFakeS3Server } from '../../../test/support/fake-s3-server.js';
import type { FakeS3Server } from '../../../test/support/fake-s3-server.js';
import { objectKeyOf, S3_CALL_TIMEOUT_MS, S3ImageStorage } from './s3-image-storage.js';

describe('S3 image storage', () => {
  let s3: FakeS3Server;
  let storage: S3ImageStorage;

  beforeAll(async () => {
    s3 = await startFakeS3Server();
    storage = new S3ImageStorage({
      bucket: 'avatars',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.close());

  it('puts each image under uploads/ in the bucket, typed as WebP, signed, and reads every byte back', async () => {
    const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));
    const stored = await storage.save(bytes, 'webp');
    expect(stored.url).toBe(`/uploads/${stored.name}`);
    const path = `/avatars/${objectKeyOf(stored.name)}`;
    expect(path).toBe(`/avatars/uploads/${stored.name}`);
    expect(s3.objects.get(path)?.contentType).toBe('image/webp');
    expect(s3.objects.get(path)?.body.equals(bytes)).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path, signed: true });
    expect((await storage.read(stored.name))?.equals(bytes)).toBe(true);
  });

  it('answers null for a missing object and never asks the store for a name it does not issue', async () => {
    expect(await storage.read(`${'0'.repeat(32)}.webp`)).toBeNull();
    const asked = s3.requests.length;
    expect(await storage.read('../../other-bucket/secret')).toBeNull();
    await storage.remove('../../other-bucket/secret');
    expect(s3.requests.length).toBe(asked);
  });

  it('removes an object, and removing it again is not an error', async () => {
    const stored = await storage.save(Buffer.from('image'), 'webp');
    await storage.remove(stored.name);
    await storage.remove(stored.name);
    expect(s3.objects.has(`/avatars/uploads/${stored.name}`)).toBe(false);
    expect(await storage.read(stored.name)).toBeNull();
  });

  it('gives up on a store that accepts the connection and never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const hanging = new S3ImageStorage({
        bucket: 'avatars',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
        forcePathStyle: true,
      });
      const started = Date.now();
      await expect(hanging.read(`${'0'.repeat(32)}.webp`)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(S3_CALL_TIMEOUT_MS + 2_000);
    } finally {
      silent.close();
    }
  }, 20_000);
});

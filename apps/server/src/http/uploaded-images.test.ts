import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import type { ImageStorage } from '../modules/uploads/image-storage.js';
import { registerUploadedImages } from './uploaded-images.js';

const MADE_UP = `${'a'.repeat(32)}.webp`;

/** A storage holding nothing, counting how often it is asked. */
function emptyStorage(): ImageStorage & { reads: number } {
  const storage = {
    reads: 0,
    read: () => {
      storage.reads += 1;
      return Promise.resolve(null);
    },
    save: () => Promise.reject(new Error('not in this test')),
    remove: () => Promise.resolve(),
    nameOf: () => null,
  };
  return storage;
}

describe('serving uploads', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve(storage: ImageStorage, limit: number, now: () => number) {
    const app = Fastify();
    apps.push(app);
    await app.register(rateLimit, { global: false });
    registerUploadedImages(app, storage, limit, now);
    return app;
  }

  it('asks the storage once a minute for a name it does not hold', async () => {
    const storage = emptyStorage();
    let clock = 0;
    const app = await serve(storage, 1_000, () => clock);
    for (let call = 0; call < 50; call += 1)
      expect((await app.inject(`/uploads/${MADE_UP}`)).statusCode).toBe(404);
    expect(storage.reads).toBe(1);
    clock = 61_000;
    expect((await app.inject(`/uploads/${MADE_UP}`)).statusCode).toBe(404);
    expect(storage.reads).toBe(2);
  });

  it('limits each address to its reads a minute', async () => {
    const app = await serve(emptyStorage(), 20, () => 0);
    const statuses: number[] = [];
    for (let call = 0; call < 25; call += 1)
      statuses.push((await app.inject(`/uploads/${MADE_UP}`)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });
});

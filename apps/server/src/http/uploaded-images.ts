import { mkdir } from 'node:fs/promises';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { UPLOADS_URL_PREFIX } from '../modules/uploads/image-storage.js';

/** Serves stored uploads as images only: generated names, immutable, never sniffed into anything else. */
export async function registerUploadedImages(app: FastifyInstance, directory: string): Promise<void> {
  // Created up front: on a fresh data folder the static plugin would otherwise warn that its root is missing.
  await mkdir(directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: directory,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    cacheControl: false,
    setHeaders(response) {
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      response.setHeader('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}

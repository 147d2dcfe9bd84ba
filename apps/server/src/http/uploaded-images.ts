import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { UPLOADS_URL_PREFIX } from '../modules/uploads/image-storage.js';

/** Serves stored uploads as images only: generated names, immutable, never sniffed into anything else. */
export async function registerUploadedImages(app: FastifyInstance, directory: string): Promise<void> {
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

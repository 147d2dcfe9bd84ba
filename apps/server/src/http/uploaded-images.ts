import type { FastifyInstance } from 'fastify';

import type { ImageStorage } from '../modules/uploads/image-storage.js';
import { STORED_IMAGE_NAME, UPLOADS_URL_PREFIX } from '../modules/uploads/image-storage.js';

/** A stored name never changes its bytes, so the name is the validator. */
function entityTagOf(name: string): string {
  return `"${name}"`;
}

/**
 * Serves stored uploads as images only, from whichever storage is active (disk, database or object store):
 * generated names, immutable, never sniffed into anything else. Anything else under the prefix is not found.
 */
export function registerUploadedImages(app: FastifyInstance, storage: ImageStorage): void {
  app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    if (!STORED_IMAGE_NAME.test(name)) return reply.callNotFound();
    const bytes = await storage.read(name);
    if (bytes === null) return reply.callNotFound();
    const tag = entityTagOf(name);
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('etag', tag);
    return request.headers['if-none-match'] === tag ? reply.code(304).send() : reply.send(bytes);
  });
}

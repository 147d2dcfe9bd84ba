import type { FastifyInstance } from 'fastify';

import type { ImageStorage } from '../modules/uploads/image-storage.js';
import { STORED_IMAGE_NAME, UPLOADS_URL_PREFIX } from '../modules/uploads/image-storage.js';

/** How long a name the storage did not hold is answered not-found without asking it again. */
const MISS_MS = 60_000;
/** Names remembered as missing at most (the oldest go first). */
const MISSES_KEPT = 10_000;

/** A stored name never changes its bytes, so the name is the validator. */
function entityTagOf(name: string): string {
  return `"${name}"`;
}

/**
 * Serves stored uploads as images only, from whichever storage is active (disk, database or object store):
 * generated names, immutable, never sniffed into anything else. Anything else under the prefix is not found.
 * Each address gets `rateLimitPerMinute` reads a minute, as on the gateway, and a well-formed name the storage
 * did not hold is answered from memory for a minute: one client asking for thousands of made-up names a second
 * must not put each on the database or the object store.
 */
export function registerUploadedImages(
  app: FastifyInstance,
  storage: ImageStorage,
  rateLimitPerMinute: number,
  now: () => number = Date.now,
): void {
  const misses = new Map<string, number>();
  app.get<{ Params: { name: string } }>(
    `${UPLOADS_URL_PREFIX}:name`,
    { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { name } = request.params;
      if (!STORED_IMAGE_NAME.test(name)) return reply.callNotFound();
      const missedAt = misses.get(name);
      if (missedAt !== undefined && now() - missedAt < MISS_MS) return reply.callNotFound();
      const bytes = await storage.read(name);
      if (bytes === null) {
        misses.delete(name);
        misses.set(name, now());
        if (misses.size > MISSES_KEPT) misses.delete(misses.keys().next().value!);
        return reply.callNotFound();
      }
      const tag = entityTagOf(name);
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('etag', tag);
      return request.headers['if-none-match'] === tag ? reply.code(304).send() : reply.send(bytes);
    },
  );
}

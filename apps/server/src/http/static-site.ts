import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed files under assets/ cache for a year, everything else revalidates.
 * Pre-compressed `.br`/`.gz` siblings written at build time are sent when the client accepts them.
 */
export async function registerStaticSite(app: FastifyInstance, webDistDir: string): Promise<void> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app not built; run `npm run build` to serve it');
    app.get('/', (_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`, then start again.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      const relative = path.relative(webDistDir, filePath);
      response.setHeader('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
}

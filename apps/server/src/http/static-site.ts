import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { withRuntimeConfig, type PublicAppConfig } from './runtime-config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html with the runtime config, compressed once at start: it is the one page every visit loads. */
function encodedIndexPage(webDistDir: string, config: PublicAppConfig): EncodedPage {
  const identity = Buffer.from(
    withRuntimeConfig(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), config),
  );
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
}

function sendIndexPage(page: EncodedPage, request: FastifyRequest, reply: FastifyReply) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page[encoding] : page.identity);
}

/**
 * Serves the built web app: hashed files under assets/ cache for a year, everything else revalidates.
 * Pre-compressed `.br`/`.gz` siblings written at build time are sent when the client accepts them. The
 * index page carries the server's public settings (runtime config), so any build runs against any server.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  webDistDir: string,
  config: PublicAppConfig,
): Promise<void> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app not built; run `npm run build` to serve it');
    app.get('/', (_request, reply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, then start again.'),
    );
    return;
  }
  const indexPage = encodedIndexPage(webDistDir, config);
  app.get('/', (request, reply) => sendIndexPage(indexPage, request, reply));
  app.get('/index.html', (request, reply) => sendIndexPage(indexPage, request, reply));
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      const relative = path.relative(webDistDir, filePath);
      response.setHeader('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
}

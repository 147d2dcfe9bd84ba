import type { IncomingHttpHeaders } from 'node:http';

import { ErrorCode, errorMessage } from '@coinlens/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { resolveCallerLanguage } from '../gateway/caller-language.js';

/** Methods that change state: a page on another site can send them as a form, without a CORS preflight. */
const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host (name and port, default ports left out) `url` names, or null when it is not a URL. */
function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null;
}

/**
 * Whether a request may come from the page that sent it: our own origin (the Origin names the host the request
 * was sent to), an origin of `allowedOrigins`, or no page at all — a native client or a test sends neither
 * Origin nor `Sec-Fetch-Site: cross-site`. Any other Origin is refused, `null` (a sandboxed frame, a redirect
 * across sites) included. The scheme is not compared: behind a TLS proxy the server itself sees plain HTTP.
 */
export function isAllowedOrigin(
  headers: IncomingHttpHeaders,
  requestHost: string,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const origin = headers.origin;
  if (origin === undefined) return headers['sec-fetch-site'] !== 'cross-site';
  if (allowedOrigins.has(origin)) return true;
  const originHost = hostOf(origin);
  if (originHost === null) return false;
  // Read with the Origin's scheme, so `example.app:443` and `https://example.app` name the same host.
  return originHost === hostOf(`${new URL(origin).protocol}//${requestHost}`);
}

function isSocketUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket';
}

/** A request a cross-site page could use against a signed-in visitor: one that changes state, or a socket upgrade. */
function actsForTheVisitor(request: FastifyRequest): boolean {
  return STATE_CHANGING_METHODS.has(request.method) || isSocketUpgrade(request);
}

/**
 * Refuses form posts, other state-changing requests and WebSocket upgrades sent by pages of other sites (cross-
 * site request forgery, cross-site WebSocket hijacking) with 403 and code 1006, before any body is read.
 * `allowedOrigins`: config ALLOWED_ORIGINS, origins besides our own. Reads stay open to every origin.
 */
export function registerOriginPolicy(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed: ReadonlySet<string> = new Set(allowedOrigins);
  // A callback hook: every request of every route passes here, and an async hook costs each one a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!actsForTheVisitor(request) || isAllowedOrigin(request.headers, request.host, allowed)) return done();
    request.log.info({ origin: request.headers.origin ?? null }, 'refused a request from another site');
    if (isSocketUpgrade(request)) {
      // Node hands an upgrade's connection over and no longer closes it: the answer must, or it stays open.
      void reply.header('connection', 'close');
      reply.raw.once('finish', () => request.raw.socket.end());
    }
    const code = ErrorCode.PermissionDenied;
    // Answered here, so the request goes no further (done is not called).
    void reply
      .code(403)
      .header('cache-control', 'no-store')
      .send({
        code,
        msg: errorMessage(code, resolveCallerLanguage(request.headers)),
        data: { reason: 'cross_site' },
      });
  });
}

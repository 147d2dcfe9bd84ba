import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyRequest } from 'fastify';

/** Headers a proxy adds on the way in; any of them means the socket's address is not the caller's. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
] as const;

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The proxy headers present on a request, lower-case (empty for a direct caller). */
export function proxyHeadersIn(headers: IncomingHttpHeaders): string[] {
  return PROXY_HEADERS.filter((name) => headers[name] !== undefined);
}

/** `localhost:8080` → `localhost`; `[::1]:8080` → `[::1]`. */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

/**
 * True only for a caller on this machine talking to the server directly: a loopback socket, a local Host (so a
 * DNS-rebound page cannot ask) and no proxy header (a same-host reverse proxy connects from loopback too).
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  if (!LOOPBACK_ADDRESSES.has(address)) return false;
  if (proxyHeadersIn(request.headers).length > 0) return false;
  const host = request.headers.host;
  return host !== undefined && LOCAL_HOST_NAMES.has(hostName(host));
}

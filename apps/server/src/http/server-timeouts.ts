import type { FastifyServerOptions } from 'fastify';

/** Headers must all arrive within this, whatever the request timeout (a slow-headers client holds a socket). */
const HEADERS_TIMEOUT_MS = 10_000;
/** Above the 60 s idle timeout of common load balancers, so the balancer, not us, closes an idle connection. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Bounds on how long a client may hold a connection while sending (Fastify's defaults are 0: none):
 * a whole request within `requestTimeoutMs`, its headers within 10 s, and no socket silent longer than the
 * request timeout. Node enforces the first two on a timer; checking every quarter of the timeout (0.25–5 s)
 * cuts a slow client off at most 25 % late. A WebSocket leaves these behind once upgraded.
 */
export function serverTimeoutOptions(requestTimeoutMs: number): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

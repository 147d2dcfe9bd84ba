import type { FastifyInstance } from 'fastify';

import { proxyHeadersIn } from './local-request.js';

/**
 * With TRUST_PROXY off, a request carrying proxy headers means a proxy in front that the server does not believe:
 * every visitor then shares the proxy's address for the rate and login limits. Said once per process, not per
 * request, so a hostile caller cannot flood the log with it.
 */
export function registerProxyHeaderWarning(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = warned ? [] : proxyHeadersIn(request.headers).filter((name) => name !== 'via');
    if (headers.length === 0) return done();
    warned = true;
    request.log.warn(
      { proxyHeaders: headers, socketAddress: request.socket.remoteAddress },
      'requests carry proxy headers but TRUST_PROXY is off: every visitor behind that proxy shares one address for rate and login limits. Set TRUST_PROXY=true when this server sits behind your own proxy.',
    );
    done();
  });
}

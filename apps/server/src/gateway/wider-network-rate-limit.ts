import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';

import { addressNetworkKeys, WIDER_IPV6_NETWORKS } from '../security/address-key.js';
import { TooManyAttempts } from './procedure-failure.js';

/**
 * The gateway rate limit of an IPv6 caller's /56 and /48 (RATE_LIMIT_PER_MINUTE × their budget factor), beside
 * the /64's the route itself counts: without them one /48 holds 65,536 limits. Counted in the same store as the
 * /64 (Redis in production mode, each instance its own while Redis is down). Answers a check for the gateway's
 * routes that fails with TooManyAttempts (429 with Retry-After) once a network is over its limit; IPv4 callers pass.
 */
export function widerNetworkRateLimit(gateway: FastifyInstance, perMinute: number): onRequestHookHandler {
  // addressNetworkKeys answers the /64 first, then the wider networks in WIDER_IPV6_NETWORKS' order.
  const limiters = WIDER_IPV6_NETWORKS.map(({ budgetFactor }, index) =>
    gateway.createRateLimit({
      max: perMinute * budgetFactor,
      timeWindow: 60_000,
      keyGenerator: (request) => `network-${addressNetworkKeys(request.ip)[index + 1]?.key ?? request.ip}`,
    }),
  );
  async function check(request: FastifyRequest): Promise<void> {
    for (const limiter of limiters) {
      const outcome = await limiter(request);
      if (!outcome.isAllowed && outcome.isExceeded)
        throw new TooManyAttempts(Math.max(1, outcome.ttlInSeconds));
    }
  }
  // A callback hook, not an async one: the IPv4 callers, nearly every call, pass without a promise.
  return (request, _reply, done) => {
    if (addressNetworkKeys(request.ip).length === 1) return done();
    check(request).then(() => done(), done);
  };
}

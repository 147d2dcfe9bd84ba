import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { addressKey } from '../../security/address-key.js';
import type { ApiKeyService, ResolvedKey } from './api-key.service.js';
import { OpenApiError } from './open-api-error.js';

/**
 * Where a caller's key may come from: the headers CoinGecko's clients send (demo and pro) and the query
 * parameters CoinGecko accepts instead, so a client passes its Coinlens key unchanged.
 */
const KEY_HEADERS = ['x-cg-demo-api-key', 'x-cg-pro-api-key'] as const;
const KEY_PARAMETERS = ['x_cg_demo_api_key', 'x_cg_pro_api_key'] as const;

function sentKey(request: FastifyRequest): string | null {
  for (const header of KEY_HEADERS) {
    const value = request.headers[header];
    if (typeof value === 'string' && value !== '') return value;
  }
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const parameter of KEY_PARAMETERS) {
    const value = query[parameter];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** Who may call the open API now: the caller's key, resolved once per request, and the minute's budget. */
export interface OpenApiGate {
  /**
   * Resolves the key the caller sent (refusing an unknown or revoked one) and, for a read, spends one call of the
   * caller's minute, answering `X-RateLimit-*` (and refusing past the limit).
   */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The key the request was made with, once admitted. */
  keyOf(request: FastifyRequest): ResolvedKey | undefined;
}

/**
 * One gate for every dialect: one minute's budget per key (else per address) over every route of both, in the
 * store the gateway's limit uses (Redis in production mode, so every instance counts together). A limit set per
 * route would count each path apart, and one made per dialect would count each dialect apart.
 */
export function openApiGate(app: FastifyInstance, keys: ApiKeyService): OpenApiGate {
  const callerKeys = new WeakMap<FastifyRequest, ResolvedKey>();
  const perMinute = app.createRateLimit({
    max: (request) =>
      callerKeys.has(request) ? keys.limits.perKeyPerMinute : keys.limits.anonymousPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const key = callerKeys.get(request);
      return key ? `open-api:key:${key.id}` : `open-api:${addressKey(request.ip)}`;
    },
  });
  return {
    keyOf: (request) => callerKeys.get(request),
    async admit(request, reply) {
      const secret = sentKey(request);
      if (secret !== null) {
        const key = secret.length <= 200 ? await keys.resolve(secret) : null;
        if (!key) throw new OpenApiError(401, 'invalid_key', 'this API key is unknown or revoked');
        callerKeys.set(request, key);
      }
      // An upload (the audit) has a budget of its own, by the hour.
      if (request.method === 'POST') return;
      const limit = await perMinute(request);
      if (limit.isAllowed) return;
      void reply
        .header('x-ratelimit-limit', limit.max)
        .header('x-ratelimit-remaining', limit.remaining)
        .header('x-ratelimit-reset', limit.ttlInSeconds);
      if (limit.isExceeded) {
        void reply.header('retry-after', limit.ttlInSeconds);
        throw new OpenApiError(429, 'rate_limited', `too many calls: try again in ${limit.ttlInSeconds} s`);
      }
    },
  };
}

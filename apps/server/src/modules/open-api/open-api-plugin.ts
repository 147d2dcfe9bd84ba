import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { preferredEncoding } from '../../gateway/content-negotiation.js';
import { addressKey } from '../../security/address-key.js';
import type { ApiKeyService } from './api-key.service.js';
import type { OpenApiGate } from './open-api-gate.js';
import type { AuditRunner } from './audit-runner.js';
import { AnswerCache, EncodedAnswer } from './encoded-answer.js';
import { OpenApiError } from './open-api-error.js';
import type { OpenApiRoute } from './open-api-route.js';

/** Where the CoinGecko-compatible dialect is served. */
export const OPEN_API_V3_PATH = '/api/v3';
/** Where Coinlens' own dialect is served. */
export const OPEN_API_V1_PATH = '/api/v1';

export interface OpenApiOptions {
  routes: readonly OpenApiRoute[];
  /** Resolves the key a caller sends, counts its calls, and holds both limits. */
  keys: ApiKeyService;
  /** Key resolution and the minute's budget, shared by both dialects. */
  gate: OpenApiGate;
  /** `POST /audit` (Coinlens' own dialect only): the venue-folder audit as a service. */
  audit?: AuditRunner;
  /** Changes whenever a market answer could: answers are shared by every caller within one generation. */
  generation?: () => string;
}

/** The largest archive `POST /audit` reads. */
export const AUDIT_UPLOAD_BYTES = 32 * 2 ** 20;
/** Audits one key may ask for an hour: each is seconds of CPU. */
const AUDITS_PER_KEY_PER_HOUR = 20;
const ARCHIVE_TYPES = [
  'application/zip',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
];

/** Headers a browser page on another site may read from an answer. */
const EXPOSED_HEADERS = 'ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
/** Headers CoinGecko's clients send, which a browser must be allowed to send across sites. */
const ALLOWED_HEADERS = 'x-cg-demo-api-key, x-cg-pro-api-key, if-none-match, accept, content-type';

/** The first problem zod found, as `field: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

function refuse(reply: FastifyReply, error: OpenApiError): FastifyReply {
  return reply.code(error.status).send({ error: error.message, code: error.code });
}

/** The absolute address of a logo path, against the host the caller used (logos of real sources are URLs). */
function imageResolver(request: FastifyRequest): (logo: string) => string {
  return (logo) => (logo.startsWith('/') ? `${request.protocol}://${request.host}${logo}` : logo);
}

/** A route's answer to a request: its parameters checked against their schemas, then the route's own answer. */
function answerOf(route: OpenApiRoute, request: FastifyRequest): unknown {
  const query = route.query.safeParse(request.query ?? {});
  if (!query.success) throw new OpenApiError(400, 'invalid_parameter', firstIssue(query.error));
  const params = route.params ? route.params.safeParse(request.params) : { success: true as const, data: {} };
  if (!params.success) throw new OpenApiError(404, 'not_found', firstIssue(params.error));
  return route.answer({
    query: query.data,
    params: params.data,
    ip: request.ip,
    image: imageResolver(request),
  });
}

function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === tag || candidate === '*');
}

/**
 * One dialect of the open API (`/api/v3` or `/api/v1`) with its HTTP conventions: the gate (key, minute's budget)
 * before anything else, parameters checked against their schemas, JSON errors with a stable code, CORS for
 * browser callers, Cache-Control fitting each answer, ETag and 304, HEAD wherever GET exists (Fastify answers
 * HEAD from the GET route), and answers shared by every caller within one market generation.
 */
export function openApiPlugin(api: FastifyInstance, options: OpenApiOptions, done: () => void): void {
  const { keys, gate } = options;
  const cache = options.generation ? new AnswerCache(options.generation) : null;
  api.addHook('onRequest', async (request, reply) => {
    void reply
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', EXPOSED_HEADERS)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.method !== 'OPTIONS') await gate.admit(request, reply);
  });
  api.options('/*', (_request, reply) =>
    reply
      .code(204)
      .header(
        'access-control-allow-methods',
        options.audit ? 'GET, HEAD, POST, OPTIONS' : 'GET, HEAD, OPTIONS',
      )
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '86400')
      .send(),
  );
  api.setNotFoundHandler((_request, reply) =>
    refuse(reply, new OpenApiError(404, 'not_found', 'no such path in this API (see /api/docs)')),
  );
  api.setErrorHandler((error: { statusCode?: number; retryAfterSeconds?: number }, request, reply) => {
    if (error instanceof OpenApiError) return refuse(reply, error);
    if (error.statusCode === 429)
      return refuse(
        reply,
        new OpenApiError(
          429,
          'rate_limited',
          `too many calls: try again in ${error.retryAfterSeconds ?? 60} s`,
        ),
      );
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return refuse(
        reply,
        new OpenApiError(error.statusCode, 'bad_request', 'the request could not be read'),
      );
    request.log.error({ err: error }, 'open API call failed');
    return refuse(reply, new OpenApiError(500, 'internal_error', 'the server failed to answer; try again'));
  });

  for (const route of options.routes) {
    api.get(route.path, async (request, reply) => {
      const key = gate.keyOf(request);
      if (key) keys.count(key.id);
      const build = () => answerOf(route, request);
      // Keyed by the request as sent, so a repeated call is answered before its parameters are even parsed.
      const encoded =
        cache && !route.perCaller
          ? await cache.get(`${request.protocol}://${request.host}${request.url}`, build)
          : new EncodedAnswer(await build());
      void reply
        .header('cache-control', `public, max-age=${route.maxAgeSeconds}`)
        .header('etag', encoded.etag)
        .header('vary', 'Accept-Encoding');
      if (matches(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send();
      const { bytes, encoding } = encoded.body(preferredEncoding(request.headers['accept-encoding']));
      if (encoding !== 'identity') void reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(bytes);
    });
  }
  const { audit } = options;
  if (audit) {
    api.addContentTypeParser(
      ARCHIVE_TYPES,
      { parseAs: 'buffer', bodyLimit: AUDIT_UPLOAD_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    api.post(
      '/audit',
      {
        bodyLimit: AUDIT_UPLOAD_BYTES,
        // Refused before its body is read: up to 32 MiB for nothing otherwise.
        onRequest: (request, _reply, next) =>
          next(
            gate.keyOf(request)
              ? undefined
              : new OpenApiError(401, 'key_required', 'an audit needs an API key (x-cg-demo-api-key)'),
          ),
        config: {
          rateLimit: {
            max: AUDITS_PER_KEY_PER_HOUR,
            timeWindow: 3_600_000,
            keyGenerator: (request: FastifyRequest) =>
              `open-api:audit:${gate.keyOf(request)?.id ?? addressKey(request.ip)}`,
            errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
              statusCode: 429,
              retryAfterSeconds: Math.ceil(context.ttl / 1000),
            }),
          },
        },
      },
      async (request, reply) => {
        const key = gate.keyOf(request)!;
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new OpenApiError(
            415,
            'unsupported_media_type',
            `send the folder as a zip, tar or gzipped tar (${ARCHIVE_TYPES.join(', ')})`,
          );
        keys.count(key.id);
        const answer = await audit.run(request.body);
        return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(answer);
      },
    );
  }
  done();
}

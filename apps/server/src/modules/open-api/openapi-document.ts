import { z } from 'zod';

import type { OpenApiRoute } from './open-api-route.js';

/** The body of every refusal (open-api-plugin.ts writes it). */
export const openApiErrorBody = z.object({
  error: z.string().describe('What went wrong, for a person'),
  code: z
    .enum([
      'invalid_parameter',
      'not_found',
      'coin_not_found',
      'exchange_not_found',
      'rate_limited',
      'not_ready',
      'bad_request',
      'internal_error',
    ])
    .describe('Stable: a program may test it'),
});

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): as a caller sends it, or as the server answers. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** One dialect of the API: where it is served and its routes. */
export interface ApiDialect {
  /** Below the server URL `/api`: `/v3` or `/v1`. */
  prefix: string;
  routes: readonly OpenApiRoute[];
  /** Whether it serves `POST /audit` (Coinlens' own dialect). */
  audit?: boolean;
}

/** `POST /audit`: the venue-folder audit of `npm run audit` as a service. */
function auditOperation(): JsonSchema {
  return {
    operationId: 'postV1Audit',
    summary: 'Audit venues from raw trades, books and reported volume (the folder of `npm run audit`)',
    description:
      'The body is the folder as a zip, tar or gzipped tar (at most 32 MiB, 256 MiB and 2,000 files unpacked): one sub-folder per venue holding `<BASE>-<QUOTE>.trades.csv`, optional `<BASE>-<QUOTE>.book.json` and optional `venue.json`. Needs an API key; 20 audits an hour per key; one at a time per instance; stopped after 120 s.',
    security: [{ demoKey: [] }, { proKey: [] }],
    requestBody: {
      required: true,
      content: Object.fromEntries(
        ['application/zip', 'application/x-tar', 'application/gzip'].map((type) => [
          type,
          { schema: { type: 'string', contentMediaType: type } },
        ]),
      ),
    },
    responses: {
      '200': {
        description: "The audit's verdict on each venue",
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['methodology_version', 'venues'],
              properties: {
                methodology_version: { type: 'string' },
                venues: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'integrity', 'flags', 'reported_usd', 'counted_usd'],
                    properties: {
                      id: { type: 'string' },
                      integrity: { type: 'number' },
                      flags: { type: 'array', items: { type: 'string' } },
                      reported_usd: { type: 'number' },
                      counted_usd: { type: 'number' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '400': refusal(
        'Not an archive, an entry leaving the folder, or a file the audit cannot read (named with its line)',
      ),
      '401': refusal('No key, or an unknown or revoked one'),
      '413': refusal('The archive unpacks past the limits, or the audit ran past its time'),
      '429': refusal('Too many audits this hour', {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      }),
      '503': refusal('Another audit is running on this instance'),
    },
  };
}

/** `/coins/:id` as OpenAPI spells it, `/coins/{id}`. */
function templated(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function parameters(route: OpenApiRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  const place = (schema: z.ZodType | undefined, where: 'query' | 'path') => {
    if (!schema) return;
    const object = jsonSchema(schema);
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties))
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
  };
  place(route.query, 'query');
  place(route.params, 'path');
  return list;
}

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'Calls allowed in the window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Calls left in the window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
};

function refusal(description: string, extraHeaders: JsonSchema = {}): JsonSchema {
  return {
    description,
    headers: { ...RATE_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function answerSchema(route: OpenApiRoute): JsonSchema {
  if (route.response) return jsonSchema(route.response, 'output');
  return { $ref: `#/components/schemas/${route.shape ?? 'Unknown'}` };
}

function operation(route: OpenApiRoute, prefix: string, method: 'get' | 'head'): JsonSchema {
  const maxAge = `Cache-Control: public, max-age=${route.maxAgeSeconds}.`;
  const described = route.shape
    ? `Answers in the shape of CoinGecko's \`${route.shape}\` schema; figures Coinlens has not measured are null.`
    : "Answers with Coinlens' own figures, each naming the methodology version it was computed under.";
  return {
    operationId: `${method}${templated(prefix + route.path).replace(/[^a-z0-9]+([a-z0-9])?/gi, (_match, next?: string) => (next ?? '').toUpperCase())}`,
    summary: route.summary,
    description: `${described} ${maxAge}`,
    parameters: parameters(route),
    responses: {
      '200': {
        description: route.shape ? `CoinGecko's ${route.shape}` : 'The answer',
        headers: {
          ...RATE_HEADERS,
          ETag: { description: 'Strong tag of the answer bytes', schema: { type: 'string' } },
          'Cache-Control': { schema: { type: 'string' } },
        },
        ...(method === 'get' ? { content: { 'application/json': { schema: answerSchema(route) } } } : {}),
      },
      '304': { description: 'Unchanged since the ETag sent in If-None-Match' },
      '400': refusal('A parameter is missing or wrong; the message names it'),
      '404': refusal('No such coin, exchange or path'),
      '429': refusal('Too many calls', {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      }),
    },
  };
}

/**
 * The OpenAPI 3.1 description of the open API, made from the routes themselves: their parameters from the zod
 * schemas of the contract (one source of truth), their answers named by the CoinGecko schema each follows.
 */
export function openApiDocument(
  dialects: readonly ApiDialect[],
  basePath: string,
  version: string,
): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const { prefix, routes } of dialects)
    for (const route of routes)
      paths[templated(prefix + route.path)] = {
        get: operation(route, prefix, 'get'),
        head: operation(route, prefix, 'head'),
      };
  for (const { prefix, audit } of dialects) if (audit) paths[`${prefix}/audit`] = { post: auditOperation() };
  const shapes = [
    ...new Set(
      dialects.flatMap(({ routes }) => routes.flatMap((route) => (route.shape ? [route.shape] : []))),
    ),
  ].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coinlens open API',
      version,
      description:
        "Coinlens' market data for other programs. `/api/v3` follows CoinGecko's public API: a CoinGecko client works by changing its base URL. `/api/v1` is Coinlens' own: scores with their evidence, verified volume, exchange integrity.",
      license: { name: 'Proprietary' },
    },
    servers: [{ url: basePath }],
    paths,
    components: {
      securitySchemes: {
        demoKey: { type: 'apiKey', in: 'header', name: 'x-cg-demo-api-key' },
        proKey: { type: 'apiKey', in: 'header', name: 'x-cg-pro-api-key' },
      },
      schemas: {
        Error: jsonSchema(openApiErrorBody),
        ...Object.fromEntries(
          shapes.map((shape) => [
            shape,
            {
              description: `The shape of CoinGecko's ${shape} schema (https://docs.coingecko.com/reference); every figure may be null where Coinlens has no measurement.`,
            },
          ]),
        ),
      },
    },
  };
}

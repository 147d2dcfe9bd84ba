import { existsSync, readFileSync } from 'node:fs';

import { Ajv, type ValidateFunction } from 'ajv';

import { SHARED_EXTERNAL } from './universe/material.js';

/** CoinGecko's official OpenAPI description (OpenAPI 3.0), when ../shared/external is beside the checkout. */
const DESCRIPTION = `${SHARED_EXTERNAL}coingecko/demo-api.json`;

export const coinGeckoDescriptionPresent = existsSync(DESCRIPTION);

interface Description {
  paths: Record<
    string,
    { get?: { responses?: Record<string, { content?: Record<string, { schema?: object }> }> } }
  >;
  components: { schemas: Record<string, object> };
}

/**
 * The schema as Coinlens reads it: every figure may also be null. CoinGecko's description marks many figures as
 * plain numbers or strings that Coinlens cannot fill (ICO counts, sentiment votes, a past market cap); the issue
 * that asks for this API says those are null, never invented. Everything else stays as CoinGecko wrote it: the
 * required fields, the types, the shapes of objects and arrays.
 */
function allowingNull(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingNull);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties')
      copy[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, inner]) => [name, allowingNull(inner)]),
      );
    else if (key === 'example' || key === 'examples' || key === 'description' || key.startsWith('x-'))
      continue;
    else copy[key] = allowingNull(value);
  }
  if (typeof copy.type === 'string') copy.nullable = true;
  return copy;
}

/** Points CoinGecko's component references into the one document that holds them here. */
function rebased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebased);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? `coingecko.json${value}` : rebased(value),
    ]),
  );
}

/** The 200 answer's JSON schema of each CoinGecko path (`/coins/{id}` spelled as CoinGecko spells it). */
export function coinGeckoValidators(): Map<string, ValidateFunction> {
  const description = JSON.parse(readFileSync(DESCRIPTION, 'utf8')) as Description;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({
    $id: 'coingecko.json',
    components: { schemas: rebased(allowingNull(description.components.schemas)) },
  });
  const validators = new Map<string, ValidateFunction>();
  for (const [path, item] of Object.entries(description.paths)) {
    const schema = item.get?.responses?.['200']?.content?.['application/json']?.schema;
    if (schema) validators.set(path, ajv.compile(rebased(allowingNull(schema)) as object));
  }
  return validators;
}

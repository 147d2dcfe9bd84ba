import { unescape } from 'node:querystring';

import type { SignedEnvelope } from '@coinlens/contract';

const ENVELOPE_FIELDS = ['data', 'app_id', 'dev_id', 'timestamp', 'v', 'nonce', 'signature'] as const;

/**
 * Field names an answer may repeat back: the envelope's, the upload's and the body itself. Any other name
 * came from the caller and is answered as a fixed word, so no attacker text is echoed in `msg`.
 */
const NAMEABLE_FIELDS: ReadonlySet<string> = new Set([...ENVELOPE_FIELDS, 'body', 'file', 'ext_name']);
const UNNAMED_FIELD = 'field';

/** The name of a form field as an answer may say it: a name the server knows, else a fixed word. */
export function nameableField(name: string): string {
  return NAMEABLE_FIELDS.has(name) ? name : UNNAMED_FIELD;
}

/** A malformed or refused envelope; answered as 50500 naming `field`. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';

  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

/** A body (or one multipart field) over its size limit: HTTP 413. */
export class PayloadTooLarge extends Error {
  override readonly name = 'PayloadTooLarge';
  readonly statusCode = 413;
}

export type EnvelopeFields = Record<string, string>;

const MAX_FIELDS = 32;

/** One name or value of a form body: `+` is a space and `%XX` a byte, malformed escapes kept as written. */
function decodeFormComponent(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  // querystring's unescape decodes byte by byte where decodeURIComponent would throw, as URLSearchParams does.
  return unescape(text.replaceAll('+', ' '));
}

/**
 * Parses an `application/x-www-form-urlencoded` body as URLSearchParams would; a repeated field is refused rather
 * than guessed at. Written out because it runs on every gateway call and URLSearchParams' object and iterator
 * cost more than the decoding itself.
 */
export function parseFormFields(body: string): EnvelopeFields {
  const fields: EnvelopeFields = Object.create(null) as EnvelopeFields;
  let count = 0;
  for (let start = 0; start < body.length;) {
    const ampersand = body.indexOf('&', start);
    const end = ampersand === -1 ? body.length : ampersand;
    if (end > start) {
      if (++count > MAX_FIELDS) throw new EnvelopeError('body', 'too many fields');
      const equals = body.indexOf('=', start);
      const split = equals === -1 || equals > end ? end : equals;
      const key = decodeFormComponent(body.slice(start, split));
      if (key in fields) throw new EnvelopeError(nameableField(key), 'repeated field');
      fields[key] = split === end ? '' : decodeFormComponent(body.slice(split + 1, end));
    }
    start = end + 1;
  }
  return fields;
}

/**
 * Whether `body` is what parseFormFields answered: the only body of the gateway without a prototype (a JSON
 * body always has one), so it needs no second reading.
 */
function isParsedForm(body: object): body is EnvelopeFields {
  return Object.getPrototypeOf(body) === null;
}

/** Reads the envelope of a JSON body (non-POST methods): an object of string (or number) fields. */
export function jsonEnvelopeFields(body: unknown): EnvelopeFields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new EnvelopeError('body', 'expected an object of envelope fields');
  }
  const fields: EnvelopeFields = Object.create(null) as EnvelopeFields;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) fields[key] = String(value);
    else throw new EnvelopeError(nameableField(key), 'must be a string');
  }
  return fields;
}

/** The envelope of a request body: a form body as parseFormFields answered it, a JSON body read by jsonEnvelopeFields. */
export function bodyEnvelopeFields(body: unknown): EnvelopeFields {
  return typeof body === 'object' && body !== null && isParsedForm(body) ? body : jsonEnvelopeFields(body);
}

/** Reads a query string envelope (GET); repeated keys are refused like in a form body. */
export function queryEnvelopeFields(rawQuery: string): EnvelopeFields {
  return parseFormFields(rawQuery);
}

export function requireEnvelope(fields: EnvelopeFields): SignedEnvelope {
  for (const name of ENVELOPE_FIELDS) {
    if (typeof fields[name] !== 'string') throw new EnvelopeError(name, 'required');
  }
  return fields as unknown as SignedEnvelope;
}

import { isValidationMessageKey, validationMessage } from '@coinlens/contract';
import type { AppLanguage } from '@coinlens/contract';
import type { z } from 'zod';

import { EnvelopeError } from './envelope.js';
import { schemaIssueMessage } from './schema-issue-messages.js';

/** The value at `path` inside `payload` (undefined where the path does not lead). */
function valueAt(payload: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = payload;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Parses a payload with the procedure's schema; the first problem becomes a 50500 naming its field. */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  payload: unknown,
  language: AppLanguage,
): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'data';
  // The schema's own English text never reaches the caller: a rule's message key, else the problem's kind.
  const detail = issue
    ? isValidationMessageKey(issue.message)
      ? validationMessage(issue.message, language)
      : schemaIssueMessage({ ...issue, input: valueAt(payload, issue.path) }, language)
    : schemaIssueMessage({ code: 'custom' }, language);
  throw new EnvelopeError(field, detail);
}

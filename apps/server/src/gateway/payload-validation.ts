import { isValidationMessageKey, validationMessage } from '@coinlens/contract';
import type { AppLanguage } from '@coinlens/contract';
import type { z } from 'zod';

import { EnvelopeError } from './envelope.js';

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
  const detail = issue
    ? isValidationMessageKey(issue.message)
      ? validationMessage(issue.message, language)
      : issue.message
    : 'invalid';
  throw new EnvelopeError(field, detail);
}

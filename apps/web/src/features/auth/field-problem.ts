import type { ValidationMessageKey } from '@coinlens/contract';

/**
 * What is wrong with a form field: a key of the contract's form rules (translated when shown), or a message the
 * server already wrote in the caller's language (a 50500 naming the field, 40005 on the original password).
 */
export type FieldProblem = ValidationMessageKey | { text: string };

export function serverProblem(text: string): FieldProblem {
  return { text };
}

/** The form field a server failure names (or null), from the form's table of server field names (the contract's keys). */
export function formFieldLookup<F extends string>(
  fieldOfServerField: Readonly<Record<string, F>>,
): (serverField: string) => F | null {
  return (serverField) =>
    Object.hasOwn(fieldOfServerField, serverField) ? (fieldOfServerField[serverField] ?? null) : null;
}

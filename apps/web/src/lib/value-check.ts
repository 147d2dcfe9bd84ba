/**
 * Small checks for untrusted values (browser storage, the URL's query string). They keep zod out of the first
 * load: the app's own storage and routes need only these few shapes.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false };
export type Check<T> = (value: unknown) => Checked<T>;
export type CheckedType<C> = C extends Check<infer T> ? T : never;

const FAILED = { ok: false } as const;
const pass = <T>(value: T): Checked<T> => ({ ok: true, value });

export const text: Check<string> = (value) => (typeof value === 'string' ? pass(value) : FAILED);

export const finiteNumber: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? pass(value) : FAILED;

/** A string or number, kept as a string (ids that servers send either way). */
export const idText: Check<string> = (value) =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
    ? pass(String(value))
    : FAILED;

export function oneOf<const T extends readonly unknown[]>(values: T): Check<T[number]> {
  return (value) => (values.includes(value) ? pass(value as T[number]) : FAILED);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => (value === null ? pass(null) : check(value));
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return FAILED;
    const items: T[] = [];
    for (const item of value) {
      const checked = check(item);
      if (!checked.ok) return FAILED;
      items.push(checked.value);
    }
    return pass(items);
  };
}

export function recordOf<T>(check: Check<T>): Check<Record<string, T>> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAILED;
    const entries: [string, T][] = [];
    for (const [key, item] of Object.entries(value)) {
      const checked = check(item);
      if (!checked.ok) return FAILED;
      entries.push([key, checked.value]);
    }
    return pass(Object.fromEntries(entries));
  };
}

/** An object with exactly these fields checked (unknown fields are dropped). */
export function shape<S extends Record<string, Check<unknown>>>(
  fields: S,
): Check<{ [K in keyof S]: CheckedType<S[K]> }> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAILED;
    const result: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(fields)) {
      const checked = check((value as Record<string, unknown>)[key]);
      if (!checked.ok) return FAILED;
      if (checked.value !== undefined) result[key] = checked.value;
    }
    return pass(result as { [K in keyof S]: CheckedType<S[K]> });
  };
}

/** A trimmed, non-empty string, or absent: never fails (a bad query parameter reads as missing). */
export const optionalText: Check<string | undefined> = (value) =>
  pass(typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** One of `values`, or absent: never fails. */
export function optionalChoice<const T extends readonly string[]>(values: T): Check<T[number] | undefined> {
  return (value) => pass(values.includes(value as string) ? (value as T[number]) : undefined);
}

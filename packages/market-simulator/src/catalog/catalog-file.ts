/**
 * Reads one JSON file of the authored catalogue and validates it. The files live in the package's `catalog/`
 * folder, two levels above this module both in `src/catalog/` and in `dist/catalog/`.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

const CATALOG_DIR = new URL('../../catalog/', import.meta.url);

/** A catalogue file that is not JSON or does not match its schema: names the file and the bad field. */
export class CatalogFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`simulator catalogue ${file}: ${detail}`);
    this.name = 'CatalogFileError';
  }
}

/** The contents of `catalog/<file>`, checked against `schema`. */
export function loadCatalogFile<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  return parseCatalogFile(file, readFileSync(new URL(file, CATALOG_DIR), 'utf8'), schema);
}

export function parseCatalogFile<S extends z.ZodType>(file: string, text: string, schema: S): z.output<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(file, error instanceof Error ? error.message : String(error));
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new CatalogFileError(file, `${fieldPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
  }
  // zod rebuilds objects in its schema's key order; the file's own order is what profiles (links, names) carry
  // on to clients, so the checked input is answered. The schemas transform nothing: both hold the same values.
  return data as z.output<S>;
}

/** `[12].links.website` */
function fieldPath(path: readonly PropertyKey[]): string {
  const text = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return text.startsWith('.') ? text.slice(1) : text || '(root)';
}

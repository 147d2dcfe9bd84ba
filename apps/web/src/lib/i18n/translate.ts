import type catalog from '@/locales/en.json';

/** A language's strings: every catalog has the English one's shape (i18n.test.ts). */
export type Catalog = typeof catalog;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every dotted path to a string in the catalog, plural forms (`coins_one`, `coins_other`) under their base key. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = KeysOf<Catalog>;

/** Values for `{{name}}` placeholders; `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, string | number | undefined>>;

export interface TFunction {
  (key: TranslationKey, values?: TranslationValues): string;
  /** A key built from data the server may extend (an issue type …): `defaultValue` when the catalog lacks it. */
  (key: string, values: TranslationValues & { defaultValue: string }): string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(catalog: unknown, path: string): unknown {
  let node = catalog;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * The string for `key` in `catalog`: with `count`, the form the language's plural rules choose (`key_one`,
 * `key_other` …, falling back to `key_other`, then `key`); placeholders filled from `values`. A key the catalog
 * lacks answers `values.defaultValue`, else itself, so a gap shows as a key rather than as nothing.
 */
export function translate(
  catalog: unknown,
  pluralRules: Pick<Intl.PluralRules, 'select'>,
  key: string,
  values?: TranslationValues,
): string {
  const count = values?.count;
  let text: unknown;
  if (typeof count === 'number') {
    text = lookup(catalog, `${key}_${pluralRules.select(count)}`) ?? lookup(catalog, `${key}_other`);
  }
  text ??= lookup(catalog, key);
  if (typeof text === 'string') return interpolate(text, values);
  return typeof values?.defaultValue === 'string' ? values.defaultValue : key;
}

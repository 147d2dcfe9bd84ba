/** The three languages of the product (decision D15). */
export const APP_LANGUAGES = ['zh-Hans', 'en', 'vi'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

export const API_LANGUAGES = ['zh', 'en', 'vi'] as const;
export type ApiLanguage = (typeof API_LANGUAGES)[number];

export interface LanguageEntry {
  lang: AppLanguage;
  apilang: ApiLanguage;
  name: string;
}

export const LANGUAGE_ENTRIES: readonly LanguageEntry[] = [
  { lang: 'zh-Hans', apilang: 'zh', name: '简体中文' },
  { lang: 'en', apilang: 'en', name: 'English' },
  { lang: 'vi', apilang: 'vi', name: 'Tiếng Việt' },
];

/** The spec's fallback locale for missing translations. */
export const FALLBACK_LANGUAGE: AppLanguage = 'zh-Hans';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);
}

export function toApiLanguage(lang: AppLanguage): ApiLanguage {
  return LANGUAGE_ENTRIES.find((entry) => entry.lang === lang)?.apilang ?? 'en';
}

/**
 * Maps any language tag (a device language, an Accept-Language item, an api language) to one of ours:
 * every Chinese tag → zh-Hans, en* → en, vi* → vi, and null for anything else so callers pick their default.
 */
export function matchLanguageTag(tag: string | null | undefined): AppLanguage | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  switch (primary) {
    case 'zh':
      return 'zh-Hans';
    case 'en':
      return 'en';
    case 'vi':
      return 'vi';
    default:
      return null;
  }
}

/** Picks the first supported language of an Accept-Language header, honouring q-values. */
export function matchAcceptLanguage(header: string | null | undefined): AppLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((item) => item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const item of ranked) {
    const match = matchLanguageTag(item.tag);
    if (match) return match;
  }
  return null;
}

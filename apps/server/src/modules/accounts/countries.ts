import { createRequire } from 'node:module';

import type { AppLanguage } from '@coinlens/contract';
import countries from 'i18n-iso-countries';
import type { LocaleData } from 'i18n-iso-countries';

// The maintained ISO 3166 data package, with its own en, vi and zh name tables.
const require = createRequire(import.meta.url);
for (const locale of ['en', 'vi', 'zh'])
  countries.registerLocale(require(`i18n-iso-countries/langs/${locale}.json`) as LocaleData);

const PACKAGE_LOCALE: Readonly<Record<AppLanguage, string>> = { en: 'en', vi: 'vi', 'zh-Hans': 'zh' };
const COLLATOR_LOCALE: Readonly<Record<AppLanguage, string>> = {
  en: 'en',
  vi: 'vi',
  'zh-Hans': 'zh-Hans-u-co-pinyin',
};

const cache = new Map<AppLanguage, readonly { code: string; name: string }[]>();

/** Every ISO country with its name in `language`, in that language's alphabetical order. */
export function countryList(language: AppLanguage): readonly { code: string; name: string }[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = countries.getNames(PACKAGE_LOCALE[language], { select: 'official' });
  const collator = new Intl.Collator(COLLATOR_LOCALE[language]);
  const list = Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

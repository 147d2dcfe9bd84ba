import { matchLanguageTag, toApiLanguage, type ApiLanguage, type AppLanguage } from '@coinlens/contract';

import { readStored, writeStored } from '../storage';
import type { Catalog } from './translate';
import { translator } from './translator';

export type { Catalog, TFunction, TranslationKey } from './translate';
export { translator } from './translator';
export { useTranslation } from './use-translation';

/** Each locale is its own chunk, fetched when first needed (ARCHITECTURE "Web app"). */
const catalogLoaders: Record<AppLanguage, () => Promise<{ default: Catalog }>> = {
  en: () => import('@/locales/en.json'),
  vi: () => import('@/locales/vi.json'),
  'zh-Hans': () => import('@/locales/zh-Hans.json'),
};

export function loadCatalog(lang: AppLanguage): Promise<Catalog> {
  return catalogLoaders[lang]().then((module) => module.default);
}

/**
 * Initial language: the stored choice, else the device language — any Chinese → zh-Hans, en → en,
 * vi → vi — taking the first supported entry of the device's list, and en when none is supported.
 */
export function detectLanguage(stored: AppLanguage | null, deviceLanguages: readonly string[]): AppLanguage {
  if (stored) return stored;
  for (const tag of deviceLanguages) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  return 'en';
}

function deviceLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** Loads `lang`'s catalog and makes it current; <html lang> follows. */
async function applyLanguage(lang: AppLanguage): Promise<void> {
  const catalog = await loadCatalog(lang);
  translator.use(lang, catalog);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

let initialising: Promise<void> | null = null;

/** Starts with the initial language and waits for its catalog. */
export function initI18n(): Promise<void> {
  initialising ??= applyLanguage(detectLanguage(readStored('language'), deviceLanguages()));
  return initialising;
}

export function currentLanguage(): AppLanguage {
  return translator.language;
}

export function currentApiLanguage(): ApiLanguage {
  return toApiLanguage(currentLanguage());
}

/** The language page's choice: persisted, then applied at once. */
export async function changeAppLanguage(lang: AppLanguage): Promise<void> {
  writeStored('language', lang);
  await applyLanguage(lang);
}

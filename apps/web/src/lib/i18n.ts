import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import {
  FALLBACK_LANGUAGE,
  isAppLanguage,
  matchLanguageTag,
  toApiLanguage,
  type ApiLanguage,
  type AppLanguage,
} from '@coinlens/contract';

import type catalog from '../locales/en.json';
import { readStored, writeStored } from './storage';

export type Catalog = typeof catalog;

/** Each locale is its own chunk, fetched when first needed (ARCHITECTURE "Web app"). */
const catalogLoaders: Record<AppLanguage, () => Promise<{ default: Catalog }>> = {
  en: () => import('../locales/en.json'),
  vi: () => import('../locales/vi.json'),
  'zh-Hans': () => import('../locales/zh-Hans.json'),
};

export function loadCatalog(lang: AppLanguage): Promise<Catalog> {
  return catalogLoaders[lang]().then((module) => module.default);
}

const lazyCatalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isAppLanguage(language)) {
      callback(null, {});
      return;
    }
    loadCatalog(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Initial language (spec §4): the stored choice, else the device language — any Chinese → zh-Hans, en → en,
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

function syncDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

let initialising: Promise<typeof i18next> | null = null;

/** Starts i18next with the initial language and waits for its catalog. */
export function initI18n(): Promise<typeof i18next> {
  initialising ??= (async () => {
    const language = detectLanguage(readStored('language'), deviceLanguages());
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next
      .use(lazyCatalogBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        // Every catalog has the same keys (i18n.test.ts), so no second catalog is fetched as a fallback.
        fallbackLng: false,
        supportedLngs: ['zh-Hans', 'en', 'vi'],
        load: 'currentOnly',
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
        react: { useSuspense: false },
      });
    syncDocumentLanguage(language);
    return i18next;
  })();
  return initialising;
}

export function currentLanguage(): AppLanguage {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isAppLanguage(lang) ? lang : FALLBACK_LANGUAGE;
}

export function currentApiLanguage(): ApiLanguage {
  return toApiLanguage(currentLanguage());
}

/** The language page's choice: persisted, then applied at once. */
export async function changeAppLanguage(lang: AppLanguage): Promise<void> {
  writeStored('language', lang);
  await i18next.changeLanguage(lang);
}

export { i18next };

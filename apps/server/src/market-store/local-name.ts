import type { AppLanguage } from '@coinlens/contract';

/** A coin's or exchange's name in the caller's language, its own name where none is known. */
export function localName(
  names: { 'zh-Hans'?: string; vi?: string },
  fallback: string,
  language: AppLanguage,
): string {
  if (language === 'en') return fallback;
  return names[language] ?? fallback;
}

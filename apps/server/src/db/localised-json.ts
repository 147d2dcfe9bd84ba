import { APP_LANGUAGES, type AppLanguage } from '@coinlens/contract';

/** Texts in some of the app languages; an item from a feed has one, generated items have all three. */
export type PartialLocalised = Partial<Record<AppLanguage, string>>;

export function encodeLocalised(texts: PartialLocalised): string {
  const present: PartialLocalised = {};
  for (const language of APP_LANGUAGES) {
    const text = texts[language];
    if (text !== undefined && text !== '') present[language] = text;
  }
  return JSON.stringify(present);
}

export function decodeLocalised(json: string): PartialLocalised {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object') return {};
    const texts: PartialLocalised = {};
    for (const language of APP_LANGUAGES) {
      const value = (parsed as Record<string, unknown>)[language];
      if (typeof value === 'string') texts[language] = value;
    }
    return texts;
  } catch {
    return {};
  }
}

/** The caller's language, else English, else whichever language the item has. */
export function pickLanguage(texts: PartialLocalised, language: AppLanguage): string {
  return texts[language] ?? texts.en ?? APP_LANGUAGES.map((each) => texts[each]).find(Boolean) ?? '';
}

export function localisedText(json: string, language: AppLanguage): string {
  return pickLanguage(decodeLocalised(json), language);
}

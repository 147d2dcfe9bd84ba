import type { AppLanguage } from '@coinlens/contract';

import { FALLBACK_LANGUAGE } from '@coinlens/contract';

import { translate, type Catalog, type TFunction } from './translate';

type Listener = (language: AppLanguage) => void;

/**
 * The app's one translator: the current language with its catalog, and who to tell when it changes. A new
 * `t` is made on every change, so components that memoise on `t` render again in the new language.
 */
class Translator {
  private current: AppLanguage | null = null;
  private readonly listeners = new Set<Listener>();
  private translateFn: TFunction = (key) => key;

  /** The current language; the fallback until the first catalog arrives. */
  get language(): AppLanguage {
    return this.current ?? FALLBACK_LANGUAGE;
  }

  /** Translates in the current language; before the first catalog arrives, every key answers itself. */
  get t(): TFunction {
    return this.translateFn;
  }

  use(language: AppLanguage, catalog: Catalog): void {
    this.current = language;
    // Made on the first plural: ICU's plural data costs the first screen a few milliseconds it rarely needs.
    let rules: Intl.PluralRules | undefined;
    const pluralRules = {
      select: (count: number) => (rules ??= new Intl.PluralRules(language)).select(count),
    };
    this.translateFn = (key, values) => translate(catalog, pluralRules, key, values);
    for (const listener of [...this.listeners]) listener(language);
  }

  /** Calls `listener` after every change of language; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const translator = new Translator();

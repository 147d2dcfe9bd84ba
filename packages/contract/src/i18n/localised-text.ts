import type { AppLanguage } from './languages.js';

/** One value per app language; every message table of the contract has this shape. */
export type Localised<T> = Readonly<Record<AppLanguage, T>>;

/** A text in the three app languages. */
export type LocalisedText = Localised<string>;

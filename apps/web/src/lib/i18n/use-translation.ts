import { useSyncExternalStore } from 'react';

import type { AppLanguage } from '@coinlens/contract';

import type { TFunction } from './translate';
import { translator } from './translator';

const subscribe = (onChange: () => void) => translator.subscribe(onChange);
const currentT = () => translator.t;

/** `t` in the current language, and the language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; language: AppLanguage } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return { t, language: translator.language };
}

import type { AppLanguage } from '@coinlens/contract';

import { useTranslation } from './i18n';

/** The app language, re-rendering the caller when it changes. */
export function useDisplayLanguage(): AppLanguage {
  return useTranslation().language;
}

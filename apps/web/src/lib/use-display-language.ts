import { FALLBACK_LANGUAGE, isAppLanguage, type AppLanguage } from '@coinlens/contract';
import { useTranslation } from 'react-i18next';

/** The app language, re-rendering the caller when it changes. */
export function useDisplayLanguage(): AppLanguage {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isAppLanguage(language) ? language : FALLBACK_LANGUAGE;
}

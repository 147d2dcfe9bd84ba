import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useState } from 'react';

import type { AppLanguage } from '@coinlens/contract';

export type AntdLocale = typeof enUS;

/** English ships with the first load; Vietnamese and Chinese texts of antd's own widgets load on demand. */
const loaders: Record<AppLanguage, () => Promise<AntdLocale>> = {
  en: () => Promise.resolve(enUS),
  vi: () => import('antd-mobile/es/locales/vi-VN').then((module) => module.default),
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN').then((module) => module.default),
};

/**
 * antd's locale for the language: English at once, the others once loaded. Imperative Dialog/Toast render
 * outside the React tree, so the default config follows too.
 */
export function useAntdLocale(language: AppLanguage): AntdLocale {
  const [locale, setLocale] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let current = true;
    void loaders[language]().then((loaded) => {
      if (!current) return;
      setLocale(loaded);
      setDefaultConfig({ locale: loaded });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

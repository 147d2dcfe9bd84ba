import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';

import type { AppLanguage } from '@coinlens/contract';

const locales = { en: enUS, vi: viVN, 'zh-Hans': zhCN } as const;

export type AntdLocale = (typeof locales)[AppLanguage];

export function antdLocale(lang: AppLanguage): AntdLocale {
  return locales[lang];
}

/** Imperative Dialog/Toast render outside the React tree, so the default config follows the language too. */
export function applyAntdLocale(lang: AppLanguage): void {
  setDefaultConfig({ locale: locales[lang] });
}

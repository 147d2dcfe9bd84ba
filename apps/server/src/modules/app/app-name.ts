import type { LocalisedText } from '@coinlens/contract';

/** The app's name in each language (币镜 in Chinese): mail, app_config, and the source of the app's own flashes. */
export const APP_NAME: LocalisedText = {
  en: 'Coinlens',
  vi: 'Coinlens',
  'zh-Hans': '币镜',
};

import 'i18next';

import type catalog from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof catalog };
    returnNull: false;
  }
}

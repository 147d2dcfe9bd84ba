import 'antd-mobile/es/global';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { setupAntdMobile } from '../lib/antd-setup';
import { initI18n } from '../lib/i18n';

// Toast and Dialog render through React 19 roots, as in the app.
setupAntdMobile();

// Tests see the English catalog (jsdom's navigator.languages is en-US).
beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

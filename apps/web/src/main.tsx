import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import 'antd-mobile/es/global';
import './styles/global.css';

import { App } from './app/App';
import { preloadTabPages } from './app/routes';
import { createAppRouter } from './app/router';
import { installSessionRefresher } from './features/auth/session-refresher';
import { registerDeepLinkProtocol } from './features/share/protocol-handler';
import { initI18n } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { queryClient } from './lib/query-client';
import { useSettingsStore } from './lib/settings-store';
import { applyTheme, applyUpDownColors } from './lib/theme';
import { whenIdle } from './lib/when-idle';

async function start(): Promise<void> {
  // antd's imperative Toast/Dialog renderer is only needed once one opens: set it up beside the first load.
  void import('./lib/antd-setup').then(({ setupAntdMobile }) => setupAntdMobile());
  // Before the first call: an expired access token (1003) is renewed, not treated as the end of the session.
  installSessionRefresher();
  captureInstallPrompt();
  registerDeepLinkProtocol();
  const { theme, upDown } = useSettingsStore.getState();
  applyTheme(theme);
  applyUpDownColors(upDown);
  await initI18n();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition lets React render the first screen in slices, yielding to the browser between them,
  // instead of one long task (the launch screen stays until it commits).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
  // Fetch the other tabs' chunks once the browser is idle, so switching tabs is instant.
  whenIdle(preloadTabPages);
}

void start();

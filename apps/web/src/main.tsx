import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import 'antd-mobile/es/global';
import './styles/global.css';

import { App } from './app/App';
import { preloadTabPages } from './app/routes';
import { prefetchFirstScreen } from './app/first-screen-data';
import { createAppRouter } from './app/router';
import { installSessionRefresher } from './features/auth/session-refresher';
import { registerDeepLinkProtocol } from './features/share/protocol-handler';
import { initI18n } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { queryClient } from './lib/query-client';
import { useSettingsStore } from './lib/settings-store';
import { applyTheme, applyUpDownColors } from './lib/theme';
import { whenIdle } from './lib/when-idle';
import { yieldToBrowser } from './lib/yield-to-browser';

/** How long the other tabs' code waits for a first touch before it loads anyway. */
const TAB_PRELOAD_FALLBACK_MS = 15_000;

/**
 * The other tabs' chunks, so switching tabs is instant — loaded at the first touch or key (the finger is on its
 * way to a tab), or once idle after TAB_PRELOAD_FALLBACK_MS, but not while the first screen and its first ticks
 * compete for a slow phone's main thread.
 */
function preloadTabPagesLater(): void {
  let done = false;
  const preload = () => {
    if (done) return;
    done = true;
    window.removeEventListener('pointerdown', preload, true);
    window.removeEventListener('keydown', preload, true);
    preloadTabPages();
  };
  window.addEventListener('pointerdown', preload, true);
  window.addEventListener('keydown', preload, true);
  window.setTimeout(() => whenIdle(preload), TAB_PRELOAD_FALLBACK_MS);
}

async function start(): Promise<void> {
  // antd's imperative Toast/Dialog renderer: set up beside the first load, not when idle — a Toast or Dialog
  // can open before the page is first idle, and without it antd renders nothing (the watch-list editor's e2e
  // tests caught that).
  void import('./lib/antd-setup').then(
    ({ setupAntdMobile }) => setupAntdMobile(),
    () => undefined,
  );
  // Before the first call: an expired access token (1003) is renewed, not treated as the end of the session.
  installSessionRefresher();
  captureInstallPrompt();
  registerDeepLinkProtocol();
  const { theme, upDown } = useSettingsStore.getState();
  applyTheme(theme);
  applyUpDownColors(upDown);
  await initI18n();
  // The Markets tab's data is asked for now (in the language just set up), beside its code, not once its
  // components mount.
  prefetchFirstScreen(queryClient, window.location.hash);
  // Three tasks, not one: the requests are out, then the router is built, then React renders (issue 23).
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
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
  preloadTabPagesLater();
}

// In the task after the entry module's evaluation, not inside it: one long task becomes two (issue 23). The
// gain was within the CPU-time TBT's noise (docs/performance.md); the evaluation itself is parse and compile.
void yieldToBrowser().then(start);

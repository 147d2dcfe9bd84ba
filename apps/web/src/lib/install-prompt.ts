import { create } from 'zustand';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser's deferred prompt, when it offers one. */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const useInstallStore = create<InstallState>(() => ({
  prompt: null,
  installed:
    typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true,
}));

/** Keeps the browser's install prompt for About us' button; must run before the browser fires it (at start). */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ prompt: null, installed: true }));
}

/** Shows the browser's prompt; answers whether the user accepted, or null when there is no prompt to show. */
export async function promptInstall(): Promise<boolean | null> {
  const { prompt } = useInstallStore.getState();
  if (!prompt) return null;
  await prompt.prompt();
  const choice = await prompt.userChoice;
  useInstallStore.setState({ prompt: null });
  return choice.outcome === 'accepted';
}

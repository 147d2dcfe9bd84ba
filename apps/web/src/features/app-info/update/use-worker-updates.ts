import { useEffect } from 'react';

import { registerServiceWorker } from '@/lib/offline/service-worker-registration';
import { checkForWorkerUpdate, followWorkerUpdates } from './follow-worker-updates';

/**
 * Follows the service worker's lifecycle for the update overlay, and looks for a new version whenever the
 * app is shown again and whenever version_check answers (`versionCheckedAt` changes), so a release the
 * server announces and the new build it serves arrive together.
 */
export function useWorkerUpdates(versionCheckedAt: number): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void registerServiceWorker().then((registration) => {
      if (registration && live) stop = followWorkerUpdates(registration);
    });
    const onShown = () => {
      if (document.visibilityState === 'visible') void checkForWorkerUpdate();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      live = false;
      stop?.();
      document.removeEventListener('visibilitychange', onShown);
    };
  }, []);
  useEffect(() => {
    if (versionCheckedAt > 0) void checkForWorkerUpdate();
  }, [versionCheckedAt]);
}

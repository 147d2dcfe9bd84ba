import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

import { listenForPushTaps, registerServiceWorker } from './push-client';
import { PUSH_TAP_DELAY_MS, pushTarget } from './push-target';

/** Registers the service worker and opens what a tapped push points to, 500 ms after the tap (spec §9). */
export function PushTapRouter() {
  const navigate = useNavigate();
  useEffect(() => {
    void registerServiceWorker();
    return listenForPushTaps((data) => {
      const target = pushTarget(data);
      window.setTimeout(
        () => void navigate({ to: target.to, search: target.search as never }),
        PUSH_TAP_DELAY_MS,
      );
    });
  }, [navigate]);
  return null;
}

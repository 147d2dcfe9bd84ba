import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

import { listenForPushTaps, registerServiceWorker } from './push-client';
import { PUSH_TAP_DELAY_MS, pushTarget } from './push-target';

/** Registers the service worker; a tapped push opens its target 500 ms after the tap (decision D27). */
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

import { useEffect } from 'react';

import { rebindPush } from './push-client';
import { rebindPushOnSignIn } from './push-session-binding';

/** Keeps this browser's push subscription bound to whoever signs in here. */
export function PushSessionBinder() {
  useEffect(() => rebindPushOnSignIn(rebindPush), []);
  return null;
}

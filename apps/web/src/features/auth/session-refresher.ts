import { ErrorCode } from '@coinlens/contract';

import { gateway, setSessionRefresher } from '@/lib/gateway/gateway';
import { storeRenewedSession } from './session-tokens';

/**
 * The gateway's session refresher (decision D18): `user_msrv/refresh_token` with the stored tokens in the
 * headers. A new pair is stored and the failed call retried; any other code (1000 and the like) means the session
 * is over, and the gateway then runs its session-expired handling. Transport failures reject, which the gateway
 * also counts as "not renewed".
 */
export async function refreshSession(): Promise<boolean> {
  const answer = await gateway.request('user_msrv/refresh_token', {});
  if (answer.code !== ErrorCode.Success) return false;
  return storeRenewedSession(answer.data);
}

/** Plugs the refresher into the app gateway; called once at start. */
export function installSessionRefresher(): void {
  setSessionRefresher(refreshSession);
}

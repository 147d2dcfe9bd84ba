import { randomUUID } from 'node:crypto';

import { DEV_APP_ID, DEV_APP_SECRET, GatewayHeader, createGatewayClient } from '@coinlens/contract';
import type { BrowserContext } from 'playwright-core';

import { readEmailCode } from './outbox.js';

export interface TestSession {
  email: string;
  deviceId: string;
  user: {
    AccessToken: string;
    RefreshToken: string;
    uid: number;
    authorInfo: { nickname: string; uid: number };
  };
}

let counter = 0;

/** An address of its own for each sign-up, counted as such by an app that trusts X-Forwarded-For (the shared one). */
function signUpAddress(): string {
  return `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/**
 * Registers a fresh user through the real gateway (email code from the dev outbox), for tests whose subject
 * is not the sign-up screens themselves. The device id is the one the browser will present; the sign-up comes
 * from an address of its own, so the run's sign-ups on the shared app never meet the code limit per address.
 */
export async function signUpUser(baseUrl: string): Promise<TestSession> {
  counter += 1;
  // Test files run in parallel, each with its own counter: the time and the counter alone can repeat across files,
  // and two sign-ups of one address each get a code (one of them then registers with the other's).
  const email = `e2e-${Date.now()}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const deviceId = randomUUID();
  const address = signUpAddress();
  const client = createGatewayClient({
    baseUrl,
    appId: DEV_APP_ID,
    appSecret: DEV_APP_SECRET,
    headers: () => ({ [GatewayHeader.deviceId]: deviceId, 'x-forwarded-for': address }),
  });
  await client.call('user_msrv/captcha', { email, purpose: 'register' });
  const code = await readEmailCode(baseUrl, email);
  const password = 'Coinlens-e2e-1';
  const tokens = await client.call('user_msrv/register', {
    email,
    code,
    password,
    repeat_password: password,
    country: 'SG',
    nickname: `e2e${counter}`,
    agreement: true,
  });
  const { AccessToken, RefreshToken, uid, authorInfo } = tokens;
  return { email, deviceId, user: { AccessToken, RefreshToken, uid, authorInfo } };
}

/** Makes every page of the context start signed in as `session` (the app's stored user and device id). */
export async function signInContext(context: BrowserContext, session: TestSession): Promise<void> {
  await context.addInitScript(
    ({ user, deviceId }) => {
      if (localStorage.getItem('coinlens_user') === null) {
        localStorage.setItem('coinlens_user', JSON.stringify(user));
        localStorage.setItem('coinlens_login_time', JSON.stringify(Date.now()));
      }
      localStorage.setItem('coinlens_device_id', deviceId);
    },
    { user: session.user, deviceId: session.deviceId },
  );
}

/** A gateway client signed in as `session`, to set up server state (watch lists …) a test starts from. */
export function sessionClient(baseUrl: string, session: TestSession) {
  return createGatewayClient({
    baseUrl,
    appId: DEV_APP_ID,
    appSecret: DEV_APP_SECRET,
    headers: () => ({
      [GatewayHeader.deviceId]: session.deviceId,
      [GatewayHeader.accessToken]: session.user.AccessToken,
    }),
  });
}

import { randomUUID } from 'node:crypto';

import { DEV_APP_ID, DEV_APP_SECRET, GatewayHeader, createGatewayClient } from '@coinlens/contract';

/** A gateway client of a visitor (no session), to read the ids and names a test then opens in the browser. */
export function visitorClient(baseUrl: string) {
  const deviceId = randomUUID();
  return createGatewayClient({
    baseUrl,
    appId: DEV_APP_ID,
    appSecret: DEV_APP_SECRET,
    headers: () => ({ [GatewayHeader.deviceId]: deviceId }),
  });
}

/** Polls `read` until it answers something other than undefined (content that a job publishes after start). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

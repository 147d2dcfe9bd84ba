import { procedurePath } from '@coinlens/contract';
import { afterEach, describe, expect, it } from 'vitest';

import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** app_config called with a Host header of the caller's choosing (a proxy passing it on, or a raw request). */
async function websiteSeenWithHost(server: TestServer, host: string): Promise<unknown> {
  const answer = await server.built.app.inject({
    method: 'POST',
    url: procedurePath('appsys_msrv/app_config'),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(server.sign({})).toString(),
  });
  const body = answer.json<{ code: number; data: { website: string } }>();
  expect(body.code).toBe(0);
  return body.data.website;
}

describe('app_config.website', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('is the configured APP_WEBSITE whatever Host the caller sends', async () => {
    server = await startTestServer({ APP_WEBSITE: 'https://coinlens.example' });
    expect(await websiteSeenWithHost(server, 'evil.example')).toBe('https://coinlens.example');
  });

  it("without APP_WEBSITE is the server's own address, never the caller's Host", async () => {
    server = await startTestServer({ HOST: '127.0.0.1', PORT: '8123' });
    expect(await websiteSeenWithHost(server, 'evil.example')).toBe('http://127.0.0.1:8123');
    expect(await websiteSeenWithHost(server, 'phish.example:443')).toBe('http://127.0.0.1:8123');
  });
});

import { once } from 'node:events';
import { connect } from 'node:net';

import { ErrorCode } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { eventsOf, LiveClient } from './support/live-client.js';
import { readRaw, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const PARTNER = 'https://partner.example';

/** Opens the live socket with `headers` on the upgrade: the HTTP status it was refused with, or 101. */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('cross-site form posts and socket upgrades (issue 35, findings 2 and 9)', () => {
  let server: TestServer;
  let socketUrl: string;
  let ownOrigin: string;

  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_ORIGINS: PARTNER });
    socketUrl = `${server.baseUrl.replace('http', 'ws')}/gwapi/ws`;
    ownOrigin = server.baseUrl;
  });
  afterAll(() => server.close());

  const appConfig = (headers: Record<string, string>) =>
    server.postForm('appsys_msrv/app_config', server.sign({}), headers);

  it('refuses a form post whose Origin is another site, or null, with 403 and code 1006', async () => {
    for (const origin of ['https://evil.example', 'null', `${ownOrigin}.evil.example`]) {
      const answer = await appConfig({ origin, lang: 'en' });
      expect(answer.status, origin).toBe(403);
      expect(answer.json, origin).toEqual({
        code: ErrorCode.PermissionDenied,
        msg: 'Permission denied',
        data: { reason: 'cross_site' },
      });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses a post without Origin that the browser marks cross-site', async () => {
    const answer = await appConfig({ 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(answer.json?.code).toBe(ErrorCode.PermissionDenied);
  });

  it('answers posts from our own origin, an allow-listed one, and clients that send neither header', async () => {
    const headerSets: Record<string, string>[] = [
      { origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
      { origin: PARTNER, 'sec-fetch-site': 'cross-site' },
      {},
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of headerSets) {
      const answer = await appConfig(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.json?.code, JSON.stringify(headers)).toBe(ErrorCode.Success);
    }
  });

  it('refuses a cross-site multipart upload before reading it', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(server.sign({}))) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(16)], { type: 'image/png' }), 'a.png');
    const answer = await readRaw(
      await fetch(`${server.baseUrl}/gwapi/alibase64upload`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        body: form,
      }),
    );
    expect(answer.status).toBe(403);
    expect(answer.json?.code).toBe(ErrorCode.PermissionDenied);
  });

  it('lets reads from anywhere through: a cross-site GET is not refused', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  it('closes the connection of a refused upgrade, which Node no longer closes itself', async () => {
    const { hostname, host, port } = new URL(server.baseUrl);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.write(
      [
        'GET /gwapi/ws HTTP/1.1',
        `Host: ${host}`,
        'Connection: keep-alive, Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Origin: https://evil.example',
        '',
        '',
      ].join('\r\n'),
    );
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('refuses a live socket upgrade from another origin, and opens it for ours, the allow-list and native clients', async () => {
    expect(await upgradeStatus(socketUrl, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(socketUrl, { origin: 'null' })).toBe(403);
    expect(await upgradeStatus(socketUrl, { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await upgradeStatus(socketUrl, { origin: ownOrigin })).toBe(101);
    expect(await upgradeStatus(socketUrl, { origin: PARTNER })).toBe(101);

    const native = await LiveClient.connect(socketUrl);
    try {
      native.send({ op: 'ping' });
      expect(eventsOf(await native.next(), 'heartbeat')).toHaveLength(1);
    } finally {
      native.close();
    }
  });
});

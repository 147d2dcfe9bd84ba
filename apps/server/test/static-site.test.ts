import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** A raw GET (fetch would decode the body and hide the encoding). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the served web app', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'coinlens-web-'));
  let server: TestServer;

  beforeAll(async () => {
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Coinlens</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer({
      WEB_DIST_DIR: webDir,
      APP_ID: 'coinlens-prod',
      APP_SECRET: 'a-production-secret',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('hands the app the server’s signing pair in index.html, in every encoding', async () => {
    const expected =
      '<meta name="coinlens-config" content="{&quot;app_id&quot;:&quot;coinlens-prod&quot;,&quot;app_secret&quot;:&quot;a-production-secret&quot;,&quot;frame_origins&quot;:[]}">';
    const plain = await rawGet(`${server.baseUrl}/`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toContain(expected);
    const br = await rawGet(`${server.baseUrl}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain(expected);
    const gzip = await rawGet(`${server.baseUrl}/index.html`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain(expected);
  });

  it('still serves hashed assets as immutable files', async () => {
    const asset = await rawGet(`${server.baseUrl}/assets/app-abc123.js`, {});
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

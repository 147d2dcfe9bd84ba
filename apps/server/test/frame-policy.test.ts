import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config/config.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** The CSP header as directive → sources. */
function policyOf(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe('what the web view may frame and the app may connect to', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'coinlens-web-'));
  let partnered: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    partnered = await startTestServer({
      WEB_DIST_DIR: webDir,
      FRAME_ORIGINS: 'https://partner.example, https://Docs.Partner.example/',
    });
    plain = await startTestServer();
  });
  afterAll(async () => {
    await partnered.close();
    await plain.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('frames only our own origin by default, and connects only to it (same-origin WebSocket included)', async () => {
    const policy = policyOf((await fetch(`${plain.baseUrl}/healthz`)).headers.get('content-security-policy'));
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds the configured partner origins to frame-src, and hands them to the web app', async () => {
    const response = await fetch(`${partnered.baseUrl}/`);
    const policy = policyOf(response.headers.get('content-security-policy'));
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://partner.example',
      'https://docs.partner.example',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    const page = await response.text();
    const content = /<meta name="coinlens-config" content="([^"]*)">/.exec(page)?.[1] ?? '';
    const config = JSON.parse(content.replace(/&quot;/g, '"')) as { frame_origins?: unknown };
    expect(config.frame_origins).toEqual(['https://partner.example', 'https://docs.partner.example']);
  });

  it.each(['http://partner.example', 'https://partner.example/path', 'partner.example', '*'])(
    'refuses FRAME_ORIGINS entry %s: only https origins may be framed',
    (entry) => {
      expect(() => loadConfig({ FRAME_ORIGINS: entry })).toThrow(/FRAME_ORIGINS/);
    },
  );
});

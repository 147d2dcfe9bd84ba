import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditTape } from './support/audit-tapes.js';

import { callAs, registerAccount } from './support/accounts.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the audit as a service (POST /api/v1/audit)', () => {
  let server: TestServer;
  let secret: string;
  let folder: string;

  const post = (body: Uint8Array | string, type: string, key: string | null = secret) =>
    fetch(`${server.baseUrl}/api/v1/audit`, {
      method: 'POST',
      headers: { 'content-type': type, ...(key ? { 'x-cg-demo-api-key': key } : {}) },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer({ OPEN_API_CALLS_PER_MINUTE: '1000' });
    const session = await registerAccount(server, 'auditor@example.org');
    const created = await callAs(
      server,
      'appsys_msrv/api_key_create',
      { label: 'audits' },
      { accessToken: session.AccessToken },
    );
    secret = created.data.secret;
    folder = mkdtempSync(join(tmpdir(), 'coinlens-audit-upload-'));
    mkdirSync(join(folder, 'venues', 'venue-a'), { recursive: true });
    mkdirSync(join(folder, 'venues', 'venue-b'), { recursive: true });
    writeFileSync(join(folder, 'venues', 'venue-a', 'BTC-USD.trades.csv'), auditTape(400));
    writeFileSync(join(folder, 'venues', 'venue-b', 'BTC-USD.trades.csv'), auditTape(300));
  });
  afterAll(() => server.close());

  it('answers what `npm run audit -- <folder> --json` prints, for a gzipped tar and for a zip', async () => {
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'audit', '--', join(folder, 'venues'), '--json'],
      {
        cwd: ROOT,
      },
    );
    const expected = JSON.parse(stdout) as { venues: { id: string }[] };
    expect(expected.venues.map((venue) => venue.id)).toEqual(['venue-a', 'venue-b']);

    await run('tar', ['-czf', join(folder, 'venues.tar.gz'), '-C', folder, 'venues']);
    const tarred = await post(readFileSync(join(folder, 'venues.tar.gz')), 'application/gzip');
    expect(tarred.status).toBe(200);
    expect(tarred.headers.get('cache-control')).toBe('no-store');
    expect(await tarred.json()).toEqual(expected);

    // A zip of the venue folders themselves, without the folder around them.
    const zipped = zipSync({
      'venue-a/BTC-USD.trades.csv': new TextEncoder().encode(auditTape(400)),
      'venue-b/BTC-USD.trades.csv': new TextEncoder().encode(auditTape(300)),
    });
    const fromZip = await post(zipped, 'application/zip');
    expect(fromZip.status).toBe(200);
    expect(await fromZip.json()).toEqual(expected);
  }, 120_000);

  it('refuses a caller without a key, a folder with bad lines, an entry that leaves the folder and what is not an archive', async () => {
    const zipped = zipSync({ 'venue-a/BTC-USD.trades.csv': new TextEncoder().encode(auditTape(50)) });
    const anonymous = await post(zipped, 'application/zip', null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'key_required' });

    const bad = zipSync({
      'venue-b/ETH-USD.trades.csv': new TextEncoder().encode('timestamp_ms,price,amount,side\n1,x,1,buy\n'),
    });
    const badAnswer = await post(bad, 'application/zip');
    expect(badAnswer.status).toBe(400);
    const badBody = (await badAnswer.json()) as { code: string; error: string };
    expect(badBody.code).toBe('invalid_folder');
    expect(badBody.error).toMatch(/^venue-b\/ETH-USD\.trades\.csv:2: price "x"/);

    const escaping = zipSync({ '../outside.csv': new TextEncoder().encode('x') });
    const escapingAnswer = await post(escaping, 'application/zip');
    expect(escapingAnswer.status).toBe(400);
    expect(await escapingAnswer.json()).toMatchObject({ code: 'invalid_archive' });

    const junk = await post('not an archive at all', 'application/octet-stream');
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ code: 'invalid_archive' });

    const wrongType = await post('{}', 'application/json');
    expect(wrongType.status).toBe(415);

    // A page on another site may send an audit (its preflight allows the POST and the key header).
    const preflight = await fetch(`${server.baseUrl}/api/v1/audit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-cg-demo-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  appConfigOutput,
  computeSignature,
  DEV_APP_SECRET,
  GatewayError,
  procedurePath,
  SIGNATURE_WINDOW_SECONDS,
} from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readRaw, startTestServer } from './support/test-server.js';
import type { RawAnswer, TestServer } from './support/test-server.js';

const STACK_TRACE = /\bat .+\(.+:\d+:\d+\)|node:internal|\.ts:\d+/;

function expectCleanRefusal(answer: RawAnswer, code: number, field?: string) {
  expect(answer.status).toBe(200);
  expect(answer.json?.code).toBe(code);
  if (field) expect(answer.json?.msg).toContain(field);
  expect(answer.text).not.toMatch(STACK_TRACE);
}

describe('gateway over real HTTP', () => {
  let clock = Date.now();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
  });
  afterAll(() => server.close());

  it('answers a signed app_config call with code 0 and data matching the contract', async () => {
    const answer = await server.client.request('appsys_msrv/app_config', {});
    expect(answer.code).toBe(0);
    expect(appConfigOutput.parse(answer.data)).toMatchObject({
      app_id: 'coinlens-web',
      app_name: 'Coinlens',
      // The simulated market says so.
      market_source: 'simulator',
    });
  });

  it('answers msg and localised data in the caller language: __dlang__, then Lang, then Accept-Language', async () => {
    const zh = await server.client.request('appsys_msrv/app_config', {}, { headers: { Lang: 'zh' } });
    expect(zh.data.app_name).toBe('币镜');
    const vi = await server.postForm('appsys_msrv/app_config', server.sign({ __dlang__: 'vi' }), {
      Lang: 'zh',
    });
    const zhMsg = zh.msg;
    expect(vi.json?.code).toBe(0);
    expect(vi.json?.msg).not.toBe(zhMsg);
    const accept = await server.client.request(
      'appsys_msrv/app_config',
      {},
      { headers: { 'Accept-Language': 'vi-VN,vi;q=0.9' } },
    );
    expect(accept.msg).toBe(vi.json?.msg);
  });

  it('throws a typed GatewayError from call() for a non-zero code', async () => {
    const error: unknown = await server.client
      // @ts-expect-error -- deliberately invalid payload
      .call('appsys_msrv/version_check', { version_code: 'abc' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe(50500);
    expect((error as GatewayError).message).toContain('version_code');
  });

  it('refuses a wrong signature with 50500 naming the signature', async () => {
    const fields = server.sign({});
    fields.signature = '0'.repeat(32);
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', fields), 50500, 'signature');
  });

  it('refuses tampered data under a valid-looking signature', async () => {
    const fields = server.sign({ platform: 'web' });
    fields.data = JSON.stringify({ platform: 'ios' });
    expectCleanRefusal(await server.postForm('appsys_msrv/version_check', fields), 50500, 'signature');
  });

  it('accepts timestamps at the edge of the 300 s window and refuses one second beyond', async () => {
    const nowSeconds = Math.floor(clock / 1000);
    for (const offset of [-SIGNATURE_WINDOW_SECONDS, SIGNATURE_WINDOW_SECONDS]) {
      const answer = await server.postForm('appsys_msrv/app_config', server.sign({}, nowSeconds + offset));
      expect(answer.json?.code).toBe(0);
    }
    for (const offset of [-SIGNATURE_WINDOW_SECONDS - 1, SIGNATURE_WINDOW_SECONDS + 1]) {
      expectCleanRefusal(
        await server.postForm('appsys_msrv/app_config', server.sign({}, nowSeconds + offset)),
        50500,
        'timestamp',
      );
    }
  });

  it('refuses a replayed request, and still after the clock moves within twice the window', async () => {
    const fields = server.sign({});
    expect((await server.postForm('appsys_msrv/app_config', fields)).json?.code).toBe(0);
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', fields), 50500, 'signature');
    clock += 200_000;
    try {
      expectCleanRefusal(await server.postForm('appsys_msrv/app_config', fields), 50500, 'signature');
    } finally {
      clock -= 200_000;
    }
  });

  /** A correctly signed body with `nonce` replaced (or removed when undefined). */
  function signedWithNonce(nonce: string | undefined, timestamp?: number): Record<string, string> {
    const { signature: _signature, nonce: _nonce, ...rest } = server.sign({}, timestamp);
    const unsigned: Record<string, string> = nonce === undefined ? rest : { ...rest, nonce };
    return { ...unsigned, signature: computeSignature(unsigned, DEV_APP_SECRET) };
  }

  it('refuses a call without a nonce, so nobody can pre-burn a predictable call', async () => {
    const second = Math.floor(clock / 1000);
    // The attacker knows the public secret and sends the nonce-less call of a future second first.
    const preBurned = signedWithNonce(undefined, second + 60);
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', preBurned), 50500, 'nonce');
    // A client's call of that second carries its own random nonce and goes through.
    const real = server.sign({}, second + 60);
    expect((await server.postForm('appsys_msrv/app_config', real)).json?.code).toBe(0);
  });

  it.each([
    ['too short', 'abc123'],
    ['too long', 'a'.repeat(65)],
    ['outside the alphabet', 'nonce with spaces!!'],
    ['empty', ''],
  ])('refuses a nonce that is %s', async (_label, nonce) => {
    expectCleanRefusal(
      await server.postForm('appsys_msrv/app_config', signedWithNonce(nonce)),
      50500,
      'nonce',
    );
  });

  it('accepts two identical calls in one second through their nonces', async () => {
    const second = Math.floor(clock / 1000);
    for (const nonce of ['0123456789abcdef', '0123456789abcdeg']) {
      expect(
        (await server.postForm('appsys_msrv/app_config', signedWithNonce(nonce, second))).json?.code,
      ).toBe(0);
    }
  });

  it('scripts/gw-call.mjs, the protocol example, can make the same call twice in a row', async () => {
    const script = fileURLToPath(new URL('../../../scripts/gw-call.mjs', import.meta.url));
    const call = () =>
      promisify(execFile)(process.execPath, [script, 'appsys_msrv/app_config', '{}'], {
        env: { ...process.env, GW_BASE: server.baseUrl },
      });
    for (const { stdout } of [await call(), await call()]) {
      expect(stdout).toMatch(/^HTTP 200/);
      expect(stdout).toContain('"code": 0');
    }
  });

  it('does not let a forged request burn a genuine signature', async () => {
    const genuine = server.sign({});
    const forged = { ...genuine, data: '{"x":1}' };
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', forged), 50500, 'signature');
    expect((await server.postForm('appsys_msrv/app_config', genuine)).json?.code).toBe(0);
  });

  it.each([
    ['a missing field', (f: Record<string, string>) => ({ ...f, timestamp: undefined }), 'timestamp'],
    ['a wrong app id', (f: Record<string, string>) => ({ ...f, app_id: 'someone-else' }), 'app_id'],
    ['a wrong version', (f: Record<string, string>) => ({ ...f, v: 'v2' }), 'v'],
    ['a non-numeric timestamp', (f: Record<string, string>) => ({ ...f, timestamp: '17e8' }), 'timestamp'],
  ])('refuses %s with 50500 naming the field', async (_label, mutate, field) => {
    const fields = Object.fromEntries(
      Object.entries(mutate(server.sign({}))).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', fields), 50500, field);
  });

  it('refuses a repeated form field instead of guessing which one counts', async () => {
    const body = `${new URLSearchParams(server.sign({})).toString()}&v=v1`;
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', body), 50500, 'v');
  });

  it('answers an over-long procedure name and huge headers in the protocol shape, echoing nothing', async () => {
    const longName = `appsys_msrv/${'x'.repeat(10_000)}`;
    const long = await fetch(`${server.baseUrl}/gwapi/v1/${longName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', Lang: 'zh' },
      body: new URLSearchParams(server.sign({})).toString(),
    });
    const longText = await long.text();
    expect(long.status).toBe(414);
    expect(JSON.parse(longText)).toEqual({ code: 50500, msg: '请求地址过长', data: null });
    expect(longText).not.toContain('xxxx');

    const huge = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const { port } = new URL(server.baseUrl);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /gwapi/v1/appsys_msrv/app_config HTTP/1.1\r\nHost: localhost\r\nAccessToken: ${'t'.repeat(100_000)}\r\nContent-Length: 0\r\n\r\n`,
        );
      });
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      socket.on('end', () =>
        resolve({ status: Number(raw.split(' ')[1]), text: raw.slice(raw.indexOf('\r\n\r\n') + 4) }),
      );
      socket.on('error', reject);
    });
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.text)).toEqual({ code: 50500, msg: 'Request headers too large', data: null });
    expect(huge.text).not.toContain('tttt');
  });

  it('never repeats a caller-made field name in the message', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const body = `${new URLSearchParams(server.sign({})).toString()}&${encodeURIComponent(hostile)}=1&${encodeURIComponent(hostile)}=2`;
    const answer = await server.postForm('appsys_msrv/app_config', body);
    expectCleanRefusal(answer, 50500, 'field');
    expect(answer.text).not.toContain('onerror');
    expect(answer.text).not.toContain('<img');
  });

  it('refuses a malformed form body and a wrong content type without a 5xx', async () => {
    expectCleanRefusal(await server.postForm('appsys_msrv/app_config', '%%%&&&==='), 50500);
    const response = await fetch(server.baseUrl + procedurePath('appsys_msrv/app_config'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expectCleanRefusal(await readRaw(response), 50500, 'body');
    const xml = await fetch(server.baseUrl + procedurePath('appsys_msrv/app_config'), {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expectCleanRefusal(await readRaw(xml), 50500, 'content-type');
    const badJson = await fetch(server.baseUrl + procedurePath('appsys_msrv/app_config'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"data": ',
    });
    expectCleanRefusal(await readRaw(badJson), 50500);
  });

  it.each([
    ['not JSON', '{"platform":'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"web"'],
  ])('refuses data that is %s with 50500 naming data', async (_label, data) => {
    const { signature: _signature, ...signed } = server.sign({});
    const unsigned = { ...signed, data };
    const resigned = { ...unsigned, signature: computeSignature(unsigned, DEV_APP_SECRET) };
    expectCleanRefusal(await server.postForm('appsys_msrv/version_check', resigned), 50500, 'data');
  });

  it('refuses an invalid payload with 50500 naming the field', async () => {
    const answer = await server.postForm(
      'appsys_msrv/version_check',
      server.sign({ platform: 'windows-phone' }),
    );
    expectCleanRefusal(answer, 50500, 'platform');
    expect(answer.json?.data).toEqual({ field: 'platform' });
  });

  it('answers 3002 for an unknown procedure and an unknown gateway path', async () => {
    expectCleanRefusal(await server.postForm('appsys_msrv/no_such_thing', server.sign({})), 3002);
    expectCleanRefusal(await server.postForm('nothing', server.sign({})), 3002);
  });

  it('answers 413 with a gateway body for an oversized request', async () => {
    const answer = await server.postForm(
      'appsys_msrv/app_config',
      server.sign({ padding: 'x'.repeat(1_100_000) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.json?.code).toBe(50500);
    expect(answer.text).not.toMatch(STACK_TRACE);
  });

  it('takes the envelope as JSON for non-POST methods and from the query string for GET', async () => {
    const put = await fetch(server.baseUrl + procedurePath('appsys_msrv/app_config'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.sign({})),
    });
    expect((await readRaw(put)).json?.code).toBe(0);
    const get = await fetch(
      `${server.baseUrl}${procedurePath('appsys_msrv/version_check')}?${new URLSearchParams(server.sign({ platform: 'ios' })).toString()}`,
    );
    const answer = await readRaw(get);
    expect(answer.json?.code).toBe(0);
    expect(answer.json?.data).toMatchObject({ platform: 'ios', version: '1.0.8', version_code: 108 });
  });

  it('marks gateway answers as not cacheable and sets the security headers', async () => {
    const answer = await server.postForm('appsys_msrv/app_config', server.sign({}));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The legacy header says the same as frame-ancestors: never framed, not even by the same origin.
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('serves the user agreement and privacy policy in the asked language', async () => {
    const zh = await fetch(`${server.baseUrl}/legal/terms?lang=zh-Hans`);
    expect(zh.headers.get('content-type')).toContain('text/html');
    expect(await zh.text()).toContain('币镜用户协议');
    const vi = await fetch(`${server.baseUrl}/legal/privacy`, { headers: { 'accept-language': 'vi' } });
    expect(await vi.text()).toContain('Chính sách quyền riêng tư');
    // The app shows them in its embedded web view (a frame of its own origin); nobody else may frame them.
    expect(zh.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(zh.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(zh.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('reports health with the database dialect and, once every figure is there, the market ready', async () => {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.baseUrl}/healthz`);
          expect(response.status).toBe(200);
          return response.json();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toMatchObject({ status: 'ok', database: 'sqlite', market: 'ready' });
    const { history } = (await (await fetch(`${server.baseUrl}/healthz`)).json()) as { history: string };
    expect(['storing', 'stored']).toContain(history);
  });
});

describe('gateway transport limits', () => {
  it('answers 429 with Retry-After and code 802009 past the per-minute limit', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await server.postForm('appsys_msrv/app_config', server.sign({})));
      expect(answers.slice(0, 3).map((answer) => answer.json?.code)).toEqual([0, 0, 0]);
      const limited = answers[3]!;
      expect(limited.status).toBe(429);
      expect(limited.json?.code).toBe(802009);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('answers 451 to a caller from a blocked region, read from the trusted country header', async () => {
    const server = await startTestServer({ BLOCKED_REGIONS: 'kp, IR', COUNTRY_HEADER: 'CF-IPCountry' });
    try {
      const blocked = await server.postForm('appmarket_msrv/coin_list', server.sign({}), {
        'CF-IPCountry': 'KP',
      });
      expect(blocked.status).toBe(451);
      expect(blocked.json?.msg).toMatch(/region/i);
      const allowed = await server.postForm('appmarket_msrv/coin_list', server.sign({}), {
        'CF-IPCountry': 'VN',
      });
      expect(allowed.json?.code).toBe(0);
      // The Access Limited screen's "Contact us" reads the public app configuration, which stays reachable.
      const contact = await server.postForm('appsys_msrv/app_config', server.sign({}), {
        'CF-IPCountry': 'ir',
      });
      expect(contact.status).toBe(200);
      expect(contact.json?.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});

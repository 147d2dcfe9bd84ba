import { computeSignature, DEV_APP_SECRET, procedures } from '@coinlens/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from './support/test-server.js';
import type { RawAnswer, TestServer } from './support/test-server.js';

const STACK_TRACE = /\bat .+\(.+:\d+:\d+\)|node:internal|\.ts:\d+/;
const RUNS_PER_PROCEDURE = Number(process.env.FUZZ_RUNS ?? 40);

/** Values that break naive code: wrong types, huge and odd strings, prototype keys, deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      Number.POSITIVE_INFINITY,
      Number.MAX_SAFE_INTEGER,
      '',
      ' ',
      '__proto__',
      'constructor',
      '𝕏🚀',
      'a'.repeat(5000),
    ),
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.emailAddress(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

const hostilePayload = fc.oneof(
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'email',
        'password',
        'code',
        'purpose',
        'nickname',
        'platform',
        'version_code',
        'session_ids',
        'avatar',
        '__dlang__',
        '__proto__',
      ),
      fc.string(),
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
  hostileValue,
);

function expectSafe(answer: RawAnswer): void {
  expect(answer.status).toBeLessThan(500);
  expect([200, 413, 429]).toContain(answer.status);
  expect(typeof answer.json?.code).toBe('number');
  expect(answer.text).not.toMatch(STACK_TRACE);
}

describe('malformed payloads at every procedure', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'silent' });
  });
  afterAll(() => server.close());

  it.each(Object.keys(procedures))('%s never answers a 5xx or a stack trace', async (procedure) => {
    await fc.assert(
      fc.asyncProperty(hostilePayload, fc.option(fc.string({ maxLength: 80 })), async (payload, token) => {
        const fields = server.sign({});
        const data = JSON.stringify(payload) ?? 'null';
        const { signature: _signature, ...unsigned }: Record<string, string> = { ...fields, data };
        const body = { ...unsigned, signature: computeSignature(unsigned, DEV_APP_SECRET) };
        const answer = await server.postForm(
          procedure,
          body,
          token ? { AccessToken: token, RefreshToken: token } : {},
        );
        expectSafe(answer);
      }),
      { numRuns: RUNS_PER_PROCEDURE },
    );
  });

  it('envelope faults never answer a 5xx or a stack trace', async () => {
    const field = fc.constantFrom(
      'data',
      'app_id',
      'dev_id',
      'timestamp',
      'v',
      'signature',
      'nonce',
      'extra',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(field, fc.oneof(fc.string(), fc.constant('%'), fc.constant('1e309'))),
        async (fields) => {
          expectSafe(await server.postForm('appsys_msrv/app_config', fields));
        },
      ),
      { numRuns: 150 },
    );
  });
});

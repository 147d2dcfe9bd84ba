import {
  computeSignature,
  DEV_APP_SECRET,
  isErrorCode,
  procedurePath,
  procedures,
  UPLOAD_PATH,
  GATEWAY_BASE_PATH,
} from '@coinlens/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { registerAccount } from './support/accounts.js';
import { RESPONSIVE_LOOP, watchEventLoop } from './support/event-loop-watch.js';
import type { EventLoopWatch } from './support/event-loop-watch.js';
import { deeplyNestedArrays, hostileString, hostileValue } from './support/hostile-values.js';
import { STACK_TRACE } from './support/leak-patterns.js';
import { readRaw, startTestServer } from './support/test-server.js';
import type { RawAnswer, TestServer } from './support/test-server.js';

// Every procedure of the contract is fuzzed, so a new one is covered without anyone adding it here.
// RUNS_PER_PROCEDURE generated calls each (issue 24 asks for at least 1,000); FUZZ_RUNS overrides it.
const RUNS_PER_PROCEDURE = Number(process.env.FUZZ_RUNS ?? 1_000);
/** The wording of a refused envelope, which a correctly signed call must never get. */
const ENVELOPE_REFUSAL = /signature|nonce|timestamp|app_id|replayed/;

const deeplyNested = deeplyNestedArrays(5_000);

function inputFieldNames(procedure: keyof typeof procedures): string[] {
  const shape = (procedures[procedure].input as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** The payload's JSON text: near-valid objects over the schema's own field names, or anything at all. */
function hostileData(fieldNames: readonly string[]): fc.Arbitrary<string> {
  const key = fieldNames.length
    ? fc.oneof(fc.constantFrom(...fieldNames, '__dlang__', '__proto__'), hostileString)
    : fc.oneof(fc.constantFrom('__dlang__', '__proto__'), hostileString);
  return fc.oneof(
    fc.dictionary(key, hostileValue, { maxKeys: 8 }).map((payload) => JSON.stringify(payload)),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    deeplyNested,
    hostileString,
  );
}

type Fields = Record<string, string>;

const untouched = (fields: Fields): Fields => fields;

/** What is done to a correctly signed envelope before it is sent (`untouched` for nothing). */
const envelopeFault = fc.oneof(
  { weight: 4, arbitrary: fc.constant(untouched) },
  fc.constantFrom('data', 'app_id', 'dev_id', 'timestamp', 'v', 'nonce', 'signature').map(
    (name) =>
      ({ [name]: _dropped, ...rest }: Fields): Fields =>
        rest,
  ),
  fc
    .tuple(fc.constantFrom('app_id', 'dev_id', 'timestamp', 'v', 'nonce', 'signature'), hostileString)
    .map(([name, value]) => (fields: Fields): Fields => ({ ...fields, [name]: value })),
  fc
    .tuple(hostileString, hostileString)
    .map(([name, value]) => (fields: Fields): Fields => ({ ...fields, [name]: value })),
  fc.constant((fields: Fields): Fields => ({ ...fields, signature: 'f'.repeat(32) })),
  fc.constant((fields: Fields): Fields => ({
    ...fields,
    timestamp: String(Number(fields.timestamp) - 3_600),
  })),
);

type Transport = 'form' | 'form-repeated' | 'json-put' | 'query-get' | 'garbage';

/** How the fields travel: a form body (optionally with a field repeated), JSON for other methods, a query. */
const transport = fc.constantFrom<Transport>('form', 'form-repeated', 'json-put', 'query-get', 'garbage');

describe('fuzzing every procedure of the contract', () => {
  let server: TestServer;
  let realAccessToken: string;
  let realRefreshToken: string;
  let eventLoop: EventLoopWatch;
  /** Calls that got an answer, per test: each property must really have sent its runs. */
  let answered = 0;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'silent' });
    const session = await registerAccount(server, 'fuzzer@example.org');
    realAccessToken = session.AccessToken;
    realRefreshToken = session.RefreshToken;
    // From here: the fuzz, not the server's start-up.
    eventLoop = watchEventLoop();
  });
  beforeEach(() => {
    answered = 0;
  });
  afterAll(() => server.close());

  const tokens = fc.oneof(
    fc.constant<Record<string, string>>({}),
    fc.constant(null).map(() => ({ AccessToken: realAccessToken })),
    fc.constant(null).map(() => ({ AccessToken: realAccessToken, RefreshToken: realRefreshToken })),
    fc
      .oneof(hostileString, fc.constantFrom('at1.x.9999999999.abc', 'a'.repeat(4_000)))
      .filter((token) => /^[\t\x20-\x7e]*$/.test(token))
      .map((token) => ({ AccessToken: token, RefreshToken: token })),
  );

  async function send(
    path: string,
    fields: Fields,
    how: Transport,
    headers: Record<string, string>,
  ): Promise<RawAnswer> {
    const url = server.baseUrl + path;
    const form = new URLSearchParams(fields).toString();
    const init: RequestInit = { method: 'POST', headers: { ...headers } };
    const setType = (type: string) => ((init.headers as Record<string, string>)['content-type'] = type);
    switch (how) {
      case 'form':
        setType('application/x-www-form-urlencoded');
        init.body = form;
        break;
      case 'form-repeated':
        setType('application/x-www-form-urlencoded');
        init.body = `${form}&${form.split('&')[0] ?? 'data='}`;
        break;
      case 'json-put':
        setType('application/json');
        init.method = 'PUT';
        init.body = JSON.stringify(fields);
        break;
      case 'query-get':
        init.method = 'GET';
        return readRaw(await fetch(`${url}?${form}`, init));
      case 'garbage':
        setType('application/json');
        init.body = `{"data": ${form}`;
        break;
    }
    return readRaw(await fetch(url, init));
  }

  function expectProtocolAnswer(answer: RawAnswer): void {
    answered += 1;
    // 400, 414 and 431 are refusals before routing (a bad URL, an over-long path or headers), still in shape.
    expect([200, 400, 413, 414, 429, 431]).toContain(answer.status);
    expect(answer.json, answer.text.slice(0, 200)).not.toBeNull();
    expect(Object.keys(answer.json ?? {}).sort()).toEqual(['code', 'data', 'msg']);
    const code = answer.json?.code ?? -1;
    expect(code === 0 || isErrorCode(code), `code ${code}`).toBe(true);
    expect(typeof answer.json?.msg).toBe('string');
    expect(answer.text).not.toMatch(STACK_TRACE);
    expect(answer.json?.msg).not.toContain('<img');
    expect(answer.json?.msg).not.toContain('onerror');
  }

  it.each(Object.keys(procedures) as (keyof typeof procedures)[])(
    '%s answers every malformed call inside the protocol',
    async (procedure) => {
      await fc.assert(
        fc.asyncProperty(
          hostileData(inputFieldNames(procedure)),
          envelopeFault,
          transport,
          tokens,
          async (data, fault, how, headers) => {
            const fields: Fields = { ...server.sign({}), data };
            const { signature: _signature, ...unsigned } = fields;
            const signed = { ...unsigned, signature: computeSignature(unsigned, DEV_APP_SECRET) };
            const answer = await send(procedurePath(procedure), fault(signed), how, headers);
            expectProtocolAnswer(answer);
            const wellFormed = fault === untouched && (how === 'form' || how === 'json-put');
            // A correctly signed call reaches the procedure: whatever its payload, the envelope is not refused.
            if (wellFormed && answer.status === 200) expect(answer.json?.msg).not.toMatch(ENVELOPE_REFUSAL);
          },
        ),
        { numRuns: RUNS_PER_PROCEDURE },
      );
      expect(answered).toBeGreaterThanOrEqual(RUNS_PER_PROCEDURE);
    },
  );

  it('the upload endpoint answers every malformed multipart call inside the protocol', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom('file', 'ext_name', 'extra'), hostileString), hostileString, {
          maxKeys: 4,
        }),
        envelopeFault,
        tokens,
        async (uploadFields, fault, headers) => {
          const fields: Fields = { ...server.sign({}), ...uploadFields };
          const { signature: _signature, ...unsigned } = fields;
          const signed = fault({ ...unsigned, signature: computeSignature(unsigned, DEV_APP_SECRET) });
          const body = new FormData();
          for (const [name, value] of Object.entries(signed)) body.append(name, value);
          const answer = await readRaw(
            await fetch(`${server.baseUrl}${GATEWAY_BASE_PATH}${UPLOAD_PATH}`, {
              method: 'POST',
              body,
              headers,
            }),
          );
          expectProtocolAnswer(answer);
        },
      ),
      { numRuns: RUNS_PER_PROCEDURE },
    );
    expect(answered).toBeGreaterThanOrEqual(RUNS_PER_PROCEDURE);
  });

  it('unknown procedure names answer inside the protocol and repeat nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        // '.' and '..' are dot segments: every URL parser resolves them before sending (…/v1/../.. is the
        // web app's root), so they cannot name a procedure.
        fc
          .oneof(hostileString, fc.string({ maxLength: 300 }))
          .filter((name) => name.length > 0 && name !== '.' && name !== '..'),
        async (name) => {
          const path = `${GATEWAY_BASE_PATH}/v1/${encodeURIComponent(name)}/${encodeURIComponent(name)}`;
          expectProtocolAnswer(await send(path, server.sign({}), 'form', {}));
        },
      ),
      { numRuns: RUNS_PER_PROCEDURE },
    );
    expect(answered).toBeGreaterThanOrEqual(RUNS_PER_PROCEDURE);
  });

  // Last, so it covers every call above (vitest runs a file's tests in order).
  it("kept the server's event loop responsive while it answered them", () => {
    const delay = eventLoop.stop();
    console.info(`event-loop delay over the procedure fuzz: ${JSON.stringify(delay)}`);
    expect(delay.samples).toBeGreaterThanOrEqual(RESPONSIVE_LOOP.minSamples);
    expect(delay.p99Ms).toBeLessThan(RESPONSIVE_LOOP.p99Ms);
    expect(delay.maxMs).toBeLessThan(RESPONSIVE_LOOP.maxMs);
  });
});

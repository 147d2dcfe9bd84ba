import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Socket } from 'node:net';

import { computeSignature, DEV_APP_ID, DEV_APP_SECRET, UPLOAD_PATH } from '@coinlens/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { UPLOAD_RULES } from '../src/modules/uploads/avatar-upload.service.js';
import { DEVICE_ID, registerAccount } from './support/accounts.js';
import { readRaw, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** What a raw HTTP exchange saw: the answer's status and JSON body, and how much body had been sent by then. */
interface SlowAnswer {
  status: number;
  json: { code: number; msg: string } | null;
  bodyBytesSentBeforeAnswer: number;
}

interface SlowRequest {
  /** Settles with the first answer, or null when none came within `waitMs`. */
  answer(waitMs: number): Promise<SlowAnswer | null>;
  close(): void;
}

/**
 * Sends `head` at once and then the body `chunkBytes` at a time every `everyMs` (never when `everyMs` is 0:
 * the request then stalls after `firstChunkBytes`), the way a slow or hostile client would.
 */
function slowRequest(
  server: TestServer,
  head: string,
  { firstChunkBytes, chunkBytes, everyMs }: { firstChunkBytes: number; chunkBytes: number; everyMs: number },
): SlowRequest {
  const { port } = new URL(server.baseUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined); // the server may close while we write: that is the point
  let sent = 0;
  let answered: SlowAnswer | null = null;
  let received = '';
  const write = (bytes: number) => {
    if (answered || socket.destroyed) return;
    socket.write(Buffer.alloc(bytes, 0x41));
    sent += bytes;
  };
  socket.write(head);
  write(firstChunkBytes);
  const timer = everyMs > 0 ? setInterval(() => write(chunkBytes), everyMs) : undefined;
  const settled = new Promise<SlowAnswer | null>((resolve) => {
    const finish = () => {
      if (timer) clearInterval(timer);
      resolve(answered);
    };
    socket.on('data', (data: Buffer) => {
      const sentSoFar = sent;
      received += data.toString('utf8');
      const headerEnd = received.indexOf('\r\n\r\n');
      if (headerEnd === -1 || answered) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(received)?.[1] ?? NaN);
      const body = received.slice(headerEnd + 4);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return;
      let json: SlowAnswer['json'];
      try {
        json = JSON.parse(body) as SlowAnswer['json'];
      } catch {
        json = null;
      }
      answered = {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]),
        json,
        bodyBytesSentBeforeAnswer: sentSoFar,
      };
      finish();
    });
    socket.on('close', finish);
  });
  return {
    answer: (waitMs) =>
      Promise.race([settled, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]),
    close() {
      if (timer) clearInterval(timer);
      socket.destroy();
    },
  };
}

const BOUNDARY = '----coinlens-slow-client';

/** The head of a multipart upload announcing `contentLength` body bytes, then its envelope fields. */
function uploadHead(contentLength: number, headers: Record<string, string>): string {
  const lines = [
    `POST /gwapi${UPLOAD_PATH} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${contentLength}`,
    `DeviceId: ${DEVICE_ID}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return (
    `${lines.join('\r\n')}\r\n\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="ext_name"\r\n\r\npng\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\ndata:image/png;base64,`
  );
}

const EIGHT_MB_LESS_A_BIT = 8 * 1_048_576 - 64 * 1024;

describe('slow request bodies', () => {
  let server: TestServer;

  beforeAll(async () => {
    // A short timeout so the test takes seconds; production's default is in config (REQUEST_TIMEOUT_MS).
    server = await startTestServer({ REQUEST_TIMEOUT_MS: '1500' });
  });
  afterAll(() => server.close());

  it('cut off a client that sends its headers and then trickles the body, with 408 in the protocol shape', async () => {
    const request = slowRequest(
      server,
      'POST /gwapi/v1/appsys_msrv/app_config HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
      // 16 bytes every 100 ms: the whole body would take over ten minutes.
      { firstChunkBytes: 16, chunkBytes: 16, everyMs: 100 },
    );
    // Bounded at 9 s for a 1.5 s timeout checked every ~0.4 s: generous for a loaded 2-core machine.
    const answer = await request.answer(9_000);
    request.close();
    expect(answer).not.toBeNull();
    expect(answer?.status).toBe(408);
    expect(answer?.json?.code).toBe(50500);
    expect(answer?.bodyBytesSentBeforeAnswer).toBeLessThan(100_000);
  }, 15_000);

  it('leaves a WebSocket open well past the request timeout', async () => {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/gwapi/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise((resolve) => socket.once('pong', resolve));
    socket.ping();
    await pong;
    socket.close();
  }, 15_000);
});

describe('upload bodies', () => {
  let server: TestServer;
  let accessToken: string;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    accessToken = (await registerAccount(server, `slow-uploader-${Date.now()}@example.org`)).AccessToken;
  });
  afterAll(() => server.close());

  it.each([
    ['signed out', {}, 1002],
    ['with a forged access token', { AccessToken: 'at1.forged.0.mac' }, 1003],
  ] as const)(
    'refuse a caller %s before reading the 8 MB body',
    async (_case, headers, code) => {
      // 16 KB every 50 ms: the whole body would take about 25 s to send.
      const request = slowRequest(server, uploadHead(EIGHT_MB_LESS_A_BIT, headers), {
        firstChunkBytes: 16 * 1024,
        chunkBytes: 16 * 1024,
        everyMs: 50,
      });
      const answer = await request.answer(8_000);
      request.close();
      expect(answer?.json?.code).toBe(code);
      // Answered while under an eighth of the body was sent (at 320 KB/s that is 3 s of server slack).
      expect(answer?.bodyBytesSentBeforeAnswer).toBeLessThan(1_048_576);
    },
    15_000,
  );

  it('cap uploads in progress per caller address and per process, answering 802009 at once beyond it', async () => {
    const held: SlowRequest[] = [];
    const stalledUpload = (address: string) =>
      slowRequest(
        server,
        uploadHead(EIGHT_MB_LESS_A_BIT, { AccessToken: accessToken, 'X-Forwarded-For': address }),
        { firstChunkBytes: 4096, chunkBytes: 0, everyMs: 0 },
      );
    try {
      for (let i = 0; i < UPLOAD_RULES.concurrentUploadsPerAddress; i++) held.push(stalledUpload('10.9.0.1'));
      // Each held upload is answered nothing while it stalls: its slot is taken.
      expect(await held[0]?.answer(1_000)).toBeNull();
      const sameAddress = stalledUpload('10.9.0.1');
      const refused = await sameAddress.answer(5_000);
      sameAddress.close();
      expect(refused?.status).toBe(429);
      expect(refused?.json?.code).toBe(802009);

      const others = UPLOAD_RULES.concurrentUploads - UPLOAD_RULES.concurrentUploadsPerAddress;
      for (let i = 0; i < others; i++) held.push(stalledUpload(`10.9.1.${i + 1}`));
      expect(await held.at(-1)?.answer(1_000)).toBeNull();
      const oneTooMany = stalledUpload('10.9.2.1');
      const full = await oneTooMany.answer(5_000);
      oneTooMany.close();
      expect(full?.status).toBe(429);
      expect(full?.json?.code).toBe(802009);
    } finally {
      for (const request of held) request.close();
    }

    // Slots come back when their clients go away: a whole upload then goes through.
    const otherUser = (await registerAccount(server, `after-slow-${Date.now()}@example.org`)).AccessToken;
    const image = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    await expect
      .poll(
        async () => {
          const fields: Record<string, string> = {
            data: '{}',
            app_id: DEV_APP_ID,
            dev_id: '0',
            timestamp: String(Math.floor(Date.now() / 1000)),
            v: 'v1',
            nonce: randomBytes(16).toString('hex'),
            file: `data:image/png;base64,${image.toString('base64')}`,
            ext_name: 'png',
          };
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          form.append('signature', computeSignature(fields, DEV_APP_SECRET));
          const response = await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, {
            method: 'POST',
            body: form,
            headers: { AccessToken: otherUser, DeviceId: DEVICE_ID, 'X-Forwarded-For': '10.9.3.1' },
          });
          return (await readRaw(response)).json?.code;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(0);
  }, 30_000);
});

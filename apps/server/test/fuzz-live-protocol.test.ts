import { GATEWAY_BASE_PATH, isErrorCode, LIVE_SOCKET_PATH } from '@coinlens/contract';
import type { LiveFrame } from '@coinlens/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESPONSIVE_LOOP, watchEventLoop } from './support/event-loop-watch.js';
import type { EventLoopDelay } from './support/event-loop-watch.js';
import { hostileString } from './support/hostile-values.js';
import { MARKUP_MARKER, STACK_TRACE } from './support/leak-patterns.js';
import { describeFrame, fuzzFrame, mayEndTheSocket } from './support/live-frame-arbitraries.js';
import type { FuzzFrame } from './support/live-frame-arbitraries.js';
import { liveFrameSchema } from './support/live-frame-schema.js';
import { LiveFuzzSocket } from './support/live-fuzz-socket.js';
import type { ReceivedMessage, SocketClose } from './support/live-fuzz-socket.js';
import { attemptUpgrade } from './support/raw-upgrade.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Hostile frames from several sockets in turn, each socket in bursts, against the real server.
// A per-socket message limit or a policy close (1008) of a spamming socket is an allowed answer; a refused
// upgrade, a frame outside the protocol, an internal error close (1011) or a dropped connection is not.
const SOCKETS = Number(process.env.FUZZ_WS_SOCKETS ?? 10);
const FRAMES_PER_SOCKET = Number(process.env.FUZZ_WS_FRAMES_PER_SOCKET ?? 1_000);
const MIN_FRAMES = SOCKETS * FRAMES_PER_SOCKET;
/** Rounds of 25 bursts (about 500 messages) a turn may take: fewer than 100 messages a round is a server taking none. */
const MAX_ROUNDS_PER_TURN = Math.ceil(FRAMES_PER_SOCKET / 100);
/** A market tick every this many bursts, so broadcasts reach the sessions the fuzz set up. */
const BURSTS_PER_TICK = 10;
/**
 * Closes a server may answer hostile frames with: normal, going away, invalid UTF-8 (1007), policy (1008),
 * too big (1009), try again later (1013). Not 1011 (an internal error), and not 1006 (no close frame at all)
 * unless the socket was sent a frame that is not UTF-8 or over the maximum payload: the server then sends its
 * 1007 or 1009 and ends the connection at once, and the rest of the client's burst, still unread, makes its
 * TCP stack reset the connection, which may reach the client before the close frame does.
 */
const ALLOWED_CLOSE_CODES = new Set([1000, 1001, 1007, 1008, 1009, 1013]);
const CLOSE_WITHOUT_CLOSE_FRAME = 1006;
/** Handshakes tried, well formed or not, each on a fresh connection. */
const HANDSHAKES = Number(process.env.FUZZ_WS_HANDSHAKES ?? 1_000);

/** What is wrong with one message from the server, or null when it is a frame of the protocol. */
function protocolViolation({ data, isBinary }: ReceivedMessage): string | null {
  const text = data.toString('utf8');
  const shown = JSON.stringify(text.slice(0, 300));
  if (isBinary) return `a binary frame: ${shown}`;
  if (STACK_TRACE.test(text)) return `a stack trace or server path: ${shown}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not JSON: ${shown}`;
  }
  const frame = liveFrameSchema.safeParse(json);
  if (!frame.success)
    return `not a frame of the protocol (${frame.error.issues[0]?.message ?? ''}): ${shown}`;
  for (const event of frame.data.events)
    if (event.type === 'error' && /<img|onerror/.test(event.msg)) return `markup repeated: ${shown}`;
  return null;
}

function errorCodesOf(frames: readonly LiveFrame[]): number[] {
  return frames.flatMap((frame) =>
    frame.events.flatMap((event) => (event.type === 'error' ? [event.code] : [])),
  );
}

describe('fuzzing the live WebSocket protocol', () => {
  let server: TestServer;
  let url: string;
  let loopDelay: EventLoopDelay | undefined;
  const closes: SocketClose[] = [];
  const frames: LiveFrame[] = [];
  let socketsOpened = 0;
  let framesSent = 0;

  beforeAll(async () => {
    server = await startTestServer();
    url = `${server.baseUrl.replace('http', 'ws')}${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}`;
  });
  afterAll(() => server.close());

  async function openSocket(): Promise<LiveFuzzSocket> {
    socketsOpened += 1;
    return LiveFuzzSocket.connect(url);
  }

  /** Judges what the socket received since it was last judged; throws on the first message outside the protocol. */
  function judge(socket: LiveFuzzSocket): void {
    for (const message of socket.takeNew()) {
      const violation = protocolViolation(message);
      if (violation) throw new Error(violation);
      frames.push(JSON.parse(message.data.toString('utf8')) as LiveFrame);
    }
  }

  /** Judges how a socket ended, given the last burst it was sent and whether any frame sent may end it. */
  function judgeClose(close: SocketClose, lastBurst: readonly FuzzFrame[], sentEndingFrame: boolean): void {
    closes.push(close);
    const allowed =
      ALLOWED_CLOSE_CODES.has(close.code) || (close.code === CLOSE_WITHOUT_CLOSE_FRAME && sentEndingFrame);
    if (!allowed)
      throw new Error(
        `closed with ${close.code} "${close.reason}" after the burst:\n${lastBurst.map(describeFrame).join('\n')}`,
      );
  }

  it(`answers at least ${MIN_FRAMES} hostile frames from ${SOCKETS} sockets in turn inside the protocol`, async () => {
    const eventLoop = watchEventLoop();
    let bursts = 0;
    for (let turn = 0; turn < SOCKETS; turn += 1) {
      let socket = await openSocket();
      let lastBurst: readonly FuzzFrame[] = [];
      let sentEndingFrame = false;
      let sentThisTurn = 0;
      const burst = fc.asyncProperty(
        fc.array(fuzzFrame, { minLength: 1, maxLength: 40, size: 'max' }),
        async (batch) => {
          if (!socket.isOpen) {
            const close = await socket.whenClosed();
            judge(socket);
            judgeClose(close, lastBurst, sentEndingFrame);
            // The server ended that socket (too big, not UTF-8, a policy close): the turn goes on with a new one.
            socket = await openSocket();
            sentEndingFrame = false;
          }
          lastBurst = batch;
          sentEndingFrame ||= batch.some(mayEndTheSocket);
          const written = await socket.sendBurst(batch);
          await socket.settle();
          judge(socket);
          sentThisTurn += written;
          framesSent += written;
          bursts += 1;
          if (bursts % BURSTS_PER_TICK === 0) await server.tick();
        },
      );
      // Each assert is a fresh seeded run (printed on failure); the turn lasts until its frames were written.
      for (let round = 0; sentThisTurn < FRAMES_PER_SOCKET; round += 1) {
        if (round === MAX_ROUNDS_PER_TURN)
          throw new Error(`only ${sentThisTurn} messages written in ${MAX_ROUNDS_PER_TURN} rounds of bursts`);
        await fc.assert(burst, { numRuns: 25 });
      }
      await socket.settle();
      const close = await socket.close();
      judge(socket);
      judgeClose(close, lastBurst, sentEndingFrame);
    }
    loopDelay = eventLoop.stop();
    console.info(
      `live fuzz: ${framesSent} frames in ${bursts} bursts over ${socketsOpened} sockets; ${frames.length} frames ` +
        `back; closes ${JSON.stringify(closes.map((close) => close.code))}; event-loop delay ${JSON.stringify(loopDelay)}`,
    );

    expect(framesSent).toBeGreaterThanOrEqual(MIN_FRAMES);
    expect(socketsOpened).toBeGreaterThanOrEqual(SOCKETS);
    // The fuzz reached both the refusals and the served subscriptions, so it checked more than one code path.
    expect(errorCodesOf(frames).length).toBeGreaterThan(0);
    expect(frames.some((frame) => frame.events.some((event) => event.type === 'snapshot'))).toBe(true);
  });

  it("kept the server's event loop responsive while it answered them", () => {
    if (!loopDelay) throw new Error('the fuzz above did not finish, so the loop was not watched through it');
    expect(loopDelay.samples).toBeGreaterThanOrEqual(RESPONSIVE_LOOP.minSamples);
    expect(loopDelay.p99Ms).toBeLessThan(RESPONSIVE_LOOP.p99Ms);
    expect(loopDelay.maxMs).toBeLessThan(RESPONSIVE_LOOP.maxMs);
  });

  it(`answers ${HANDSHAKES} hostile upgrade requests without an internal error or a leak`, async () => {
    const headerValue = (usual: readonly string[]) =>
      fc
        .oneof({ weight: 3, arbitrary: fc.constantFrom(...usual) }, hostileString)
        .filter((value) => /^[\t\x20-\x7e]*$/.test(value));
    const handshake = fc.record(
      {
        connection: headerValue(['Upgrade', 'upgrade', 'keep-alive, Upgrade', 'close']),
        upgrade: headerValue(['websocket', 'WebSocket', 'h2c', 'websocket, h2c']),
        'sec-websocket-version': headerValue(['13', '8', '0', '14', '13, 8']),
        'sec-websocket-key': headerValue(['dGhlIHNhbXBsZSBub25jZQ==', 'x', 'dGhlIHNhbXBsZSBub25jZQ', '====']),
        'sec-websocket-extensions': headerValue([
          'permessage-deflate',
          'permessage-deflate; client_max_window_bits',
          'permessage-deflate; server_max_window_bits=99',
          'permessage-deflate; permessage-deflate',
          'x-webkit-deflate-frame',
        ]),
        'sec-websocket-protocol': headerValue(['json', 'json, json', MARKUP_MARKER]),
        // Our own origin, and two the origin policy refuses (http/origin-policy.ts).
        origin: headerValue([server.baseUrl, 'null', 'https://evil.example']),
      },
      { requiredKeys: [] },
    );
    const path = fc.constantFrom(
      `${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}`,
      `${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}/`,
      `${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}?topics=${encodeURIComponent(MARKUP_MARKER)}`,
      `${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH.toUpperCase()}`,
    );
    let answered = 0;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(path, handshake, async (target, headers) => {
        const answer = await attemptUpgrade(server.baseUrl, target, headers);
        answered += 1;
        statuses.add(answer.status);
        expect(answer.status).toBeGreaterThanOrEqual(101);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).not.toMatch(STACK_TRACE);
        expect(answer.body).not.toContain('<img');
        // A refused handshake answers in the gateway's protocol, like any other bad call.
        if (answer.status !== 101) {
          expect(answer.contentType).toContain('application/json');
          expect(isErrorCode((JSON.parse(answer.body) as { code: number }).code)).toBe(true);
        }
      }),
      {
        numRuns: HANDSHAKES,
        // One well-formed handshake among them: random headers make one only about once in a few thousand runs,
        // so without it the run reached the accepting side by luck (and failed about one run in three).
        examples: [
          [
            `${GATEWAY_BASE_PATH}${LIVE_SOCKET_PATH}`,
            {
              connection: 'Upgrade',
              upgrade: 'websocket',
              'sec-websocket-version': '13',
              'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
              origin: server.baseUrl,
            },
          ],
        ],
      },
    );
    expect(answered).toBeGreaterThanOrEqual(HANDSHAKES);
    // Both sides of the handshake were reached: sockets opened, and requests refused.
    expect(statuses).toContain(101);
    expect([...statuses].some((status) => status >= 400)).toBe(true);
  });

  it('still answers /healthz and a fresh socket after all of it', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const socket = await openSocket();
    try {
      await socket.sendBurst([
        { kind: 'text', text: JSON.stringify({ op: 'subscribe', topics: ['global', 'coin:bitcoin'] }) },
      ]);
      await expect.poll(() => socket.received.length, { timeout: 5_000 }).toBeGreaterThan(0);
      judge(socket);
      const answer = JSON.parse(socket.received[0]?.data.toString('utf8') ?? '') as LiveFrame;
      expect(answer.events.map((event) => (event.type === 'snapshot' ? event.topic : event.type))).toEqual([
        'global',
        'coin:bitcoin',
      ]);
    } finally {
      await socket.close();
    }
  });
});

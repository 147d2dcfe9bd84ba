// One anonymous WebSocket against everyone else (issue 24, finding 1): /healthz latency with nobody on the live
// socket, then while one socket sends 20 subscribe messages of 120 distinct list topics and stays open reading
// its frames, the simulator ticking at 1 Hz. Before the fix the review measured p50 12 → 502 ms, p95 605–708 ms.
// The two phases alternate BENCH_ROUNDS times (a fresh abusive socket each round), so drift on a busy machine
// (the first start's history being stored, other processes) weighs on both alike.
// Target: /healthz p95 while the socket is open ≤ 2 × unloaded p95 + 10 ms.
// Then the many-sockets case (issue 35, finding 2): BENCH_MANY_SOCKETS (256, the old per-address cap) sockets
// from one address, each asking for 200 distinct list topics of up to 100 coins (no two sockets alike, so no
// frame is shared), all read for BENCH_SECONDS × BENCH_ROUNDS: bytes a second pushed to that one address and
// the server's CPU (% of one core) meanwhile. Before the fix the review measured 79 MB/s and 58 % of a core.
// Target: ≤ 2 × LIVE_BYTES_PER_SECOND_PER_ADDRESS (default 256 KiB/s; the 4 s burst is averaged in).
// Runs the server from source (tsx) by default; BENCH_SERVER=dist runs the built one (npm run build first).
// Run: npm run bench:ws-abuse
import { readFileSync } from 'node:fs';

import { COIN_SORT_KEYS } from '@coinlens/contract';
import { WebSocket } from 'ws';

import { ABUSIVE_SOCKET, abusiveListTopics, printTable, quantile, startCoinlens } from './support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3017);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SERVER = process.env.BENCH_SERVER ?? 'source';
const MANY_SOCKETS = Number(process.env.BENCH_MANY_SOCKETS ?? 256);
/** The per-socket topic cap (MAX_LIVE_SESSION_TOPICS), in two messages of at most MAX_LIVE_TOPICS. */
const TOPICS_PER_SOCKET = 200;
const ADDRESS_BYTES_PER_SECOND = 262_144;

/** Until /healthz says the market is ready (the first ticks are in). */
async function waitUntilReady() {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`).then((response) => response.json());
    if (health.market === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the market did not become ready within 150 s');
}

/** GET /healthz one after another for `seconds`, added to `latencies` (ms). */
async function measureHealth(seconds, latencies) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const startedAt = performance.now();
    const response = await fetch(`http://127.0.0.1:${PORT}/healthz`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function summary(unsorted) {
  const latencies = [...unsorted].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    requests: latencies.length,
    p50_ms: round(quantile(latencies, 0.5)),
    p95_ms: round(quantile(latencies, 0.95)),
    max_ms: round(latencies.at(-1) ?? null),
  };
}

/** The abusive socket: sends its 20 messages at once and reads everything it is sent. */
async function openAbusiveSocket() {
  const seen = { frames: 0, bytes: 0, snapshots: 0, errors: {}, closeCode: null, closedByServer: false };
  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/gwapi/ws`, { perMessageDeflate: false });
  socket.on('message', (data) => {
    seen.frames++;
    seen.bytes += data.length;
    for (const event of JSON.parse(data.toString()).events) {
      if (event.type === 'snapshot') seen.snapshots++;
      if (event.type === 'error') seen.errors[event.code] = (seen.errors[event.code] ?? 0) + 1;
    }
  });
  socket.on('close', (code) => (seen.closeCode = code));
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  for (let message = 0; message < ABUSIVE_SOCKET.messages; message++)
    socket.send(JSON.stringify({ op: 'subscribe', topics: abusiveListTopics(COIN_SORT_KEYS, message) }));
  return { socket, seen };
}

/** CPU seconds (user + system) the process `pid` has used, from /proc; null where /proc is not there. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Socket `socketNumber`'s 200 list topics: windows over every (sort, order, page, page size) of 51–100 coins
 * within the first 300 coins, shifted by the socket's number, so every socket's set differs from the others'.
 */
function manySocketTopics(pairs, socketNumber) {
  const all = [];
  for (const pair of pairs)
    for (let size = 51; size <= 100; size++)
      for (let page = 1; page * size <= 300; page++) all.push(`list:${pair}:${page}:${size}`);
  return Array.from(
    { length: TOPICS_PER_SOCKET },
    (_, index) => all[(socketNumber * 37 + index) % all.length],
  );
}

/** The many-sockets case: opens them, subscribes, reads for `seconds`; bytes/s to the address, server CPU %. */
async function manySocketsCase(serverPid, seconds) {
  const pairs = COIN_SORT_KEYS.flatMap((sort) => ['asc', 'desc'].map((order) => `${sort}:${order}`));
  const seen = { opened: 0, refused: 0, bytes: 0, errors: {} };
  const sockets = await Promise.all(
    Array.from({ length: MANY_SOCKETS }, async (_, number) => {
      const socket = new WebSocket(`ws://127.0.0.1:${PORT}/gwapi/ws`, { perMessageDeflate: false });
      socket.on('message', (data) => {
        seen.bytes += data.length;
        // Only small frames can be errors; parsing every frame would make the bench the bottleneck.
        if (data.length < 512)
          for (const event of JSON.parse(data.toString()).events)
            if (event.type === 'error') seen.errors[event.code] = (seen.errors[event.code] ?? 0) + 1;
      });
      socket.on('error', () => undefined);
      const opened = await new Promise((resolve) =>
        socket.once('open', () => resolve(true)).once('error', () => resolve(false)),
      );
      if (!opened) return socket;
      seen.opened++;
      const topics = manySocketTopics(pairs, number);
      socket.send(JSON.stringify({ op: 'subscribe', topics: topics.slice(0, 120) }));
      socket.send(JSON.stringify({ op: 'subscribe', topics: topics.slice(120) }));
      return socket;
    }),
  );
  // The subscriptions' snapshots are not the steady state: measure from a few ticks later.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const bytesBefore = seen.bytes;
  const cpuBefore = cpuSeconds(serverPid);
  const startedAt = performance.now();
  const latencies = [];
  await measureHealth(seconds, latencies);
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpuAfter = cpuSeconds(serverPid);
  for (const socket of sockets) if (socket.readyState === WebSocket.CLOSED) seen.refused++;
  for (const socket of sockets) socket.terminate();
  return {
    sockets_asked: MANY_SOCKETS,
    sockets_kept: MANY_SOCKETS - seen.refused,
    address_kib_per_s: Math.round((seen.bytes - bytesBefore) / 1024 / elapsed),
    server_cpu_percent:
      cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) / elapsed) * 100),
    healthz_p95_ms: summary(latencies).p95_ms,
    errors: JSON.stringify(seen.errors),
  };
}

const coinlens = await startCoinlens(PORT, {}, SERVER === 'dist' ? 'dist' : 'source');
try {
  await waitUntilReady();
  const unloadedLatencies = [];
  const abusedLatencies = [];
  const sockets = [];
  for (let round = 0; round < ROUNDS; round++) {
    await measureHealth(SECONDS, unloadedLatencies);
    const abusive = await openAbusiveSocket();
    sockets.push(abusive.seen);
    await measureHealth(SECONDS, abusedLatencies);
    abusive.seen.closedByServer = abusive.seen.closeCode !== null;
    abusive.socket.terminate();
  }
  const unloaded = summary(unloadedLatencies);
  const abused = summary(abusedLatencies);
  const seen = sockets[0];
  const pass =
    abused.p95_ms !== null && unloaded.p95_ms !== null && abused.p95_ms <= 2 * unloaded.p95_ms + 10;
  const result = {
    server: SERVER,
    rounds: ROUNDS,
    seconds: SECONDS,
    unloaded_p50_ms: unloaded.p50_ms,
    unloaded_p95_ms: unloaded.p95_ms,
    abused_p50_ms: abused.p50_ms,
    abused_p95_ms: abused.p95_ms,
    abused_max_ms: abused.max_ms,
    abused_requests: abused.requests,
    socket_frames: seen.frames,
    socket_mb: Math.round((seen.bytes / 1_048_576) * 10) / 10,
    socket_snapshots: seen.snapshots,
    socket_errors: JSON.stringify(seen.errors),
    socket_close: seen.closedByServer ? seen.closeCode : 'open',
  };
  process.stdout.write(`${JSON.stringify({ ...result, pass })}\n`);
  printTable([result]);
  process.stdout.write(
    `/healthz p95 ${unloaded.p95_ms} ms unloaded, ${abused.p95_ms} ms with the abusive socket open: ${pass ? 'PASS' : 'FAIL'}\n`,
  );

  const many = await manySocketsCase(coinlens.child.pid, SECONDS * ROUNDS);
  const manyPass = many.address_kib_per_s * 1024 <= 2 * ADDRESS_BYTES_PER_SECOND;
  process.stdout.write(`${JSON.stringify({ case: 'many-sockets', ...many, pass: manyPass })}\n`);
  printTable([many]);
  process.stdout.write(
    `${many.sockets_kept} of ${MANY_SOCKETS} sockets from one address: ${many.address_kib_per_s} KiB/s to it, ` +
      `server CPU ${many.server_cpu_percent} % of a core: ${manyPass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await coinlens.stop();
}

// One anonymous WebSocket against everyone else (issue 24, finding 1): /healthz latency with nobody on the live
// socket, then while one socket sends 20 subscribe messages of 120 distinct list topics and stays open reading
// its frames, the simulator ticking at 1 Hz. Before the fix the review measured p50 12 → 502 ms, p95 605–708 ms.
// The two phases alternate BENCH_ROUNDS times (a fresh abusive socket each round), so drift on a busy machine
// (the first start's history being stored, other processes) weighs on both alike.
// Target: /healthz p95 while the socket is open ≤ 2 × unloaded p95 + 10 ms.
// Runs the server from source (tsx) by default; BENCH_SERVER=dist runs the built one (npm run build first).
// Run: npm run bench:ws-abuse
import { COIN_SORT_KEYS } from '@coinlens/contract';
import { WebSocket } from 'ws';

import { ABUSIVE_SOCKET, abusiveListTopics, printTable, quantile, startCoinlens } from './support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3017);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SERVER = process.env.BENCH_SERVER ?? 'source';

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
} finally {
  await coinlens.stop();
}
